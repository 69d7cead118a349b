import type { Pence } from '../../domain/money';

/**
 * The payment provider interface. An adapter turns one hosted-page provider (the built-in test
 * provider, Worldpay, Stripe) into these three calls; everything provider-specific (request
 * formats, signature headers, event names) stays inside the adapter. The shop's own rules (prices,
 * de-duplication, amount checks, forward-only status) live outside, in one place for all adapters.
 */
export interface PaymentProvider {
  /** `PAYMENT_PROVIDER`: "test", "worldpay", "stripe". Stored on orders, sessions and events. */
  readonly name: string;
  /** Creates a hosted payment session for one attempt at paying an order. */
  createSession(input: CreateSessionInput): Promise<PaymentSession>;
  /**
   * Verifies a webhook from the raw body and headers, and normalises it. Throws a
   * WebhookVerificationError for a bad, missing or stale signature (answered 400). Resolves null
   * for a verified event the shop does not act on (answered 2xx so it is not sent again).
   */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): Promise<PaymentEvent | null>;
  /** Asks the provider where a session stands (reconciliation when no webhook came). */
  retrieve(session: SessionRef): Promise<RetrievedPayment>;
  /**
   * Gives back part or all of the money of a paid session (the back office's refunds). The
   * `idempotencyKey` is unique per refund the shop makes: repeating a call with it refunds once.
   * Throws a PaymentProviderError when the provider refuses or cannot be reached, in which case
   * the shop records nothing as refunded.
   */
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Closes a session that must no longer be paid (its order was cancelled): the provider's page
   * then refuses payment. Resolves `cancelled` when the session is closed (now, or already,
   * unpaid), `paid` when the customer paid before the cancel arrived, `unsupported` when the
   * provider has no way to close a session (Worldpay's Hosted Payment Pages). For `paid` and
   * `unsupported` a payment that arrives is a late payment, refunded automatically
   * (latePayments.ts). Throws a PaymentProviderError when the provider cannot be reached.
   */
  cancelSession(session: SessionRef): Promise<CancelOutcome>;
}

/** What `cancelSession` did (see PaymentProvider.cancelSession). */
export type CancelOutcome = 'cancelled' | 'paid' | 'unsupported';

export interface RefundInput {
  /** The session that was paid. */
  session: SessionRef;
  /** What to give back, in pence: more than 0, at most what was paid less earlier refunds. */
  amount: Pence;
  currency: 'GBP';
  /** True when this refund gives back everything that is left (a cancellation). */
  full: boolean;
  /** "fuelyard-refund-{uuid}": the same key for every try at one refund. */
  idempotencyKey: string;
}

export interface RefundResult {
  /** The provider's id for the refund. */
  refundId: string;
  /**
   * `succeeded` when the provider has accepted it (the money is on its way back), `pending` when
   * it accepted the request but settles later. Either way the shop counts it as refunded.
   */
  status: 'succeeded' | 'pending';
}

export type WebhookHeaders = Readonly<Record<string, string | string[] | undefined>>;

export interface CreateSessionInput {
  order: {
    id: string;
    number: string;
    /** What the customer pays, in pence: the order's total. */
    amount: Pence;
    currency: 'GBP';
    email: string;
    fullName: string;
  };
  /**
   * What the order is made of, from its snapshot (the lines as priced when it was placed), then
   * the delivery charge and any VAT adjustment: Σ unitAmount × quantity is the order's amount.
   * For providers that show the customer an itemised page (Stripe Checkout).
   */
  lines: readonly SessionLine[];
  /** 1 for the first attempt at paying this order, 2 for the next, … */
  attempt: number;
  /** A reference unique per attempt, made from the order number (FY-100001-2). */
  reference: string;
  /**
   * Absolute URLs the provider's page returns the browser to: after paying (or while a payment is
   * pending), after a decline or an error, after a cancel, after the page ran out of time.
   */
  returnUrl: string;
  declinedUrl: string;
  cancelUrl: string;
  expiredUrl: string;
  expiresAt: Date;
}

export interface SessionLine {
  /** "Kerosene (900 litres)", "Delivery", "VAT at 20% (no domestic-use declaration)". */
  name: string;
  /** Pence, never negative. */
  unitAmount: Pence;
  quantity: number;
}

export interface PaymentSession {
  /** The provider's id for the session. */
  sessionId: string;
  /** Where the browser goes to pay (absolute, or a path on this site for the test provider). */
  redirectUrl: string;
  expiresAt: Date;
}

export interface SessionRef {
  sessionId: string;
  reference: string;
  orderId: string;
}

export type PaymentEventType = 'succeeded' | 'failed' | 'cancelled' | 'expired';

/** A verified provider event, normalised. */
export interface PaymentEvent {
  /** The provider's event id: unique per provider, the de-duplication key. */
  id: string;
  /**
   * What the event means for the order; `other` for an event that moves no order (Worldpay's
   * settled or refunded): it is recorded, de-duplicated and acknowledged, and nothing changes.
   */
  type: PaymentEventType | 'other';
  /** The provider's own name for the event (authorized, settled, …), recorded for `other`. */
  providerType?: string;
  orderId: string | null;
  /** The session or reference the event names, to find the order when orderId is absent. */
  sessionId: string | null;
  reference: string | null;
  /**
   * What the provider says was paid, in pence; null when its event carries no amount (Worldpay's
   * refused and error do not). A success without an amount is never taken as paid.
   */
  amount: Pence | null;
  currency: string | null;
  /** A decline reason to show the customer, when the provider gives one. */
  reason?: string;
}

/** What `retrieve` learns; `pending` means nothing final yet. */
export interface RetrievedPayment {
  status: 'pending' | PaymentEventType;
  amount: Pence;
  currency: string;
  /** A stable id for the outcome, used as the event id when reconciliation applies it. */
  eventId: string;
}

/** A webhook whose signature is bad, missing or stale: answered 400, nothing changes. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** The provider could not be reached or answered an error after the bounded retries. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
