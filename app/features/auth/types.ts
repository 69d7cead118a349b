/** The signed-in customer: the shared type of the API's `user` answer and the SSR context. */
export type { SessionUser } from '../../../api/domain/auth';
import type { SessionUser } from '../../../api/domain/auth';

/** "Hi, {full_name}!" reads this (SPEC §3 calls it full_name). */
export const fullNameOf = (user: SessionUser): string => user.fullName;
