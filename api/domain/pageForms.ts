/**
 * Forms that work without JavaScript (DESIGN.md, Rendering): every form of the site is
 * `method="post"` to its own page, with a hidden `intent` field naming what it does. The server
 * turns the post into the same API request the page's script would send (api/ssr/forms/), then
 * answers with a redirect (303) on success, or with the page rendered again, carrying this
 * outcome, on a refusal. Pure and shared: the server and the app both import it.
 */

/** The hidden field that names a form's purpose. */
export const intentField = 'intent';

/**
 * The add form's answer, posted without script, to 'Resetting the postcode will clear your cart.'
 * (a new postcode over a cart with items in it): `clearCart=yes` sets it and adds all the same.
 */
export const clearCartField = 'clearCart';

/**
 * What a page is rendered with after its form was refused: the API's status, message and field
 * messages, and the values to put back into the fields (never a password).
 */
export interface FormOutcome {
  intent: string;
  status: number;
  message: string;
  /** The API's field or list messages (validation), in its order. */
  errors: string[];
  /** What the visitor typed, for the fields that may be shown again. */
  values: Record<string, string>;
}

/** The short-lived cookie that carries a success notice across the redirect after a post. */
export const noticeCookieName = 'fy_notice';

/** How long a notice waits for the page it was meant for. */
export const noticeMaxAgeSeconds = 60;

/** The longest notice a cookie may carry (the spec's texts are far shorter). */
export const noticeMaxLength = 300;

/** A notice as the cookie holds it: percent-encoded text; anything else is ignored. */
export function readNotice(raw: string | undefined): string | null {
  if (!raw || raw.length > noticeMaxLength * 3) return null;
  try {
    const text = decodeURIComponent(raw).trim();
    return text === '' || text.length > noticeMaxLength ? null : text;
  } catch {
    return null;
  }
}

/** The outcome of a form with this intent, when the page was rendered after refusing it. */
export function outcomeFor(
  outcome: FormOutcome | null | undefined,
  intent: string,
): FormOutcome | null {
  return outcome && outcome.intent === intent ? outcome : null;
}
