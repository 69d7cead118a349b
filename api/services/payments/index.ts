/**
 * Payments: the one object the routes, the checkout and the server use. It picks the adapter that
 * PAYMENT_PROVIDER names and wraps it in the shop's own rules, which are the same for every
 * adapter:
 * - `startSession` opens a provider session for an order and records it (payment_sessions);
 * - `handleWebhook` verifies a provider's webhook and applies it: the only way an order is paid;
 * - `reconcileOrder` asks the provider when no webhook came, and applies the answer through the
 *   same event path (so a webhook that comes later is a replay);
 * - `createSweeper` reconciles, then expires, orders abandoned for PAYMENT_SESSION_TTL_MINUTES.
 */
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { applyPaymentEvent, type ApplyResult } from './events';
import { createReconciler, type ReconcileResult } from './reconcile';
import { createLatePayments, type LatePayments } from './latePayments';
import {
  cancelOrderSessions,
  latestPaymentSession,
  startPaymentSession,
  type StartedSession,
  type StartSessionInput,
} from './sessions';
import {
  createOrderSweeper,
  sweepAbandonedOrders,
  type OrderSweeper,
  type OrderSweepOptions,
  type OrderSweepResult,
} from './sweep';
import { createTestProvider, testWebhookUrl, type TestHostedPage } from './test/provider';
import { WebhookVerificationError, type PaymentEvent, type PaymentProvider } from './types';
import { createStripeProvider } from './stripe/provider';
import { createWorldpayProvider } from './worldpay/provider';
import type { WebhookHeaders } from './types';

export type { ApplyOutcome, ApplyResult } from './events';
export type { ReconcileCheck, ReconcileResult } from './reconcile';
export type { StartedSession, StartSessionInput } from './sessions';
export type { LatePayments, LatePaymentView, LatePaymentActor } from './latePayments';
export { LatePaymentRefundFailed } from './latePayments';
export type { OrderSweeper, OrderSweepResult } from './sweep';
export type { TestHostedPage, TestSessionView, TestOutcome } from './test/provider';
export { isTestOutcome, testDeclineReasons, testOutcomes } from './test/provider';
export {
  deriveOrderToken,
  hashOrderToken,
  issueOrderToken,
  orderTokenMatches,
} from '../orders/accessToken';
export * from './types';

export type { PaymentsConfig } from '../../config';

export interface PaymentsDeps {
  config: Pick<Config, 'payments' | 'mail' | 'linkOrigin' | 'port'>;
  db: Database;
  logger: Logger;
  /** Told when an e-mail has been queued, so that it goes out soon. Never awaited. */
  mailWorker?: { nudge(): void } | undefined;
  /**
   * An adapter to use instead of the one PAYMENT_PROVIDER names (the provider contract suite runs
   * adapters against loopback fakes of their providers this way).
   */
  provider?: PaymentProvider;
  /** The test provider's hosted page, when `provider` is a test provider made by the caller. */
  testPage?: TestHostedPage | null;
  /** The clock a late payment's delivery day is re-booked by; the real time when left out. */
  now?: () => Date;
}

/** The outcome of a webhook: 2xx for every case (a verification failure throws, answered 400). */
export interface WebhookResult extends ApplyResult {
  /** Verified, but of a kind the shop does not act on (nothing recorded). */
  unhandled?: boolean;
}

export interface Payments {
  /** The active adapter. */
  readonly provider: PaymentProvider;
  /** True while PAYMENT_PROVIDER=test: pages show "Test mode", the server warns at start. */
  readonly testMode: boolean;
  /**
   * The built-in test provider's hosted page (GET and complete a session), while it is the
   * active provider; null otherwise.
   */
  readonly testPage: TestHostedPage | null;
  /**
   * Opens a provider session for an order that is awaiting payment (pending_payment or
   * payment_failed) and records it as the order's next attempt. Call it after the order is
   * committed. Throws a ConflictError when the order cannot be paid any more, a NotFoundError for
   * an unknown order, a PaymentProviderError when the provider cannot be reached.
   */
  startSession(input: StartSessionInput): Promise<StartedSession>;
  /** The order's latest session (the one the customer was sent to), or null. */
  latestSession(orderId: string): Promise<StartedSession | null>;
  /**
   * POST /api/payments/webhooks/{provider}: verifies the raw body and headers with the adapter
   * (a WebhookVerificationError for a bad, missing or stale signature: 400, nothing changes),
   * then applies the event in one transaction. Resolves once the event is recorded.
   */
  handleWebhook(
    providerName: string,
    rawBody: Buffer,
    headers: WebhookHeaders,
  ): Promise<WebhookResult>;
  /**
   * Closes the provider sessions of orders the shop has cancelled (a newer checkout replaced
   * them), so that they can no longer be paid. Never throws: a session that cannot be closed is
   * logged, and a payment still made on it is a late payment (refunded automatically).
   */
  cancelOrderSessions(orderIds: readonly string[]): Promise<void>;
  /** Payments taken for cancelled or expired orders: refunded automatically, else by staff. */
  readonly latePayments: LatePayments;
  /** Applies a verified (or retrieved) event: the one path every outcome takes. */
  applyEvent(event: PaymentEvent): Promise<ApplyResult>;
  /**
   * Asks the provider about the order's latest session and applies a final answer through the
   * event path. Orders that are no longer awaiting payment are left as they are. Never marks an
   * order paid without the provider saying so.
   */
  reconcileOrder(orderId: string): Promise<ReconcileResult>;
  /** One sweep: reconcile, then expire, orders older than PAYMENT_SESSION_TTL_MINUTES. */
  sweep(options?: OrderSweepOptions): Promise<OrderSweepResult>;
  /** A timer that sweeps now and then (server.ts starts and stops it). */
  createSweeper(options?: { intervalMs?: number; firstDelayMs?: number }): OrderSweeper;
}

export function createPayments(deps: PaymentsDeps): Payments {
  const { config, db, logger } = deps;
  const log = logger.child({ component: 'payments' });
  const built = deps.provider
    ? { provider: deps.provider, testPage: deps.testPage ?? null }
    : buildProvider(deps, log);
  const { provider, testPage } = built;
  const eventDeps = {
    db,
    logger: log,
    provider: provider.name,
    mail: config.mail,
    ordersMailTo: config.payments.ordersMailTo,
    linkOrigin: config.linkOrigin,
    mailWorker: deps.mailWorker,
    ...(deps.now ? { now: deps.now } : {}),
  };
  const latePayments = createLatePayments({
    db,
    logger: log,
    provider,
    mail: config.mail,
    mailWorker: deps.mailWorker,
  });
  const applyEvent = async (event: PaymentEvent) => {
    const result = await applyPaymentEvent(eventDeps, event);
    // Committed: a late payment it recorded is refunded now, without holding up the answer.
    if (result.latePaymentId) latePayments.refundInBackground(result.latePaymentId);
    return result;
  };
  const cancelSessions = (orderIds: readonly string[]) =>
    cancelOrderSessions({ db, provider, logger: log }, orderIds);
  const sessionDeps = {
    db,
    provider,
    ttlMinutes: config.payments.sessionTtlMinutes,
    cancelSessions,
  };
  const reconciler = createReconciler({ db, provider, logger: log, applyEvent });
  const sweepDeps = {
    db,
    logger: log,
    ttlMinutes: config.payments.sessionTtlMinutes,
    reconcileOrder: reconciler.reconcileOrder,
    // Late payments whose automatic refund an interrupted process never finished.
    afterSweep: async () => {
      await latePayments.retryDue();
    },
  };

  return {
    provider,
    testMode: provider.name === 'test',
    testPage,
    startSession: (input) => startPaymentSession(sessionDeps, input),
    latestSession: (orderId) => latestPaymentSession(db, provider.name, orderId),
    async handleWebhook(providerName, rawBody, headers) {
      if (providerName !== provider.name) {
        // A webhook for an adapter that is not active here cannot be verified.
        throw new WebhookVerificationError(`No active payment provider "${providerName}".`);
      }
      const event = await provider.verifyWebhook(rawBody, headers);
      if (event === null) return { outcome: 'unhandled', orderId: null, unhandled: true };
      return applyEvent(event);
    },
    applyEvent,
    cancelOrderSessions: cancelSessions,
    latePayments,
    reconcileOrder: reconciler.reconcileOrder,
    sweep: (options) => sweepAbandonedOrders(sweepDeps, options),
    createSweeper: (options) => createOrderSweeper(sweepDeps, options),
  };
}

function buildProvider(
  deps: PaymentsDeps,
  logger: Logger,
): { provider: PaymentProvider; testPage: TestHostedPage | null } {
  const { config, db } = deps;
  switch (config.payments.provider) {
    case 'test': {
      const test = createTestProvider({
        db,
        logger,
        webhookSecret: config.payments.testWebhookSecret,
        webhookUrl: testWebhookUrl(config),
      });
      return { provider: test.provider, testPage: test.page };
    }
    case 'worldpay': {
      const worldpay = config.payments.worldpay;
      // loadConfig refuses PAYMENT_PROVIDER=worldpay without its settings; this is a second guard.
      if (!worldpay) throw new Error('PAYMENT_PROVIDER=worldpay needs the WORLDPAY_* settings.');
      return { provider: createWorldpayProvider({ config: worldpay, logger }), testPage: null };
    }
    case 'stripe': {
      const stripe = config.payments.stripe;
      // loadConfig refuses PAYMENT_PROVIDER=stripe without its secrets; this is a second guard.
      if (!stripe) throw new Error('PAYMENT_PROVIDER=stripe needs the STRIPE_* settings.');
      return { provider: createStripeProvider({ config: stripe, logger }), testPage: null };
    }
  }
}
