import type { OrderStatus } from '../../../api/domain/order';

/*
 * The checkout's and the order pages' addresses, and the codes they carry: what the route table
 * needs (it is in every page's first load), apart from the pages' words and components.
 */

/**
 * When /checkout cannot open (an empty cart, no postcode, the minimum order not met), its loader
 * sends the visitor to `/cart?checkout=blocked`. The cart page then asks the server why (the
 * checkout summary's `blocked`), shows it as a red notification, and takes the parameter out of
 * the address. Only a code travels in the address, never the words, so no link can make the
 * shop's page say something of the link's choosing. (The cart page's side: blockedNotice.ts.)
 */
export const CHECKOUT_BLOCKED_PARAM = 'checkout';
export const cartAfterBlockedCheckout = `/cart?${CHECKOUT_BLOCKED_PARAM}=blocked`;

/** `?payment=` on /checkout: why the customer is back (a code; the words are the page's own). */
export type PaymentNotice = 'declined' | 'cancelled';

export function paymentNoticeOf(url: URL): PaymentNotice | null {
  const value = url.searchParams.get('payment');
  if (value === 'declined' || value === 'failed') return 'declined';
  if (value === 'cancelled' || value === 'expired') return 'cancelled';
  return null;
}

/** The notice for an order that was not paid, or null (paid, or still open). */
export function paymentNoticeFor(status: OrderStatus): PaymentNotice | null {
  if (status === 'payment_failed') return 'declined';
  if (status === 'cancelled' || status === 'expired') return 'cancelled';
  return null;
}

/** Statuses that send the customer back to /checkout with the red notice. */
export const notPaidStatuses: readonly OrderStatus[] = ['payment_failed', 'cancelled', 'expired'];

/** Where /checkout/process sends a customer whose payment did not go through. */
export function checkoutAfter(status: OrderStatus): string {
  return `/checkout?payment=${paymentNoticeFor(status) ?? 'cancelled'}`;
}

export const successPath = (orderId: string) =>
  `/checkout/success?order=${encodeURIComponent(orderId)}`;
export const orderPath = (orderId: string) => `/order/${encodeURIComponent(orderId)}`;
