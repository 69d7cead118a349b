import type { OrderStatus, OrderView } from '../../../api/domain/order';
import { site } from '../../../api/domain/site';
import type { OrderStatusTone } from '../../../ui';
import { displayPostcode } from '../cart';
import type { PaymentNotice } from './addresses';
import { checkoutTexts } from './texts';

/*
 * How the order pages show an order. The addresses and codes the route table uses (it is in every
 * page's first load) are in addresses.ts, apart from these words.
 */

// Made on first use: a date format costs its construction, and only the order pages show a date.
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

export function paymentNoticeText(notice: PaymentNotice | null): string | null {
  if (notice === 'declined') return checkoutTexts.paymentDeclined;
  if (notice === 'cancelled') return checkoutTexts.paymentNotCompleted;
  return null;
}
