/**
 * Order statuses and the only moves between them. Pure: shared by the API (the authority) and the
 * browser (which shows them). Money rules: only a verified provider event moves an order to
 * `paid`, and a status never moves backwards, so a late "failed" cannot undo "paid".
 */
import type { CheckoutDetails } from './checkout';
import type { DeliveryOffer } from './deliveryBooking';

export const orderStatuses = [
  'pending_payment',
  'paid',
  'payment_failed',
  'cancelled',
  'expired',
  'needs_review',
  'out_for_delivery',
  'delivered',
  'refunded',
] as const;

export type OrderStatus = (typeof orderStatuses)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
}

/**
 * The moves allowed from each status. `payment_failed` is not final: the customer may pay again
 * on the same order (a new payment session), so it may still become paid. `needs_review` (an
 * amount or currency that did not match) is left to staff. After `paid`, only staff move an order
 * (api/domain/admin.ts): out for delivery, delivered, and `refunded` once all of it is refunded.
 */
const forward: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'payment_failed', 'cancelled', 'expired', 'needs_review'],
  payment_failed: ['paid', 'cancelled', 'expired', 'needs_review'],
  // Staff moves (the back office): delivery, and a full refund.
  paid: ['out_for_delivery', 'refunded'],
  out_for_delivery: ['delivered', 'refunded'],
  delivered: ['refunded'],
  needs_review: ['refunded'],
  cancelled: [],
  expired: [],
  refunded: [],
};

/** True when an order in `from` may move to `to`. Staying put is not a move. */
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return forward[from].includes(to);
}

/** Statuses in which the customer may still pay (a new session may be made). */
export function isAwaitingPayment(status: OrderStatus): boolean {
  return status === 'pending_payment' || status === 'payment_failed';
}

/** Statuses that never change again. */
export function isFinalOrderStatus(status: OrderStatus): boolean {
  return forward[status].length === 0;
}

/** VAT rates in basis points: 500 is 5 % (domestic fuel), 2000 is 20 % (standard). */
export type VatRate = 500 | 2000;

/** One priced line, as the checkout summary and the order show it. Money in pence. */
export interface OrderLineView {
  productId: number;
  sizeId: number | null;
  type: 'coal' | 'oil' | 'woodpellet' | 'other';
  title: string;
  sizeTitle: string | null;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  vatRate: VatRate;
  /** The VAT included in `lineTotal`. */
  vatAmount: number;
}

/** The money of a priced cart or an order, in pence (GBP). */
export interface OrderMoney {
  lines: OrderLineView[];
  /** Sum of the line totals (catalogue prices, VAT at 5 % included). */
  subtotal: number;
  deliveryCharge: number;
  /** Priority (next-day) delivery's surcharge, its own line (VAT as the goods); absent or 0 for standard. */
  prioritySurcharge?: number;
  /**
   * The extra VAT when a supply above HMRC's automatic limits is charged at 20 % without the
   * domestic-use declaration; shown as its own summary line; 0 otherwise.
   */
  vatAdjustment: number;
  /** VAT included in the total, per rate (only rates that occur), highest rate last. */
  vatBreakdown: { rate: VatRate; amount: number }[];
  vatTotal: number;
  /** subtotal + deliveryCharge + prioritySurcharge + vatAdjustment. */
  total: number;
  currency: 'GBP';
}

/**
 * The customer's answer to the domestic-use declaration, or null when it was not asked: checkout
 * asks only above HMRC's automatic limits, where an order without it carries the 20 % VAT
 * adjustment (api/domain/vat.ts).
 */
export function declarationAnswer(order: {
  domesticUse: boolean;
  vatAdjustment: number;
}): boolean | null {
  if (order.domesticUse) return true;
  return order.vatAdjustment > 0 ? false : null;
}

/**
 * GET /api/checkout: the cart priced by the server for the checkout page. `blocked` says why
 * checkout cannot open (the page redirects to /cart with it as a notification), else null.
 */
export interface CheckoutSummary extends OrderMoney {
  postcode: string | null;
  blocked: string | null;
  /** True when the cart is above the automatic limits: the domestic-use declaration is shown. */
  declarationApplies: boolean;
  /** Whether these figures assume the declaration was ticked. */
  domesticUse: boolean;
  /** Litres of oil and kilograms of solid fuel in the cart. */
  litres: number;
  kilograms: number;
  /**
   * What the customer gave for this cart's last unpaid order (a payment declined, cancelled or
   * left): the checkout form starts from it, so Pay again needs no retyping. Never a card.
   */
  lastDetails?: CheckoutDetails;
  /**
   * The delivery days the order could have, each with whether it has room, the earliest free
   * one and the earliest free standard one (what checkout preselects). Absent for an empty cart.
   */
  delivery?: DeliveryOffer;
}

/** Who an order is for and where it goes, as the customer gave them at checkout. */
export interface OrderContact {
  fullName: string;
  email: string;
  phone: string;
  addressLine1: string;
  addressLine2: string | null;
  town: string;
  postcode: string;
  /** Where the oil tank is and how the tanker reaches it (orders with oil; null if not said). */
  tankLocation: string | null;
  tankAccess: string | null;
  instructions: string | null;
  domesticUse: boolean;
}

/** Money given back on an order, as its holder sees it: pence, and when (ISO 8601). */
export interface OrderRefundView {
  amount: number;
  refundedAt: string;
}

/** An order as its holder sees it (GET /api/orders/{id}). */
export interface OrderView extends OrderMoney, OrderContact {
  id: string;
  number: string;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  /** The booked delivery day (ISO `YYYY-MM-DD`), or null for an order from before booking. */
  deliveryDay: string | null;
  /** The refunds the provider made, oldest first (none pending or refused). */
  refunds: OrderRefundView[];
  /** Whether the order is in a customer account (placed signed in, or claimed since). */
  inAccount: boolean;
}

/** What the customer paid less what was refunded to them, in pence. */
export function netPaid(order: Pick<OrderView, 'total' | 'refunds'>): number {
  return order.total - order.refunds.reduce((sum, refund) => sum + refund.amount, 0);
}
