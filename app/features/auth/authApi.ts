/**
 * The browser's calls to the account API (issue 16). Every answer is JSON `{ code, message,
 * user? }` with `code` equal to the HTTP status; the session itself is an HttpOnly cookie that
 * JavaScript never sees. Only a network failure, or an answer that is not the API's, throws.
 */
import type { SessionUser } from './types';
import { authTexts } from './texts';

export interface AuthAnswer {
  code: number;
  message: string;
  user?: SessionUser;
  /** Refusals may name the fields they are about. */
  fieldErrors?: Record<string, string>;
}

/** The shop could not be reached, or did not answer with the API's JSON. */
export class AuthNetworkError extends Error {
  constructor(message: string = authTexts.networkFailure, cause?: unknown) {
    super(message, { cause });
    this.name = 'AuthNetworkError';
  }
}

export const authPaths = {
  login: '/api/auth/local',
  register: '/api/auth/local/register',
  logout: '/api/auth/logout',
  forgot: '/api/auth/forgot-password',
  reset: '/api/auth/reset-password',
  verifyEmail: '/api/auth/verify-email',
  changePassword: '/api/auth/change-password',
  me: '/api/users/me',
  orders: '/api/orders',
  claim: (id: string) => `/api/orders/${encodeURIComponent(id)}/claim`,
} as const;

export async function callAuth(
  path: string,
  init: { method: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> },
): Promise<AuthAnswer & Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method,
      credentials: 'same-origin',
      cache: 'no-store',
      signal: init.signal,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new AuthNetworkError(authTexts.networkFailure, error);
  }
  const json = (await res.json().catch(() => null)) as Partial<AuthAnswer> | null;
  if (!json || typeof json !== 'object' || typeof json.message !== 'string') {
    throw new AuthNetworkError(authTexts.networkFailure);
  }
  return {
    ...(json as AuthAnswer & Record<string, unknown>),
    code: typeof json.code === 'number' ? json.code : res.status,
  };
}

export const isSuccess = (answer: { code: number }) => answer.code === 200 || answer.code === 201;

/** GET /api/users/me: the signed-in customer, or null when signed out (401). */
export async function fetchMe(signal?: AbortSignal): Promise<SessionUser | null> {
  const answer = await callAuth(authPaths.me, { method: 'GET', signal });
  if (answer.code === 401) return null;
  if (!isSuccess(answer) || !answer.user) throw new AuthNetworkError(answer.message);
  return answer.user;
}

export interface Credentials {
  email: string;
  password: string;
}
export interface Registration extends Credentials {
  fullName: string;
}

export const postLogin = (body: Credentials, signal?: AbortSignal) =>
  callAuth(authPaths.login, { method: 'POST', body, signal });
export const postRegister = (body: Registration, signal?: AbortSignal) =>
  callAuth(authPaths.register, { method: 'POST', body, signal });
export const postLogout = (signal?: AbortSignal) =>
  callAuth(authPaths.logout, { method: 'POST', body: {}, signal });
export const postForgot = (body: { email: string }, signal?: AbortSignal) =>
  callAuth(authPaths.forgot, { method: 'POST', body, signal });
export const postReset = (body: { token: string; password: string }, signal?: AbortSignal) =>
  callAuth(authPaths.reset, { method: 'POST', body, signal });
/** Follows an e-mailed confirmation link (new account or e-mail change): logs in. */
export const postVerifyEmail = (body: { token: string; password: string }, signal?: AbortSignal) =>
  callAuth(authPaths.verifyEmail, { method: 'POST', body, signal });
export const patchMe = (body: Record<string, unknown>, signal?: AbortSignal) =>
  callAuth(authPaths.me, { method: 'PATCH', body, signal });
export const postChangePassword = (
  body: { currentPassword: string; password: string },
  signal?: AbortSignal,
) => callAuth(authPaths.changePassword, { method: 'POST', body, signal });
export const deleteMe = (body: { currentPassword: string }, signal?: AbortSignal) =>
  callAuth(authPaths.me, { method: 'DELETE', body, signal });
export const postClaim = (id: string, token: string, signal?: AbortSignal) =>
  callAuth(authPaths.claim(id), { method: 'POST', body: { token }, signal });

/** One order in the customer's history. */
export interface OrderSummaryItem {
  id: string;
  number: string;
  status: string;
  total: number;
  createdAt: string;
}

/** GET /api/orders: the signed-in customer's orders, newest first. */
export async function fetchMyOrders(signal?: AbortSignal): Promise<OrderSummaryItem[]> {
  const answer = await callAuth(authPaths.orders, { method: 'GET', signal });
  if (!isSuccess(answer) || !Array.isArray(answer.orders)) {
    throw new AuthNetworkError(answer.message);
  }
  return answer.orders as OrderSummaryItem[];
}
