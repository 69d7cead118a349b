/**
 * The built-in test provider (PAYMENT_PROVIDER=test): a hosted payment page at /pay/test/{id}
 * that takes no money. It plays an outside provider as closely as it can, so that the shop's side
 * is exercised exactly as with a real one:
 * - its sessions live in their own table (test_payment_sessions), apart from the shop's orders;
 * - the customer's choice on its page settles the session once, and the provider then POSTs a
 *   signed webhook (`Fuelyard-Signature`) over real HTTP to the shop's
 *   POST /api/payments/webhooks/test, before the browser is sent back to the shop;
 * - `retrieve` asks it where a session stands, with the same event id its webhook carries, so
 *   that reconciliation and a late webhook are one event.
 * - `refund` gives back part or all of a paid session, in its own table (test_payment_refunds),
 *   one refund per idempotency key, never more in all than the session took.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { ensureSharedSecret } from '../../../db/meta';
import { testPaymentRefunds, testPaymentSessions } from '../../../db/schema';
import { site } from '../../../domain/site';
import { ConflictError, NotFoundError } from '../../../errors';
import type { Logger } from '../../../logger';
import { defaultRetryPolicy, providerRequest, type RetryPolicy } from '../http';
import {
  PaymentProviderError,
  WebhookVerificationError,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProvider,
  type RefundInput,
  type RefundResult,
  type RetrievedPayment,
} from '../types';
import { signatureHeaderValue, verifySignature } from './signature';

export const testProviderName = 'test';

/** What the customer may choose on the test page. */
export const testOutcomes = ['pay', 'decline', 'cancel', '3ds-approve', '3ds-fail'] as const;
export type TestOutcome = (typeof testOutcomes)[number];

export function isTestOutcome(value: unknown): value is TestOutcome {
  return typeof value === 'string' && (testOutcomes as readonly string[]).includes(value);
}

export type TestSessionStatus = 'open' | PaymentEventType;

/** The decline wording the page and the shop show. */
export const testDeclineReasons = {
  decline: 'Your card was declined.',
  '3ds-fail': 'Your bank could not confirm this payment (3-D Secure failed).',
} as const;

const outcomeStatus: Record<TestOutcome, PaymentEventType> = {
  pay: 'succeeded',
  '3ds-approve': 'succeeded',
  decline: 'failed',
  '3ds-fail': 'failed',
  cancel: 'cancelled',
};

/** GET /api/payments/test/sessions/:id: what the hosted page shows. */
export interface TestSessionView {
  id: string;
  shopName: string;
  /** Pence. */
  amount: number;
  currency: string;
  status: TestSessionStatus;
  /** The shop's order number, from the session's reference (FY-100001-2 -> FY-100001). */
  orderNumber?: string;
  /** Where "Cancel" leads back to on the shop (a path on this site). */
  cancelUrl: string;
  expiresAt: string;
  /** The id of the event that settled the session; null while open. */
  eventId: string | null;
}

/** The hosted page's two calls (the routes in api/routes/payments.ts). */
export interface TestHostedPage {
  /** The session for the page, or null for an unknown id. */
  view(sessionId: string): Promise<TestSessionView | null>;
  /**
   * Settles an open session with the customer's choice (404 unknown, 409 already settled,
   * cancelled or expired), POSTs the signed webhook to the provider's configured webhook URL
   * (bounded timeout and retries; a webhook that cannot be delivered is left to reconciliation)
   * and only then resolves, with where the browser goes next: /checkout/process?order={id}, or
   * /checkout on cancel. Nothing in the request chooses where the webhook goes.
   */
  complete(
    sessionId: string,
    outcome: TestOutcome,
  ): Promise<{ redirectUrl: string; status: PaymentEventType; delivered: boolean }>;
}

/** Where the adapter's `retrieve` asks about a session: the provider's "API". */
export interface TestProviderApi {
  status(sessionId: string): Promise<{
    status: TestSessionStatus;
    amount: number;
    currency: string;
    eventId: string | null;
  } | null>;
}

export interface TestProviderOptions {
  db: Database;
  logger: Logger;
  /** PAYMENT_TEST_WEBHOOK_SECRET; undefined: one made once and kept in app_meta. */
  webhookSecret?: string | undefined;
  /**
   * Where its webhooks go: the shop's own POST /api/payments/webhooks/test, from configuration
   * (`testWebhookUrl(config)`), as a real provider has it set up in its dashboard. Never taken
   * from a request (a Host header would let anyone aim signed webhooks at any address).
   */
  webhookUrl: string;
  /**
   * How `retrieve` reaches the provider: by default its own table; `httpTestProviderApi(url)`
   * goes through the session API over HTTP (the contract suite puts a faulty network there).
   */
  api?: TestProviderApi;
  /** The webhook's delivery to the shop. */
  delivery?: RetryPolicy;
  /** Clock for the signature check (seconds); tests of staleness sign old timestamps instead. */
  nowSeconds?: () => number;
}

export const testSecretKey = 'payment_test_webhook_secret';

/** The secret the test provider signs with: the configured one, or the shared stored one. */
export function testWebhookSecret(db: Database, configured?: string): Promise<string> {
  return configured ? Promise.resolve(configured) : ensureSharedSecret(db, testSecretKey);
}

/** A test webhook body, as the provider sends it. */
export interface TestWebhookBody {
  id: string;
  type: `payment.${PaymentEventType}`;
  data: {
    sessionId: string;
    orderId: string;
    amount: number;
    currency: string;
    reason?: string;
  };
}

export function newEventId(): string {
  return `evt_${randomBytes(18).toString('base64url')}`;
}

/** The event id of a session that expired unpaid: stable, so every report of it is one event. */
export function expiryEventId(sessionId: string): string {
  return `evt_expired_${sessionId}`;
}

/** The event id of a session the shop cancelled (`cancelSession`): stable, like an expiry's. */
export function cancelledEventId(sessionId: string): string {
  return `evt_cancelled_${sessionId}`;
}

/**
 * The test provider's webhook target: the shop's own address from configuration (`linkOrigin`:
 * PUBLIC_URL's origin, or the local address the server listens on), never a request's Host.
 */
export function testWebhookUrl(config: { linkOrigin: string }): string {
  return `${config.linkOrigin}/api/payments/webhooks/${testProviderName}`;
}

/** The path (and query) of a stored absolute URL: the browser is never sent to another site. */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url, 'http://localhost');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '/checkout';
  }
}

type SessionRow = typeof testPaymentSessions.$inferSelect;

function isStatus(value: string): value is TestSessionStatus {
  return ['open', 'succeeded', 'failed', 'cancelled', 'expired'].includes(value);
}

const sessionIdPattern = /^ts_[A-Za-z0-9_-]{10,64}$/;

/** The shop's refund keys: "fuelyard-refund-{uuid}" (any such key of at most 200 characters). */
const refundKeyPattern = /^[A-Za-z0-9_-]{1,200}$/;

/** The test provider's id for the refund made under `idempotencyKey`: stable, so a repeat names it. */
export function testRefundId(idempotencyKey: string): string {
  return `tr_${createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 24)}`;
}

/**
 * Gives back `input.amount` of a paid session, as the provider: in one transaction that locks the
 * session row (so two refunds of one session take turns), the session must have succeeded, a key
 * seen before answers its refund again (the same amount, or it is refused) without a second row,
 * and the refunds of the session may not add up to more than it took. Every refusal, and a
 * database that cannot be reached, is a PaymentProviderError: nothing was refunded.
 */
export async function refundTestSession(db: Database, input: RefundInput): Promise<RefundResult> {
  const { amount, idempotencyKey: key } = input;
  const sessionId = input.session.sessionId;
  if (!Number.isSafeInteger(amount) || amount <= 0 || input.currency !== 'GBP') {
    throw new PaymentProviderError('A refund is a whole, positive number of pence in GBP.');
  }
  if (!refundKeyPattern.test(key)) {
    throw new PaymentProviderError('The refund has no usable idempotency key.');
  }
  if (!sessionIdPattern.test(sessionId)) {
    throw new PaymentProviderError('The test provider does not know this session.');
  }
  try {
    await db.transaction(async (tx) => {
      const [session] = await tx
        .select({
          id: testPaymentSessions.id,
          status: testPaymentSessions.status,
          amount: testPaymentSessions.amount,
          currency: testPaymentSessions.currency,
        })
        .from(testPaymentSessions)
        .where(eq(testPaymentSessions.id, sessionId))
        .for('update');
      if (!session) throw new PaymentProviderError('The test provider does not know this session.');
      const [earlier] = await tx
        .select()
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.id, key));
      if (earlier) {
        if (earlier.sessionId !== session.id || earlier.amount !== amount) {
          throw new PaymentProviderError(
            'This idempotency key was used for another refund (another session or amount).',
          );
        }
        return; // The same refund, asked for again: answered, not made twice.
      }
      if (session.status !== 'succeeded') {
        throw new PaymentProviderError('Only a paid session can be refunded.');
      }
      if (session.currency !== input.currency) {
        throw new PaymentProviderError('The refund is not in the currency of the payment.');
      }
      const [sum] = await tx
        .select({ refunded: sql<number>`coalesce(sum(${testPaymentRefunds.amount}), 0)::integer` })
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.sessionId, session.id));
      const left = session.amount - Number(sum?.refunded ?? 0);
      if (amount > left) {
        throw new PaymentProviderError(
          `The refund (${amount}) is more than is left to refund on the payment (${left}).`,
        );
      }
      if (input.full && amount !== left) {
        throw new PaymentProviderError(
          `A full refund gives back what is left (${left}), not ${amount}.`,
        );
      }
      await tx.insert(testPaymentRefunds).values({ id: key, sessionId: session.id, amount });
    });
  } catch (error) {
    if (error instanceof PaymentProviderError) throw error;
    throw new PaymentProviderError('The test provider could not make the refund.', {
      cause: error,
    });
  }
  return { refundId: testRefundId(key), status: 'succeeded' };
}

/** The provider's own table: what it knows of a session, expiring it when its time is up. */
export function databaseTestProviderApi(db: Database): TestProviderApi & {
  row(sessionId: string): Promise<SessionRow | null>;
} {
  async function row(sessionId: string): Promise<SessionRow | null> {
    if (!sessionIdPattern.test(sessionId)) return null;
    // A session whose time is up expires now, once (the same event id whoever notices first).
    await db
      .update(testPaymentSessions)
      .set({ status: 'expired', eventId: expiryEventId(sessionId) })
      .where(
        and(
          eq(testPaymentSessions.id, sessionId),
          eq(testPaymentSessions.status, 'open'),
          lte(testPaymentSessions.expiresAt, new Date()),
        ),
      );
    const [found] = await db
      .select()
      .from(testPaymentSessions)
      .where(eq(testPaymentSessions.id, sessionId));
    return found ?? null;
  }
  return {
    row,
    async status(sessionId) {
      const found = await row(sessionId);
      if (!found || !isStatus(found.status)) return null;
      return {
        status: found.status,
        amount: found.amount,
        currency: found.currency,
        eventId: found.eventId,
      };
    },
  };
}

/**
 * The session API over HTTP (GET {baseUrl}/api/payments/test/sessions/:id), as a real adapter
 * would call its provider: a timeout per attempt and bounded retries on 5xx and no answer.
 */
export function httpTestProviderApi(
  baseUrl: string,
  policy: RetryPolicy = defaultRetryPolicy,
): TestProviderApi {
  return {
    async status(sessionId) {
      const url = new URL(`/api/payments/test/sessions/${encodeURIComponent(sessionId)}`, baseUrl);
      const response = await providerRequest(
        url.href,
        { headers: { accept: 'application/json' } },
        policy,
      );
      if (response.status === 404) return null;
      if (response.status !== 200) {
        throw new PaymentProviderError(`The test provider answered HTTP ${response.status}.`);
      }
      let session: Partial<TestSessionView> | undefined;
      try {
        session = (JSON.parse(response.text) as { session?: Partial<TestSessionView> }).session;
      } catch {
        session = undefined;
      }
      if (
        !session ||
        typeof session.status !== 'string' ||
        !isStatus(session.status) ||
        typeof session.amount !== 'number' ||
        typeof session.currency !== 'string'
      ) {
        throw new PaymentProviderError('The test provider answered something unexpected.');
      }
      return {
        status: session.status,
        amount: session.amount,
        currency: session.currency,
        eventId: typeof session.eventId === 'string' ? session.eventId : null,
      };
    },
  };
}

/** Builds the signed body and headers of a test webhook (the provider's side, and tests). */
export function signedTestWebhook(
  secret: string,
  body: TestWebhookBody,
  timestamp?: number,
): { rawBody: Buffer; headers: Record<string, string> } {
  const rawBody = Buffer.from(JSON.stringify(body), 'utf8');
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'fuelyard-signature': signatureHeaderValue(secret, rawBody, timestamp),
    },
  };
}

const eventTypes: Record<string, PaymentEventType> = {
  'payment.succeeded': 'succeeded',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
  'payment.expired': 'expired',
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A verified body, normalised; a body that is not a test event at all is refused (400). */
function parseEvent(rawBody: Buffer): PaymentEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(rawBody));
  } catch {
    throw new WebhookVerificationError('The webhook body is not JSON.');
  }
  const event = body as Partial<TestWebhookBody> | null;
  if (
    typeof event !== 'object' ||
    event === null ||
    typeof event.id !== 'string' ||
    !/^evt_[A-Za-z0-9_-]{1,120}$/.test(event.id) ||
    typeof event.type !== 'string'
  ) {
    throw new WebhookVerificationError('The webhook body is not a payment event.');
  }
  const type = eventTypes[event.type];
  // A signed event of a kind the shop does not act on: acknowledged, nothing changes.
  if (type === undefined) return null;
  const data = event.data;
  if (
    typeof data !== 'object' ||
    data === null ||
    typeof data.orderId !== 'string' ||
    !uuidPattern.test(data.orderId) ||
    typeof data.sessionId !== 'string' ||
    typeof data.amount !== 'number' ||
    !Number.isSafeInteger(data.amount) ||
    typeof data.currency !== 'string'
  ) {
    throw new WebhookVerificationError('The webhook body is not a payment event.');
  }
  return {
    id: event.id,
    type,
    orderId: data.orderId.toLowerCase(),
    sessionId: data.sessionId.slice(0, 100),
    reference: null,
    amount: data.amount,
    currency: data.currency.slice(0, 10),
    ...(typeof data.reason === 'string' ? { reason: data.reason.slice(0, 200) } : {}),
  };
}

export interface TestProvider {
  provider: PaymentProvider;
  page: TestHostedPage;
  /** The secret webhooks are signed with (for tests that sign their own). */
  secret(): Promise<string>;
}

export function createTestProvider(options: TestProviderOptions): TestProvider {
  const { db, logger } = options;
  const own = databaseTestProviderApi(db);
  const api = options.api ?? own;
  const delivery = options.delivery ?? defaultRetryPolicy;
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  let secretPromise: Promise<string> | undefined;
  const secret = (): Promise<string> => {
    secretPromise ??= testWebhookSecret(db, options.webhookSecret).catch((error: unknown) => {
      // Not cached when the database was out of reach: the next call tries again.
      secretPromise = undefined;
      throw error;
    });
    return secretPromise;
  };

  const provider: PaymentProvider = {
    name: testProviderName,
    async createSession(input) {
      const id = `ts_${randomBytes(18).toString('base64url')}`;
      await db.insert(testPaymentSessions).values({
        id,
        reference: input.reference,
        orderId: input.order.id,
        amount: input.order.amount,
        currency: input.order.currency,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        expiresAt: input.expiresAt,
      });
      return { sessionId: id, redirectUrl: `/pay/test/${id}`, expiresAt: input.expiresAt };
    },
    async verifyWebhook(rawBody, headers) {
      verifySignature(await secret(), rawBody, headers, nowSeconds());
      return parseEvent(rawBody);
    },
    async retrieve(session): Promise<RetrievedPayment> {
      const found = await api.status(session.sessionId);
      if (!found) {
        throw new PaymentProviderError('The test provider does not know this session.');
      }
      if (found.status === 'open') {
        return { status: 'pending', amount: found.amount, currency: found.currency, eventId: '' };
      }
      return {
        status: found.status,
        amount: found.amount,
        currency: found.currency,
        eventId: found.eventId ?? expiryEventId(session.sessionId),
      };
    },
    refund(input) {
      return refundTestSession(db, input);
    },
    async cancelSession(session) {
      const id = session.sessionId;
      if (!sessionIdPattern.test(id)) {
        throw new PaymentProviderError('The test provider does not know this session.');
      }
      try {
        // Open -> cancelled, once: its hosted page refuses every choice from now on.
        const [closed] = await db
          .update(testPaymentSessions)
          .set({ status: 'cancelled', eventId: cancelledEventId(id) })
          .where(and(eq(testPaymentSessions.id, id), eq(testPaymentSessions.status, 'open')))
          .returning({ id: testPaymentSessions.id });
        if (closed) return 'cancelled';
        const found = await own.row(id);
        if (!found) throw new PaymentProviderError('The test provider does not know this session.');
        return found.status === 'succeeded' ? 'paid' : 'cancelled';
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw new PaymentProviderError('The test provider could not cancel the session.', {
          cause: error,
        });
      }
    },
  };

  async function deliver(webhookUrl: string, body: TestWebhookBody): Promise<boolean> {
    const signed = signedTestWebhook(await secret(), body);
    try {
      const response = await providerRequest(
        webhookUrl,
        { method: 'POST', headers: signed.headers, body: new Uint8Array(signed.rawBody) },
        delivery,
      );
      if (response.status >= 200 && response.status < 300) return true;
      logger.error(
        { eventId: body.id, sessionId: body.data.sessionId, status: response.status },
        'test provider: the shop refused its webhook',
      );
    } catch (error) {
      // Left to reconciliation: the shop asks the provider (retrieve) when no webhook came.
      logger.warn(
        { eventId: body.id, sessionId: body.data.sessionId, err: error },
        'test provider: the webhook could not be delivered',
      );
    }
    return false;
  }

  const page: TestHostedPage = {
    async view(sessionId) {
      const row = await own.row(sessionId);
      if (!row || !isStatus(row.status)) return null;
      const orderNumber = /^(.+)-[0-9]+$/.exec(row.reference)?.[1];
      return {
        id: row.id,
        shopName: site.companyName,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        ...(orderNumber ? { orderNumber } : {}),
        cancelUrl: pathOf(row.cancelUrl),
        expiresAt: row.expiresAt.toISOString(),
        eventId: row.eventId,
      };
    },
    async complete(sessionId, outcome) {
      const status = outcomeStatus[outcome];
      const eventId = newEventId();
      const [settled] = sessionIdPattern.test(sessionId)
        ? await db
            .update(testPaymentSessions)
            .set({ status, eventId })
            .where(
              and(
                eq(testPaymentSessions.id, sessionId),
                eq(testPaymentSessions.status, 'open'),
                gt(testPaymentSessions.expiresAt, new Date()),
              ),
            )
            .returning()
        : [];
      if (!settled) {
        const row = await own.row(sessionId);
        if (!row) throw new NotFoundError('No such payment session.');
        throw new ConflictError(
          row.status === 'expired'
            ? 'This payment session has expired.'
            : row.status === 'cancelled' && row.eventId === cancelledEventId(row.id)
              ? 'This payment session has been cancelled by the shop.'
              : 'This payment has already been completed.',
        );
      }
      const reason =
        outcome === 'decline' || outcome === '3ds-fail' ? testDeclineReasons[outcome] : undefined;
      const delivered = await deliver(options.webhookUrl, {
        id: eventId,
        type: `payment.${status}`,
        data: {
          sessionId: settled.id,
          orderId: settled.orderId,
          amount: settled.amount,
          currency: settled.currency,
          ...(reason ? { reason } : {}),
        },
      });
      return {
        redirectUrl: pathOf(status === 'cancelled' ? settled.cancelUrl : settled.returnUrl),
        status,
        delivered,
      };
    },
  };

  return { provider, page, secret };
}
