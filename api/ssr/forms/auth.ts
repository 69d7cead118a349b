import { messages } from '../../domain/messages';
import type { ApiAnswer, PageForm } from './types';
import { answerMessage } from './types';

const m = messages.auth;

/** The message of an accepted answer, as the page's script shows it (its notification). */
const noticeOf = (answer: ApiAnswer, fallback = '') => answerMessage(answer, fallback);

/** A field as the form sent it ('' when it did not). */
const field = (fields: URLSearchParams, name: string) => fields.get(name) ?? '';

/** The page's `?redirect=`, carried on to the next account page. */
const withRedirect = (path: string, page: URL) => {
  const redirect = page.searchParams.get('redirect');
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
};

/**
 * A link's page (reset, confirmation) rendered again after a refusal: with the token the form
 * sent when the address no longer has it (the page's script takes it out of the address), so the
 * form is shown again rather than "this link is incomplete".
 */
const withToken = (path: string) => (fields: URLSearchParams, page: URL) => {
  const token = field(fields, 'token');
  if (page.searchParams.get('token') || token === '') return `${page.pathname}${page.search}`;
  return `${path}?token=${encodeURIComponent(token)}`;
};

/** The account form's fields (PATCH /api/users/me); a field the form did not send keeps its value. */
const accountFields = [
  'fullName',
  'email',
  'phone',
  'addressLine1',
  'addressLine2',
  'town',
  'postcode',
  'currentPassword',
] as const;

/** The order a page is about (/order/{id}), or '' on any other page. */
export function orderIdOf(page: URL): string {
  const match = /^\/order\/([^/]+)$/.exec(page.pathname);
  if (!match?.[1]) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return '';
  }
}

/**
 * The account forms that work without JavaScript (the same API requests the pages' machines
 * send). Each success goes where the page's script goes, with its notification as the notice;
 * only non-secret fields are kept after a refusal (never a password or a link's token).
 */
export const authForms: readonly PageForm[] = [
  {
    intent: 'login',
    paths: /^\/user\/login$/,
    call: (fields) => ({
      method: 'POST',
      path: '/api/auth/local',
      body: { email: field(fields, 'email'), password: field(fields, 'password') },
    }),
    // The auth callback finishes the login and goes where the visitor was going (SPEC §8).
    success: (answer, _fields, page) => ({
      location: withRedirect('/login', page),
      notice: noticeOf(answer),
    }),
    keep: ['email'],
  },
  {
    intent: 'register',
    paths: /^\/user\/register$/,
    call: (fields) => ({
      method: 'POST',
      path: '/api/auth/local/register',
      body: {
        fullName: field(fields, 'fullName'),
        email: field(fields, 'email'),
        password: field(fields, 'password'),
      },
    }),
    // "Check your email": nobody is signed in; the page stays, with the answer as its notice.
    success: (answer, _fields, page) => ({
      location: `${page.pathname}${page.search}`,
      notice: noticeOf(answer, m.registerCheckEmail),
    }),
    keep: ['fullName', 'email'],
  },
  {
    intent: 'forgotPassword',
    paths: /^\/user\/password-forgot$/,
    call: (fields) => ({
      method: 'POST',
      path: '/api/auth/forgot-password',
      body: { email: field(fields, 'email') },
    }),
    success: (answer, _fields, page) => ({
      location: page.pathname,
      notice: noticeOf(answer, m.forgotSent),
    }),
    keep: ['email'],
  },
  {
    intent: 'resetPassword',
    paths: /^\/user\/password-reset$/,
    call: (fields) => ({
      method: 'POST',
      path: '/api/auth/reset-password',
      body: { token: field(fields, 'token'), password: field(fields, 'password') },
    }),
    // Then log in with the new password (the link is used up: never back to its address).
    success: (answer) => ({ location: '/user/login', notice: noticeOf(answer, m.resetDone) }),
    refusedPage: withToken('/user/password-reset'),
  },
  {
    intent: 'verifyEmail',
    paths: /^\/user\/verify-email$/,
    call: (fields) => ({
      method: 'POST',
      path: '/api/auth/verify-email',
      body: { token: field(fields, 'token'), password: field(fields, 'password') },
    }),
    // Confirmed and logged in: the account page opens.
    success: (answer) => ({ location: '/user/account', notice: noticeOf(answer, m.verified) }),
    refusedPage: withToken('/user/verify-email'),
  },
  {
    intent: 'accountDetails',
    paths: /^\/user\/account$/,
    call: (fields) => {
      const body: Record<string, string> = {};
      for (const name of accountFields) {
        const value = fields.get(name);
        if (value !== null) body[name] = value;
      }
      return { method: 'PATCH', path: '/api/users/me', body };
    },
    success: (answer) => ({ location: '/user/account', notice: noticeOf(answer, m.updated) }),
    keep: ['fullName', 'email', 'phone', 'addressLine1', 'addressLine2', 'town', 'postcode'],
  },
  {
    intent: 'changePassword',
    paths: /^\/user\/account$/,
    call: (fields) => ({
      method: 'POST',
      path: '/api/auth/change-password',
      body: {
        currentPassword: field(fields, 'currentPassword'),
        password: field(fields, 'password'),
      },
    }),
    success: (answer) => ({
      location: '/user/account',
      notice: noticeOf(answer, m.passwordChanged),
    }),
  },
  {
    intent: 'deleteAccount',
    paths: /^\/user\/account$/,
    call: (fields) => ({
      method: 'DELETE',
      path: '/api/users/me',
      body: { currentPassword: field(fields, 'currentPassword') },
    }),
    // Signed out: the home page.
    success: (answer) => ({ location: '/', notice: noticeOf(answer, m.accountDeleted) }),
  },
  {
    intent: 'claimOrder',
    paths: /^\/order\/[^/]+$/,
    call: (fields, page) => ({
      method: 'POST',
      path: `/api/orders/${encodeURIComponent(orderIdOf(page))}/claim`,
      body: { token: field(fields, 'token') },
    }),
    success: (answer, _fields, page) => ({
      location: `${page.pathname}${page.search}`,
      notice: noticeOf(answer, messages.order.claimed),
    }),
  },
  {
    // The header's user menu, on any page. SPEC §2: the logged-out notice, then /user/login.
    intent: 'logout',
    call: () => ({ method: 'POST', path: '/api/auth/logout', body: {} }),
    success: (answer) => ({ location: '/user/login', notice: noticeOf(answer, m.loggedOut) }),
  },
];
