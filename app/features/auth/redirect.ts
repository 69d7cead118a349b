import { localRedirectPath } from '../../../api/domain/auth';
import { AUTH_CALLBACK_PATH, HOME_PATH, LOGIN_PATH } from './paths';

/**
 * Where a login may send the visitor afterwards: only ever a path on this site. Anything that a
 * browser could read as another origin (`//evil.example`, `/\evil.example`, `https:…`,
 * `javascript:…`), or that holds control characters, is refused and the visitor goes home.
 *
 * The rule comes from api/domain/auth, whose module also holds the account forms' yup schemas:
 * code in the first load of a page reaches these functions through `redirectRules()` (index.ts),
 * so that yup loads only when a redirect is actually worked out.
 */

/**
 * The path to send the visitor to when `target` is a safe local path, else null: the shared rule
 * of the API (`localRedirectPath`), which resolves the path as a browser would ("/./", "/../",
 * "%2e") and checks the resolved value, the one that is sent; and never the login pages.
 */
export function safeRedirect(target: string | null | undefined): string | null {
  const local = localRedirectPath(target);
  if (local === null) return null;
  // Never back into the login pages themselves.
  const pathname = local.replace(/[?#].*$/s, '');
  if (pathname === LOGIN_PATH || pathname === AUTH_CALLBACK_PATH) return null;
  return local;
}

/** `/user/login?redirect=<path>` for a visitor who needs to sign in to see `path`. */
export function loginPathFor(path: string | null | undefined): string {
  const safe = safeRedirect(path);
  return safe && safe !== HOME_PATH
    ? `${LOGIN_PATH}?redirect=${encodeURIComponent(safe)}`
    : LOGIN_PATH;
}

/** The auth callback that finishes a login and returns to `redirect` (or home). */
export function callbackPathFor(redirect: string | null | undefined): string {
  const safe = safeRedirect(redirect);
  return safe ? `${AUTH_CALLBACK_PATH}?redirect=${encodeURIComponent(safe)}` : AUTH_CALLBACK_PATH;
}

/** Where the auth callback sends the visitor: the safe `redirect` of its address, or home. */
export function afterLogin(url: URL): string {
  return safeRedirect(url.searchParams.get('redirect')) ?? HOME_PATH;
}
