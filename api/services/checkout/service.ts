/**
 * Checkout (issue 15): the cart priced for the checkout page, and POST /api/checkout, which turns
 * the cart into an order (a snapshot) and opens a payment session for it.
 *
 * The server is the authority: the cart is priced again from the catalogue inside the transaction
 * that makes the order, with the cart row locked, and nothing the browser says about prices or
 * totals is read. The order and its lines commit in one transaction; the provider is called only
 * after that commit (never inside a transaction), so a provider outage leaves a pending order
 * that the sweeper expires later.
 *
 * Idempotency: the order remembers the request's Idempotency-Key and a digest of what it asked for
 * (the validated form and the priced cart), UNIQUE per cart. Requests for one cart take turns on
 * the cart's row lock, so:
 * - the same key and the same request answer the same order again, with the same token and the
 *   same payment page (a double click or a retry, ×10 in parallel, makes one order);
 * - a new key with the same request while an order of this cart can still be paid (awaiting
 *   payment, or its payment failed) is a retry: that order again, with a new payment page when
 *   the last one cannot be paid any more (a declined card), not a new order number;
 * - a new key, or the same key with a changed request (the cart or the form changed), while an
 *   order of this cart still awaits payment, cancels that order and makes a new one;
 * - the same key with a changed request for an order that no longer awaits payment is refused.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { retryOnConflict } from '../../db/failures';
import { orderLines, orders } from '../../db/schema';
import { deliveryNeeds, parseDeliveryDay, type DeliveryOffer } from '../../domain/deliveryBooking';
import { dayInWords, type IsoDay } from '../../domain/deliveryCalendar';
import type { CartView } from '../../domain/cart';
import {
  asksAboutTank,
  buildCheckoutSummary,
  validateCheckout,
  type CheckoutDetails,
  type CheckoutForm,
  catalogueMeasures,
} from '../../domain/checkout';
import { zoneTitles } from '../../domain/catalogue';
import { deliveryMessages } from '../../domain/deliveryMessages';
import { messages } from '../../domain/messages';
import { formatPence } from '../../domain/money';
import type { FuelKind } from '../../domain/vat';
import { officePhones } from '../../domain/site';
import {
  canMoveOrder,
  isAwaitingPayment,
  isOrderStatus,
  type CheckoutSummary,
  type OrderStatus,
} from '../../domain/order';
import {
  AppError,
  BadRequestError,
  ConflictError,
  TooManyRequestsError,
  UnprocessableError,
} from '../../errors';
import type { Logger } from '../../logger';
import { isCartId, readCartView, type CatalogueSource } from '../cart/service';
import type { CatalogueSnapshot } from '../catalogue/repository';
import { issueOrderToken } from '../orders/accessToken';
import { isAnonymisedEmail } from '../orders/anonymised';
import { PaymentProviderError } from '../payments/types';
import { clientKey, createRateLimiter, type RateLimiter } from '../rateLimit/limiter';
import {
  bookDelivery,
  deliveryOffer,
  holdsDelivery,
  releaseDelivery,
  zoneNeeds,
  type ZoneNeed,
} from '../delivery/bookings';

/** The default DOMESTIC_USE_MAX_* (api/config.ts) for a service made without a config. */
const defaultDomesticUseMax = { litres: 5000, kilograms: 6000 };

/** What checkout needs of payments (api/services/payments: `createPayments`). */
export interface CheckoutPayments {
  startSession(input: { orderId: string; origin: string }): Promise<{ redirectUrl: string }>;
  latestSession(orderId: string): Promise<{ redirectUrl: string } | null>;
  /** Closes the provider sessions of orders this checkout cancelled (never throws). */
  cancelOrderSessions(orderIds: readonly string[]): Promise<void>;
  readonly provider: { readonly name: string };
}

export interface CheckoutServiceDeps {
  db: Database;
  catalogue: CatalogueSource;
  payments: CheckoutPayments;
  logger: Logger;
  /** How long a retry waits for the payment page the first request is still opening. */
  sessionWaitMs?: number;
  /**
   * CHECKOUT_*RATE* (new orders per client address and per cart) and DOMESTIC_USE_MAX_* (the
   * most a declaration may cover online). Omitted: no rate limit, and the defaults' caps.
   */
  config?: Pick<Config, 'checkoutRateLimit' | 'domesticUseMax'>;
  /** The clock delivery days are offered by (tests set it); the real time when left out. */
  now?: () => Date;
  /**
   * False: orders book no delivery day (the shop as it was before days were booked). Only the
   * benchmark sets it, to measure what booking costs against the same checkout without it.
   */
  bookDeliveryDays?: boolean;
}

export interface PlaceOrderInput {
  cartId: string | undefined;
  body: unknown;
  /** The Idempotency-Key header as sent (undefined when missing). */
  idempotencyKey: string | undefined;
  /** The site's origin, for the provider's return and cancel URLs. */
  origin: string;
  /** The signed-in customer the order belongs to; null or omitted for a guest. */
  customerId?: string | null;
  /** The client's address, for the per-address rate limit (omitted: not limited by address). */
  clientAddress?: string;
}

/** The 201 answer of POST /api/checkout (less `code` and `message`). */
export interface PlacedOrder {
  order: { id: string; number: string; status: OrderStatus; total: number };
  orderToken: string;
  redirectUrl: string;
  /** True when this answered an earlier request with the same key (Idempotent-Replayed). */
  replayed: boolean;
  /**
   * True when the key is an order's that has been paid already: answered 200 with its real state
   * (and the shop's own order status page as `redirectUrl`), not as a new payment page.
   */
  alreadyPaid?: boolean;
}

export interface CheckoutService {
  /**
   * GET /api/checkout and server rendering: the visitor's cart priced for checkout, with priority
   * delivery's surcharge when `priority`.
   */
  summary(
    cartId: string | undefined,
    domesticUse: boolean,
    priority?: boolean,
  ): Promise<CheckoutSummary>;
  /** POST /api/checkout. Refusals are thrown as AppErrors (400, 409, 422, 502). */
  placeOrder(input: PlaceOrderInput): Promise<PlacedOrder>;
}

/** Idempotency-Key: 8 to 200 printable ASCII characters, no spaces (a UUID fits). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;

export function parseIdempotencyKey(value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    throw new BadRequestError(messages.checkout.idempotencyKeyRequired, {
      errors: [messages.checkout.idempotencyKeyRequired],
    });
  }
  if (!IDEMPOTENCY_KEY.test(value)) {
    throw new BadRequestError(messages.checkout.idempotencyKeyInvalid, {
      errors: [messages.checkout.idempotencyKeyInvalid],
    });
  }
  return value;
}

/**
 * What a checkout request asked for, as a digest: the validated form and the cart as priced (each
 * line's product, size, quantity and price, and the totals). The same key with another digest is
 * another request.
 */
function requestDigest(
  form: CheckoutForm,
  summary: CheckoutSummary,
  delivery: RequestedDelivery,
): string {
  const canonical = JSON.stringify({
    deliveryDay: delivery.day ?? null,
    priority: delivery.priority,
    form: [
      form.fullName,
      form.email,
      form.phone,
      form.addressLine1,
      form.addressLine2,
      form.town,
      form.postcode,
      form.instructions,
      form.domesticUse,
      // Only kept when the order has oil (asksAboutTank), so only then part of what was asked;
      // left out when not given, so a request's digest is the same as before the tank was asked.
      ...(asksAboutTank(summary.lines) && (form.tankLocation || form.tankAccess)
        ? [form.tankLocation, form.tankAccess]
        : []),
    ],
    lines: summary.lines.map((l) => [l.productId, l.sizeId, l.quantity, l.unitPrice, l.vatRate]),
    money: [summary.deliveryCharge, summary.vatAdjustment, summary.total],
  });
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

type OrderRow = typeof orders.$inferSelect;

/** What a request decided, and the earlier unpaid orders of the cart it cancelled. */
type Decision =
  | { kind: 'created'; order: OrderRow; cancelled: string[] }
  | { kind: 'replay'; order: OrderRow; cancelled: string[] }
  /** A payment tried again for the same cart and details: that order, with a new payment page. */
  | { kind: 'retry'; order: OrderRow; cancelled: string[] }
  /** The key is an order's that no longer awaits payment: answered with its real state. */
  | { kind: 'closed'; order: OrderRow; cancelled: string[] };

/** `expectedTotal`: the total (pence) the checkout page showed; required. */
export function parseExpectedTotal(body: unknown): number {
  const value =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as { expectedTotal?: unknown }).expectedTotal
      : undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new BadRequestError(messages.checkout.expectedTotalRequired, {
      errors: [messages.checkout.expectedTotalRequired],
    });
  }
  return value;
}

/** The delivery a checkout request asks for. */
interface RequestedDelivery {
  /** Standard delivery's chosen day; absent for the earliest free standard day. */
  day: IsoDay | undefined;
  /** Priority (next-day) delivery, for the surcharge. */
  priority: boolean;
}

/**
 * `deliveryService`: "standard" (or absent) or "priority"; `deliveryDay`: standard delivery's
 * day (ISO), or absent for the earliest free standard day.
 */
export function parseRequestedDelivery(body: unknown): RequestedDelivery {
  const record =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as { deliveryDay?: unknown; deliveryService?: unknown })
      : {};
  const service = record.deliveryService ?? 'standard';
  if (service !== 'standard' && service !== 'priority') {
    throw new BadRequestError(deliveryMessages.deliveryServiceInvalid, {
      errors: [deliveryMessages.deliveryServiceInvalid],
    });
  }
  if (service === 'priority') return { day: undefined, priority: true };
  return { day: parseRequestedDay(record.deliveryDay), priority: false };
}

/** `deliveryDay`: the day the customer chose (ISO), or absent for the earliest standard day. */
function parseRequestedDay(value: unknown): IsoDay | undefined {
  const day = parseDeliveryDay(value);
  if (day === null) {
    throw new BadRequestError(deliveryMessages.deliveryDayInvalid, {
      errors: [deliveryMessages.deliveryDayInvalid],
      extra: { fieldErrors: { deliveryDay: deliveryMessages.deliveryDayInvalid } },
    });
  }
  return day;
}

/** How many free days an order placed without a chosen day tries before giving up (a race). */
const autoBookTries = 5;

/** Statuses at or past paid: a replay of their key says so instead of opening a payment page. */
const paidStatuses: readonly OrderStatus[] = ['paid', 'out_for_delivery', 'delivered', 'refunded'];
/** An order of the cart that was not paid, whose details a new try at checkout starts from. */
const unpaidStatuses: readonly OrderStatus[] = [
  'pending_payment',
  'payment_failed',
  'cancelled',
  'expired',
];

/** How a closed order's status reads in "This order … and can no longer be paid." */
const closedWording: Partial<Record<OrderStatus, string>> = {
  cancelled: 'was cancelled',
  expired: 'has expired',
  needs_review: 'is being checked by our staff',
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** After this, an order still without a payment session lost its first attempt (provider failed). */
const sessionAbandonedAfterMs = 30_000;

export function createCheckoutService({
  db,
  catalogue,
  payments,
  logger,
  sessionWaitMs = 10_000,
  config,
  now = () => new Date(),
  bookDeliveryDays = true,
}: CheckoutServiceDeps): CheckoutService {
  const domesticUseMax = config?.domesticUseMax ?? defaultDomesticUseMax;
  const limits = config
    ? {
        address: createRateLimiter(db, {
          name: 'checkout',
          limit: config.checkoutRateLimit.perAddress,
          windowSeconds: config.checkoutRateLimit.windowSeconds,
          onPruneError: (error) =>
            logger.warn({ err: error }, 'pruning old rate-limit keys failed'),
        }),
        cart: createRateLimiter(db, {
          name: 'checkout-cart',
          limit: config.checkoutRateLimit.perCart,
          windowSeconds: config.checkoutRateLimit.windowSeconds,
          onPruneError: (error) =>
            logger.warn({ err: error }, 'pruning old rate-limit keys failed'),
        }),
      }
    : null;

  /**
   * A new order counts against the cart and the client's address (a replay of a key the cart
   * already used is not a new order): 429 with Retry-After past either limit. Each one is a call
   * to the payment provider (with Stripe, against the shop's API quota). Returns how to give the
   * slots back, for an attempt that then makes no order.
   *
   * Only attempts that make an order (or pay an unpaid one again) spend the limits. The cart's
   * limit is asked first, so an attempt it refuses never reaches the address's budget, which
   * would otherwise let one cart's refused presses of Pay use up the address for every other
   * cart behind it. An attempt the address refuses gives its cart slot back, and one refused
   * later (an empty cart, a changed total, no delivery room) gives both back. A slot is taken
   * (atomically, in the shared table) before the order is made and held while it is, so two
   * requests at once, from any processes, can never both take the last one; a request refused
   * because of another that then gives its slot back was refused on the safe side.
   */
  async function limitNewOrders(input: PlaceOrderInput, key: string): Promise<() => Promise<void>> {
    const taken: { limiter: RateLimiter; key: string; stamp: string }[] = [];
    const release = async () => {
      for (const slot of taken.splice(0)) {
        try {
          await slot.limiter.release(slot.key, slot.stamp);
        } catch (error) {
          // The slot stays spent until it leaves the window: stricter, never looser.
          logger.warn({ err: error }, 'checkout: giving back a rate-limit slot failed');
        }
      }
    };
    if (!limits || !input.cartId || !isCartId(input.cartId)) return release;
    const [known] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.cartId, input.cartId), eq(orders.idempotencyKey, key)))
      .limit(1);
    if (known) return release;
    const checks = [
      { limiter: limits.cart, key: input.cartId },
      ...(input.clientAddress
        ? [{ limiter: limits.address, key: clientKey(input.clientAddress) }]
        : []),
    ];
    for (const check of checks) {
      const outcome = await check.limiter.hit(check.key);
      if (!outcome.allowed) {
        await release();
        logger.warn({ cartId: input.cartId }, 'checkout: order rate limit reached');
        throw new TooManyRequestsError(messages.checkout.tooManyOrders, outcome.retryAfterSeconds);
      }
      if (outcome.stamp !== null) taken.push({ ...check, stamp: outcome.stamp });
    }
    return release;
  }
  const price = (
    cart: CartView,
    snapshot: CatalogueSnapshot,
    domesticUse: boolean,
    surcharges: Partial<Record<FuelKind, number>> = {},
  ) =>
    buildCheckoutSummary(
      cart,
      catalogueMeasures(snapshot.products),
      snapshot.zones,
      domesticUse,
      surcharges,
    );

  /** Priority delivery's surcharge per kind of fuel: each zone the order needs charges its own. */
  function surchargesOf(zones: readonly ZoneNeed[]): Partial<Record<FuelKind, number>> {
    const surcharges: Partial<Record<FuelKind, number>> = {};
    for (const zone of zones) {
      const kind: FuelKind = zone.zoneTitle === zoneTitles.oil ? 'oil' : 'solid';
      surcharges[kind] = (surcharges[kind] ?? 0) + zone.calendar.prioritySurcharge;
    }
    return surcharges;
  }

  /** The zones the priced cart needs room in, with their calendars. */
  function needsOf(tx: Database, snapshot: CatalogueSnapshot, priced: CheckoutSummary) {
    return zoneNeeds(
      tx,
      snapshot.zones,
      deliveryNeeds(
        priced.lines.map((line) => line.type),
        priced.litres,
      ),
    );
  }

  async function summary(cartId: string | undefined, domesticUse: boolean, priority = false) {
    const snapshot = await catalogue.snapshot();
    const cart = await readCartView(db, cartId, snapshot, { lock: false });
    const standard = price(cart, snapshot, domesticUse);
    let withDays: CheckoutSummary = standard;
    if (standard.lines.length > 0) {
      const zones = await needsOf(db, snapshot, standard);
      const offer = await deliveryOffer(db, zones, now());
      const fast = price(cart, snapshot, domesticUse, surchargesOf(zones));
      // Both totals go with the offer: the page shows (and posts back) the one chosen.
      const delivery = {
        ...offer,
        priority: { ...offer.priority, total: fast.total },
        standardTotal: standard.total,
      };
      withDays = { ...(priority ? fast : standard), delivery };
    }
    const lastDetails = cart.cartId === null ? undefined : await lastUnpaidDetails(cart.cartId);
    return lastDetails ? { ...withDays, lastDetails } : withDays;
  }

  /** The 409 for an order that found no room: the next free day, or the office's phones. */
  function noRoom(requested: IsoDay | undefined, offer: DeliveryOffer): ConflictError {
    // The next free day after the one asked for (or, failing that, the earliest free one).
    const next =
      offer.days.find((d) => d.free && requested !== undefined && d.day > requested)?.day ??
      offer.earliest;
    const message =
      requested !== undefined && next !== null
        ? deliveryMessages.deliveryDayFull(dayInWords(requested), dayInWords(next))
        : deliveryMessages.noDeliveryDay(officePhones());
    return new ConflictError(message, {
      errors: [message],
      extra: { delivery: offer, fieldErrors: { deliveryDay: message } },
    });
  }

  /**
   * Books the order's day: the requested one (which must be one the order can have), or the
   * earliest standard day with room, then the next ones (another buyer may take a day's last
   * room first). Throws the 400 or 409 the customer sees; the caller's transaction rolls back.
   */
  async function bookDay(
    tx: Database,
    orderId: string,
    zones: readonly ZoneNeed[],
    delivery: RequestedDelivery,
  ): Promise<void> {
    if (zones.length === 0 || !bookDeliveryDays) return;
    const instant = now();
    const offer = await deliveryOffer(tx, zones, instant);
    if (delivery.priority) {
      const day = offer.priority.day;
      if (day !== null && (await bookDelivery(tx, orderId, day, zones))) return;
      const message = deliveryMessages.priorityFull;
      throw new ConflictError(message, {
        errors: [message],
        extra: { delivery: offer, fieldErrors: { deliveryService: message } },
      });
    }
    const requested = delivery.day;
    if (requested !== undefined) {
      if (!offer.days.some((d) => d.day === requested)) {
        throw new BadRequestError(deliveryMessages.deliveryDayInvalid, {
          errors: [deliveryMessages.deliveryDayInvalid],
          extra: {
            delivery: offer,
            fieldErrors: { deliveryDay: deliveryMessages.deliveryDayInvalid },
          },
        });
      }
      if (await bookDelivery(tx, orderId, requested, zones)) return;
      throw noRoom(requested, await deliveryOffer(tx, zones, instant));
    }
    const free = offer.days.filter((d) => d.free);
    const first = offer.standard ?? offer.earliest;
    const order = [...free.filter((d) => d.day === first), ...free.filter((d) => d.day !== first)];
    for (const candidate of order.slice(0, autoBookTries)) {
      if (await bookDelivery(tx, orderId, candidate.day, zones)) return;
    }
    throw noRoom(undefined, await deliveryOffer(tx, zones, instant));
  }

  /** What was typed for the cart's latest order, when it was not paid (a retry starts from it). */
  async function lastUnpaidDetails(cartId: string): Promise<CheckoutDetails | undefined> {
    const [last] = await db
      .select()
      .from(orders)
      .where(eq(orders.cartId, cartId))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    if (!last || !isOrderStatus(last.status) || !unpaidStatuses.includes(last.status)) {
      return undefined;
    }
    // A deleted customer's order keeps no details to start a form from.
    if (isAnonymisedEmail(last.email)) return undefined;
    return {
      fullName: last.fullName,
      email: last.email,
      phone: last.phone,
      addressLine1: last.addressLine1,
      addressLine2: last.addressLine2 ?? '',
      town: last.town,
      tankLocation: last.tankLocation ?? '',
      tankAccess: last.tankAccess ?? '',
      instructions: last.instructions ?? '',
    };
  }

  /**
   * Moves this cart's orders that still await payment to `cancelled` (forward only), and answers
   * their ids: their provider sessions are closed once this commits.
   */
  async function cancelAwaiting(tx: Database, cartId: string, keep?: string): Promise<string[]> {
    const awaiting = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(
        and(
          eq(orders.cartId, cartId),
          inArray(orders.status, ['pending_payment', 'payment_failed']),
        ),
      )
      .for('update');
    const cancel = awaiting
      .filter((o) => o.id !== keep)
      .filter((o) => isOrderStatus(o.status) && canMoveOrder(o.status, 'cancelled'))
      .map((o) => o.id);
    if (cancel.length === 0) return [];
    await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(
        and(
          inArray(orders.id, cancel),
          inArray(orders.status, ['pending_payment', 'payment_failed']),
        ),
      );
    await releaseDelivery(tx, cancel);
    logger.info({ orders: cancel }, 'checkout: earlier unpaid orders of the cart cancelled');
    return cancel;
  }

  async function decide(
    form: CheckoutForm,
    cartId: string | undefined,
    key: string,
    orderId: string,
    tokenHash: string,
    customerId: string | null,
    expectedTotal: number,
    requested: RequestedDelivery,
  ): Promise<Decision> {
    const snapshot = await catalogue.snapshot();
    const decideIn = async (tx: Database): Promise<Decision> => {
      // The cart row stays locked until the commit: requests for one cart take turns here.
      const cart = await readCartView(tx, cartId, snapshot, { lock: true });
      const [earlier] =
        cart.cartId === null
          ? []
          : await tx
              .select()
              .from(orders)
              .where(and(eq(orders.cartId, cart.cartId), eq(orders.idempotencyKey, key)))
              .for('update');
      // The key of an order that is past paying (paid, expired, cancelled): its real state, not
      // a payment page that can no longer be used, whatever the cart holds now.
      const standard = price(cart, snapshot, form.domesticUse);
      const zones = standard.lines.length === 0 ? [] : await needsOf(tx, snapshot, standard);
      const priced = requested.priority
        ? price(cart, snapshot, form.domesticUse, surchargesOf(zones))
        : standard;
      if (earlier && (!isOrderStatus(earlier.status) || !isAwaitingPayment(earlier.status))) {
        // The same key for another request (the cart or the form changed) is refused as before.
        if (
          priced.blocked === null &&
          requestDigest(form, priced, requested) !== earlier.requestDigest
        ) {
          throw new UnprocessableError(messages.checkout.idempotencyKeyReused, {
            errors: [messages.checkout.idempotencyKeyReused],
          });
        }
        return { kind: 'closed', order: earlier, cancelled: [] };
      }
      if (priced.blocked !== null || cart.cartId === null) {
        throw new UnprocessableError(priced.blocked ?? messages.cart.empty, {
          errors: [priced.blocked ?? messages.cart.empty],
        });
      }
      if (form.postcode !== cart.postcode) {
        throw new ConflictError(messages.checkout.postcodeMismatch, {
          errors: [messages.checkout.postcodeMismatch],
          extra: { fieldErrors: { postcode: messages.checkout.postcodeMismatch } },
        });
      }
      // The declaration buys 5 % VAT; trade volumes are not declared online (the cart is kept).
      if (form.domesticUse && priced.declarationApplies) {
        const over =
          priced.litres > domesticUseMax.litres
            ? `${priced.litres.toLocaleString('en-GB')} litres of oil`
            : priced.kilograms > domesticUseMax.kilograms
              ? `${priced.kilograms.toLocaleString('en-GB')} kg of solid fuel`
              : null;
        if (over !== null) {
          const message = messages.checkout.domesticUseTooLarge(over, officePhones());
          throw new UnprocessableError(message, {
            errors: [message],
            extra: { fieldErrors: { domesticUse: message } },
          });
        }
      }
      // The price the customer agreed to is the one they saw: any other total is asked again.
      if (priced.total !== expectedTotal) {
        const message = messages.checkout.totalChanged(formatPence(priced.total));
        throw new ConflictError(message, {
          errors: [message],
          extra: { total: priced.total, summary: priced },
        });
      }
      const digest = requestDigest(form, priced, requested);
      if (earlier) {
        if (earlier.requestDigest === digest) {
          // A failed payment gave its day's room back: paying again books it again.
          if (!(await holdsDelivery(tx, earlier.id))) {
            await bookDay(tx, earlier.id, zones, requested);
          }
          return { kind: 'replay', order: earlier, cancelled: [] };
        }
        // The same press of Pay, but the cart or the form changed: that order gives way, and its
        // key goes to the new one.
        await tx
          .update(orders)
          .set({ idempotencyKey: null, updatedAt: sql`now()` })
          .where(eq(orders.id, earlier.id));
      }
      // Pay pressed again after a payment that did not go through (declined, or a page left),
      // with the same cart and details: the same order, which can still be paid, under this key,
      // rather than a new order number (and a cancelled one for staff to wonder about).
      const [payable] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.cartId, cart.cartId),
            eq(orders.requestDigest, digest),
            inArray(orders.status, ['pending_payment', 'payment_failed']),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1)
        .for('update');
      if (payable) {
        await tx
          .update(orders)
          .set({ idempotencyKey: key, updatedAt: sql`now()` })
          .where(eq(orders.id, payable.id));
        // A failed payment gave its day's room back: it is booked again (or another day).
        if (!(await holdsDelivery(tx, payable.id))) {
          await bookDay(tx, payable.id, zones, requested);
        }
        const cancelled = await cancelAwaiting(tx, cart.cartId, payable.id);
        return { kind: 'retry', order: { ...payable, idempotencyKey: key }, cancelled };
      }
      const cancelled = await cancelAwaiting(tx, cart.cartId);

      const [order] = await tx
        .insert(orders)
        .values({
          id: orderId,
          cartId: cart.cartId,
          customerId,
          fullName: form.fullName,
          email: form.email,
          phone: form.phone,
          addressLine1: form.addressLine1,
          addressLine2: form.addressLine2,
          town: form.town,
          postcode: form.postcode,
          // The tank is the oil driver's question: an order without oil keeps no answer to it.
          ...(asksAboutTank(priced.lines)
            ? { tankLocation: form.tankLocation, tankAccess: form.tankAccess }
            : {}),
          instructions: form.instructions,
          // Only a declaration the order asked for is kept (a stray true from a small cart is not).
          domesticUse: form.domesticUse && priced.declarationApplies,
          subtotal: priced.subtotal,
          deliveryCharge: priced.deliveryCharge,
          prioritySurcharge: priced.prioritySurcharge ?? 0,
          vatAdjustment: priced.vatAdjustment,
          vatTotal: priced.vatTotal,
          total: priced.total,
          currency: priced.currency,
          accessTokenHash: tokenHash,
          idempotencyKey: key,
          requestDigest: digest,
          provider: payments.provider.name,
        })
        .returning();
      if (!order) throw new Error('Creating an order returned no row.');
      await tx.insert(orderLines).values(
        priced.lines.map((line, ordering) => ({
          orderId: order.id,
          productId: line.productId,
          sizeId: line.sizeId,
          type: line.type,
          title: line.title,
          sizeTitle: line.sizeTitle,
          unitPrice: line.unitPrice,
          quantity: line.quantity,
          lineTotal: line.lineTotal,
          vatRate: line.vatRate,
          vatAmount: line.vatAmount,
          ordering,
        })),
      );
      await bookDay(tx, order.id, zones, requested);
      const [booked] = await tx.select().from(orders).where(eq(orders.id, order.id));
      return { kind: 'created', order: booked ?? order, cancelled };
    };
    // Run again when PostgreSQL gives it up for meeting another transaction (a deadlock): all it
    // does is in the transaction, so nothing of the failed run is left.
    return retryOnConflict(() => db.transaction(decideIn));
  }

  /** Opens the order's payment session; a provider failure is a 502 (the order stays pending). */
  async function startSession(order: OrderRow, origin: string): Promise<string> {
    try {
      const session = await payments.startSession({ orderId: order.id, origin });
      return session.redirectUrl;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof PaymentProviderError) {
        logger.warn({ err: error, orderId: order.id }, 'checkout: payment provider failed');
        throw new AppError(502, messages.checkout.providerUnavailable, {
          errors: [messages.checkout.providerUnavailable],
          cause: error,
        });
      }
      throw error;
    }
  }

  /**
   * A replay's payment page: the one the first request opened. While that request may still be
   * opening it, wait for it (bounded); when it must have failed, open one now.
   */
  async function replaySession(order: OrderRow, origin: string): Promise<string> {
    const deadline = Date.now() + sessionWaitMs;
    const awaiting = isOrderStatus(order.status) && isAwaitingPayment(order.status);
    // A declined attempt's page cannot be paid again: the customer gets a new one.
    if (order.status === 'payment_failed') return startSession(order, origin);
    for (;;) {
      const session = await payments.latestSession(order.id);
      if (session) return session.redirectUrl;
      if (!awaiting) {
        throw new ConflictError(messages.checkout.orderClosed, {
          errors: [messages.checkout.orderClosed],
        });
      }
      if (Date.now() - order.createdAt.getTime() > sessionAbandonedAfterMs) {
        return startSession(order, origin);
      }
      if (Date.now() >= deadline) {
        throw new AppError(503, messages.checkout.sessionPending, {
          errors: [messages.checkout.sessionPending],
        });
      }
      await sleep(100);
    }
  }

  async function placeOrder(input: PlaceOrderInput): Promise<PlacedOrder> {
    const key = parseIdempotencyKey(input.idempotencyKey);
    const validation = validateCheckout(input.body);
    if (!validation.ok) {
      throw new BadRequestError(validation.errors[0] ?? messages.checkout.fullNameRequired, {
        errors: validation.errors,
        extra: { fieldErrors: validation.fieldErrors },
      });
    }
    const expectedTotal = parseExpectedTotal(input.body);
    const requested = parseRequestedDelivery(input.body);
    const releaseLimits = await limitNewOrders(input, key);
    const orderId = randomUUID();
    let token: { token: string; hash: string };
    let decision: Decision;
    try {
      token = await issueOrderToken(db, orderId);
      decision = await decide(
        validation.value,
        input.cartId,
        key,
        orderId,
        token.hash,
        input.customerId ?? null,
        expectedTotal,
        requested,
      );
    } catch (error) {
      // Refused (or failed) with nothing made: decide's work is one transaction, rolled back.
      await releaseLimits();
      throw error;
    }
    // An earlier order's key (a request racing its own first try): not a new order either.
    if (decision.kind === 'replay' || decision.kind === 'closed') await releaseLimits();
    const { order } = decision;
    if (decision.kind === 'closed') return closedAnswer(order);
    // The orders this one replaced can no longer be paid: their provider sessions are closed
    // before the new payment page is shown (a payment that still gets through is refunded).
    if (decision.cancelled.length > 0) await payments.cancelOrderSessions(decision.cancelled);
    if (decision.kind === 'created') {
      logger.info({ orderId: order.id, number: order.number }, 'checkout: order created');
      const redirectUrl = await startSession(order, input.origin);
      return { order: publicOrder(order), orderToken: token.token, redirectUrl, replayed: false };
    }
    if (decision.kind === 'retry') {
      logger.info({ orderId: order.id, number: order.number }, 'checkout: payment tried again');
    }
    const redirectUrl = await replaySession(order, input.origin);
    const [current] = await db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    const replayToken = await issueOrderToken(db, order.id);
    return {
      order: publicOrder({ ...order, status: current?.status ?? order.status }),
      orderToken: replayToken.token,
      redirectUrl,
      // A retry is a new request answered with an earlier order, not the same request again.
      replayed: decision.kind === 'replay',
    };
  }

  /** The key of an order past paying: paid (200, its status page) or closed (409). */
  async function closedAnswer(order: OrderRow): Promise<PlacedOrder> {
    const status = isOrderStatus(order.status) ? order.status : 'needs_review';
    if (paidStatuses.includes(status)) {
      const replayToken = await issueOrderToken(db, order.id);
      return {
        order: publicOrder(order),
        orderToken: replayToken.token,
        redirectUrl: `/checkout/process?order=${encodeURIComponent(order.id)}`,
        replayed: true,
        alreadyPaid: true,
      };
    }
    const message = messages.checkout.orderNoLongerPayable(closedWording[status] ?? 'is closed');
    throw new ConflictError(message, { errors: [message], extra: { order: publicOrder(order) } });
  }

  return { summary, placeOrder };
}

function publicOrder(order: Pick<OrderRow, 'id' | 'number' | 'status' | 'total'>) {
  return { id: order.id, number: order.number, status: order.status, total: order.total };
}
