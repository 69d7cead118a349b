/** How a PageDataError is recognised (see `isPageDataError`). */
const pageDataErrorKind = 'fuelyard.page-data-error';

/**
 * What the server's data sources for rendering (the in-process GraphQL executor and the cart
 * reader of api/domain/ssr.ts) throw when the database failed, with the status the page must get:
 * 503 while the database is out of reach, 500 for any other failed query. The page cannot be
 * shown without its data, so it becomes the error page: never an empty shop or an empty cart.
 * The message is safe to show (no SQL, no parameters).
 */
export class PageDataError extends Error {
  readonly kind = pageDataErrorKind;
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'PageDataError';
    this.status = status;
  }
}

/**
 * True for a PageDataError. Checked by its `kind`, not with `instanceof`: the app's built server
 * bundle has its own copy of this module, so the API's errors are not instances of the bundle's
 * class.
 */
export function isPageDataError(error: unknown): error is PageDataError {
  if (typeof error !== 'object' || error === null) return false;
  const { kind, status, message } = error as {
    kind?: unknown;
    status?: unknown;
    message?: unknown;
  };
  return kind === pageDataErrorKind && typeof status === 'number' && typeof message === 'string';
}
