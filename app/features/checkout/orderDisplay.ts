import type { OrderStatus, OrderView } from '../../../api/domain/order';
import { site } from '../../../api/domain/site';
import type { OrderStatusTone } from '../../../ui';
import { displayPostcode } from '../cart';
import { checkoutTexts } from './texts';

// Made on first use: this module is part of every page's first load (the route table uses it),
// and a date format costs its construction there, while only the order pages show a date.
let dateTime: Intl.DateTimeFormat | undefined;

/** "14 March 2025 at 10:42", in the shop's time zone whatever the browser's. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTime ??= new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  });
  return dateTime.format(date);
}

export function orderStatusLabel(status: OrderStatus): string {
  return checkoutTexts.order.status[status];
}

export function orderStatusTone(status: OrderStatus): OrderStatusTone {
  switch (status) {
    case 'paid':
    case 'out_for_delivery':
    case 'delivered':
      return 'success';
    case 'pending_payment':
    case 'needs_review':
      return 'warning';
    case 'payment_failed':
    case 'cancelled':
    case 'expired':
    case 'refunded':
      return 'danger';
  }
}

/** The delivery address as lines, postcode last. */
export function deliveryAddressLines(order: OrderView): string[] {
  return [
    order.addressLine1,
    order.addressLine2,
    order.town,
    displayPostcode(order.postcode),
  ].filter((line): line is string => typeof line === 'string' && line !== '');
}

/** The seller on the receipt: the legal name, the head office and the VAT number. */
export const receiptSeller = {
  name: site.legalName,
  addressLines: site.offices[0].addressLines,
  vatNumber: site.vatNumber,
};

/** `?payment=` on /checkout: why the customer is back (a code; the words are the page's own). */
export type PaymentNotice = 'declined' | 'cancelled';

export function paymentNoticeOf(url: URL): PaymentNotice | null {
  const value = url.searchParams.get('payment');
  if (value === 'declined' || value === 'failed') return 'declined';
  if (value === 'cancelled' || value === 'expired') return 'cancelled';
  return null;
}

export function paymentNoticeText(notice: PaymentNotice | null): string | null {
  if (notice === 'declined') return checkoutTexts.paymentDeclined;
  if (notice === 'cancelled') return checkoutTexts.paymentNotCompleted;
  return null;
}

/** The notice for an order that was not paid, or null (paid, or still open). */
export function paymentNoticeFor(status: OrderStatus): PaymentNotice | null {
  if (status === 'payment_failed') return 'declined';
  if (status === 'cancelled' || status === 'expired') return 'cancelled';
  return null;
}

/** Where /checkout/process sends a customer whose payment did not go through. */
export function checkoutAfter(status: OrderStatus): string {
  return `/checkout?payment=${paymentNoticeFor(status) ?? 'cancelled'}`;
}

export const successPath = (orderId: string) =>
  `/checkout/success?order=${encodeURIComponent(orderId)}`;
export const orderPath = (orderId: string) => `/order/${encodeURIComponent(orderId)}`;
