/**
 * The built-in test provider's page calls (its API, api/routes/payments.ts):
 *   GET  /api/payments/test/sessions/{id}            → { code, message, session }
 *   POST /api/payments/test/sessions/{id}/complete   { outcome } → { code, message, redirectUrl }
 */
import type { TestPaymentSession } from '../../../api/domain/ssr';
import { CheckoutAnswerError, CheckoutNetworkError } from './checkoutApi';
import { checkoutTexts } from './texts';

/** The outcomes the provider's API takes. */
export type TestOutcome = 'pay' | 'decline' | 'cancel' | '3ds-approve' | '3ds-fail';

/** What the hosted page shows (the server renders it with the page, too). */
export type TestSession = TestPaymentSession;

const sessionPath = (id: string) => `/api/payments/test/sessions/${encodeURIComponent(id)}`;

async function json(
  path: string,
  init: RequestInit,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    throw new CheckoutNetworkError(checkoutTexts.testPayment.failed, error);
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object') {
    throw new CheckoutAnswerError(res.status, checkoutTexts.testPayment.failed);
  }
  return { status: res.status, body };
}

/** The session, or null when the provider does not know it (404). */
export async function fetchTestSession(id: string): Promise<TestSession | null> {
  const { status, body } = await json(sessionPath(id), { method: 'GET', cache: 'no-store' });
  if (status === 404) return null;
  const session = (body.session ?? null) as TestSession | null;
  if (status !== 200 || !session) {
    throw new CheckoutAnswerError(
      status,
      typeof body.message === 'string' ? body.message : checkoutTexts.testPayment.failed,
    );
  }
  return session;
}

/** Settles the session with the visitor's choice; resolves with where the browser goes next. */
export async function completeTestPayment(id: string, outcome: TestOutcome): Promise<string> {
  const { status, body } = await json(`${sessionPath(id)}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome }),
  });
  if (status === 200 && typeof body.redirectUrl === 'string') return body.redirectUrl;
  throw new CheckoutAnswerError(
    status,
    typeof body.message === 'string' ? body.message : checkoutTexts.testPayment.failed,
  );
}
