import {
  assertEvent,
  assign,
  emit,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import {
  AuthNetworkError,
  fetchMe,
  isSuccess,
  postLogin,
  postLogout,
  type AuthAnswer,
  type Credentials,
} from './authApi';
import { authTexts } from './texts';
import type { SessionUser } from './types';

/**
 * The app-wide session (issue 16), one actor for the whole site:
 *
 *   starting ─verified guest─▶ signedOut.idle     (the server just looked: no second request)
 *            ─otherwise─────▶ checking
 *   checking ─me: user─▶ signedIn.idle          (the SSR HTML already shows `input.user`)
 *            ─me: 401──▶ signedOut.idle
 *            ─error────▶ checkFailed ─RETRY─▶ checking
 *   signedOut ─SIGN_IN─▶ signingIn ─2xx + user─▶ signedIn.idle
 *                                  ─refused───▶ signedOut.refused
 *                                  ─error─────▶ signedOut.failed
 *             ─SIGNED_IN {user}─▶ signedIn     (registration, password reset)
 *   signedIn ─LOGOUT─▶ signingOut ─done─▶ signedOut.loggedOut ("You have been logged out.")
 *                                 ─error─▶ signedIn.logoutFailed
 *            ─UPDATED {user}─▶ signedIn        (account details saved)
 *            ─SESSION_ENDED─▶ signedOut.idle   (a 401 elsewhere, the account deleted)
 *
 * The session is an HttpOnly cookie: this actor never holds a token, only the customer the API
 * named. Notifications are emitted (`notify`), and `loggedOut` tells the app to go to the login
 * page; the machine has no React and no router.
 */

export interface AuthContext {
  /** The signed-in customer; null when signed out. Seeded from the SSR HTML (no flash). */
  user: SessionUser | null;
  /** The last sign-in refusal or failure, for the login form. */
  error: string | null;
  /** The server looked the session up for this page (see `AuthInput.verified`). */
  verified: boolean;
}

export type AuthEvent =
  | ({ type: 'SIGN_IN' } & Credentials)
  | { type: 'SIGNED_IN'; user: SessionUser }
  | { type: 'UPDATED'; user: SessionUser }
  | { type: 'LOGOUT' }
  | { type: 'SESSION_ENDED' }
  | { type: 'RETRY' };

export type AuthEmitted =
  { type: 'notify'; variant: 'success' | 'danger'; message: string } | { type: 'loggedOut' };

export interface AuthInput {
  /** The customer the server rendered the page for (null: signed out; undefined: unknown). */
  user?: SessionUser | null;
  /**
   * True when the server looked the session up for this very page (a fresh SSR): a guest then
   * needs no second look (no 401 in the console on every page). A signed-in page is checked
   * again, so a page from a cache never greets a customer whose session has ended.
   */
  verified?: boolean;
}

export const FETCH_ME = 'fetchMe';
export const SIGN_IN = 'signIn';
export const SIGN_OUT = 'signOut';

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    emitted: {} as AuthEmitted,
  },
  actors: {
    [FETCH_ME]: fromPromise<SessionUser | null>(({ signal }) => fetchMe(signal)),
    [SIGN_IN]: fromPromise<AuthAnswer, Credentials>(({ input, signal }) =>
      postLogin({ email: input.email, password: input.password }, signal),
    ),
    [SIGN_OUT]: fromPromise<AuthAnswer>(({ signal }) => postLogout(signal)),
  },
  guards: {
    'isSignedIn?': (_, params: { user: SessionUser | null }) => params.user !== null,
    'isVerifiedGuest?': ({ context }) => context.verified && context.user === null,
    'isAccepted?': (_, params: { answer: AuthAnswer }) =>
      isSuccess(params.answer) && params.answer.user !== undefined,
  },
  actions: {
    setUser: assign((_, params: { user: SessionUser | null }) => ({
      user: params.user,
      error: null,
    })),
    updateUser: assign({
      user: ({ event }) => {
        assertEvent(event, ['UPDATED', 'SIGNED_IN']);
        return event.user;
      },
      error: null,
    }),
    clearUser: assign({ user: null }),
    clearError: assign({ error: null }),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    notifyLoggedOut: emit({
      type: 'notify' as const,
      variant: 'success' as const,
      message: authTexts.loggedOut,
    }),
    announceLoggedOut: emit({ type: 'loggedOut' as const }),
    notifyLogoutFailed: emit({
      type: 'notify' as const,
      variant: 'danger' as const,
      message: authTexts.logoutFailed,
    }),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }: { input: AuthInput | undefined }) => ({
    user: input?.user ?? null,
    error: null,
    verified: input?.verified ?? false,
  }),
  initial: 'starting',
  states: {
    /** Where the page starts: a guest the server just verified is signed out; else check. */
    starting: {
      always: [{ guard: 'isVerifiedGuest?', target: 'signedOut' }, { target: 'checking' }],
    },
    /** GET /api/users/me; meanwhile the header shows the customer the server rendered. */
    checking: {
      invoke: {
        id: FETCH_ME,
        src: FETCH_ME,
        onDone: [
          {
            guard: { type: 'isSignedIn?', params: ({ event }) => ({ user: event.output }) },
            target: 'signedIn',
            actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
          },
          {
            target: 'signedOut',
            actions: { type: 'setUser', params: () => ({ user: null }) },
          },
        ],
        onError: { target: 'checkFailed' },
      },
    },
    /** The shop could not say who is signed in: the page keeps what the server rendered. */
    checkFailed: {
      on: {
        RETRY: 'checking',
        SIGN_IN: 'signingIn',
        SIGNED_IN: { target: 'signedIn', actions: 'updateUser' },
        SESSION_ENDED: { target: 'signedOut', actions: 'clearUser' },
      },
    },
    signedOut: {
      initial: 'idle',
      states: {
        idle: {},
        /** The e-mail and password were refused (one generic message). */
        refused: {},
        /** No usable answer to the login. */
        failed: {},
        /** Just logged out: the notice was shown and the app went to the login page. */
        loggedOut: {},
      },
      on: {
        SIGN_IN: 'signingIn',
        SIGNED_IN: { target: 'signedIn', actions: 'updateUser' },
      },
    },
    /** POST /api/auth/local with the login form's e-mail and password. */
    signingIn: {
      entry: 'clearError',
      invoke: {
        id: SIGN_IN,
        src: SIGN_IN,
        input: ({ event }) => {
          assertEvent(event, 'SIGN_IN');
          return { email: event.email, password: event.password };
        },
        onDone: [
          {
            guard: { type: 'isAccepted?', params: ({ event }) => ({ answer: event.output }) },
            target: 'signedIn',
            actions: {
              type: 'setUser',
              params: ({ event }) => ({ user: event.output.user ?? null }),
            },
          },
          {
            target: 'signedOut.refused',
            actions: [
              'clearUser',
              { type: 'setError', params: ({ event }) => ({ message: event.output.message }) },
            ],
          },
        ],
        onError: {
          target: 'signedOut.failed',
          actions: [
            'clearUser',
            {
              type: 'setError',
              params: ({ event }) => ({
                message:
                  event.error instanceof AuthNetworkError
                    ? event.error.message
                    : authTexts.networkFailure,
              }),
            },
          ],
        },
      },
    },
    signedIn: {
      initial: 'idle',
      states: {
        idle: {},
        /** Logout did not reach the shop: still signed in, and told so. */
        logoutFailed: {},
      },
      on: {
        LOGOUT: 'signingOut',
        UPDATED: { actions: 'updateUser' },
        SESSION_ENDED: { target: 'signedOut', actions: 'clearUser' },
      },
    },
    /** POST /api/auth/logout: the server revokes the session row and clears the cookie. */
    signingOut: {
      invoke: {
        id: SIGN_OUT,
        src: SIGN_OUT,
        // Any answer means the shop has dealt with the session (a 401: it had already ended).
        onDone: {
          target: 'signedOut.loggedOut',
          actions: ['clearUser', 'notifyLoggedOut', 'announceLoggedOut'],
        },
        onError: { target: 'signedIn.logoutFailed', actions: 'notifyLogoutFailed' },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
export type AuthActorRef = ActorRefFrom<AuthMachine>;
export type AuthSnapshot = SnapshotFrom<AuthMachine>;

/** Who the header greets: the signed-in customer (or the one the server rendered, while checking). */
export function currentUser(snapshot: AuthSnapshot): SessionUser | null {
  if (snapshot.matches('signedOut') || snapshot.matches('signingIn')) return null;
  return snapshot.context.user;
}

/** True once the session is known (not checking, signing in or signing out). */
export function isSettled(snapshot: AuthSnapshot): boolean {
  return !(
    snapshot.matches('starting') ||
    snapshot.matches('checking') ||
    snapshot.matches('signingIn') ||
    snapshot.matches('signingOut')
  );
}
