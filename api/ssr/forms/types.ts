/** One API request that a page's form stands for (the same one the page's script sends). */
export interface ApiCall {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** An /api path, with its query if any. */
  path: string;
  /** The JSON body, built from the form's fields (strings, as the form sent them). */
  body?: Record<string, unknown>;
  /**
   * Request headers the API reads besides the body, which a form cannot send (POST
   * /api/checkout's Idempotency-Key): set for this request only.
   */
  headers?: Record<string, string>;
}

/** The API's answer to that request: its status and JSON body (`{ code, message, errors? }` on a refusal). */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Where the browser goes after a successful post, and the notice the next page shows. */
export interface FormSuccess {
  /** A path on this site, or a payment provider's page that the API's answer named. */
  location: string;
  notice?: string;
}

/**
 * A form of the site that works without JavaScript. It is posted to the page it is on (or any page,
 * for a form that appears on many, such as Add to Cart) with `intent` in its fields.
 */
export interface PageForm {
  intent: string;
  /** The page paths this form may be posted to; omitted, any page. */
  paths?: RegExp;
  /**
   * The API request(s) the form stands for, in order; a refusal stops the rest. `page` is the
   * address the form was posted to (path and query).
   */
  call(fields: URLSearchParams, page: URL): ApiCall | ApiCall[];
  /** After the last request succeeded; default: back to the page, with no notice. */
  success?(answer: ApiAnswer, fields: URLSearchParams, page: URL): FormSuccess;
  /** Fields put back into the page after a refusal (never a password or a card number). */
  keep?: readonly string[];
  /**
   * The page shown after a refusal, when it is not the page posted to (a path on this site, with
   * its query); the outcome goes with it.
   */
  refusedPage?(fields: URLSearchParams, page: URL): string;
}

/** The message of a refused API answer (`{ message }`), or a fallback. */
export function answerMessage(answer: ApiAnswer, fallback: string): string {
  const body = answer.body as { message?: unknown } | null | undefined;
  return typeof body?.message === 'string' && body.message !== '' ? body.message : fallback;
}

/** The `errors` list of a refused API answer, if it has one. */
export function answerErrors(answer: ApiAnswer): string[] {
  const errors = (answer.body as { errors?: unknown } | null | undefined)?.errors;
  return Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string') : [];
}
