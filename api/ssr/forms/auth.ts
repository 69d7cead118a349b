import type { PageForm } from './types';
import { answerMessage } from './types';

/** The signed-in message of an answer, as the page's script shows it. */
const noticeOf = (answer: Parameters<typeof answerMessage>[0]) => answerMessage(answer, '');

/** The account forms that work without JavaScript. */
export const authForms: readonly PageForm[] = [
  {
    intent: 'login',
    paths: /^\/user\/login$/,
    call: (fields) => ({
      method: 'POST',
      path: '/api/auth/local',
      body: { email: fields.get('email') ?? '', password: fields.get('password') ?? '' },
    }),
    // The auth callback finishes the login and goes where the visitor was going (SPEC §8).
    success: (answer, _fields, page) => {
      const redirect = page.searchParams.get('redirect');
      return {
        location: redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login',
        notice: noticeOf(answer),
      };
    },
    keep: ['email'],
  },
];
