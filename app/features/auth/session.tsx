import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useSiteNavigate } from '../navigation';
import { createActor, fromPromise, waitFor } from 'xstate';
import { messages } from '../../../api/domain/messages';
import { useToasts } from '../../../ui';
import { AuthNetworkError, type AuthAnswer } from './authApi';
import type { FormValues } from './authFormMachine';
import {
  authMachine,
  currentUser,
  isSettled,
  type AuthActorRef,
  type AuthInput,
} from './authMachine';
import { LOGIN_PATH } from './paths';
import type { SessionUser } from './types';

const SessionContext = createContext<AuthActorRef | null>(null);

/** The session actor for a page: started in the browser; on the server it only holds the user. */
export function createSession(input: AuthInput, options: { start: boolean }): AuthActorRef {
  const actor = createActor(authMachine, { input });
  if (options.start) actor.start();
  return actor;
}

/**
 * The browser's session for a page the server rendered: it starts with the customer the server
 * rendered for (no flash), verified only if the server looked them up, then checks.
 */
export function createBrowserSession(
  root: { user?: SessionUser | null } | undefined,
): AuthActorRef {
  return createSession(
    { user: root?.user ?? null, verified: root !== undefined && root.user !== undefined },
    { start: true },
  );
}

let standalone: AuthActorRef | null = null;

/** Provides the site's session actor (entry-client and entry-server). */
export function SessionProvider({
  session,
  children,
}: {
  session: AuthActorRef;
  children: ReactNode;
}) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session actor; outside a provider (stories, tests) a signed-out one that never fetches. */
export function useSession(): AuthActorRef {
  const session = useContext(SessionContext);
  if (session) return session;
  standalone ??= createSession({ user: null }, { start: false });
  return standalone;
}

/** The signed-in customer (the one the server rendered while the browser checks), or null. */
export function useSessionUser(): SessionUser | null {
  return useSelector(useSession(), currentUser);
}

/**
 * The session's notifications go to the site's one notification channel, and a logout goes to
 * the login page (SPEC §2). Mounted once, in the layout.
 */
export function useSessionEffects(): void {
  const session = useSession();
  const toaster = useToasts();
  const navigate = useSiteNavigate();
  useEffect(() => {
    const notify = session.on('notify', (event) => {
      if (event.variant === 'success') toaster.success(event.message);
      else toaster.danger(event.message);
    });
    const loggedOut = session.on('loggedOut', () => {
      void navigate(LOGIN_PATH);
    });
    return () => {
      notify.unsubscribe();
      loggedOut.unsubscribe();
    };
  }, [session, toaster, navigate]);
}

/** The customer once the session knows (for route guards in the browser). */
export async function settledUser(session: AuthActorRef): Promise<SessionUser | null> {
  return currentUser(await waitFor(session, isSettled));
}

/**
 * The login form's call, through the session actor: the session shows "signing in", and the
 * header follows the answer. Resolves with the API's answer as the form machine expects it.
 */
export function signInThroughSession(session: AuthActorRef) {
  return fromPromise<AuthAnswer, FormValues>(async ({ input }) => {
    const before = await waitFor(session, isSettled);
    if (before.matches('signedIn') && before.context.user) {
      return { code: 200, message: messages.auth.signedIn, user: before.context.user };
    }
    session.send({ type: 'SIGN_IN', email: input.email ?? '', password: input.password ?? '' });
    const after = await waitFor(session, (s) => !s.matches('signingIn'));
    if (after.matches('signedIn') && after.context.user) {
      return { code: 200, message: messages.auth.signedIn, user: after.context.user };
    }
    if (after.matches({ signedOut: 'failed' })) {
      throw new AuthNetworkError(after.context.error ?? undefined);
    }
    return { code: 401, message: after.context.error ?? messages.auth.invalidCredentials };
  });
}
