import { dayInWords, type IsoDay } from '../../domain/deliveryCalendar';
import { escapeHtml } from '../../domain/html';
import { formatPence } from '../../domain/money';
import type { OrderStatus } from '../../domain/order';
import type { SiteConfig } from '../../domain/site';
import {
  addressLines,
  htmlDocument,
  moneyBackEmail,
  renderOrderNote,
  type EmailOrder,
} from '../orders/emails';

/**
 * The customer's e-mails from the back office: the order is out for delivery, and money was
 * refunded. Plain functions of the stored order (its snapshot), queued through the outbox.
 */

type Site = Pick<SiteConfig, 'companyName' | 'offices'>;
type Order = Pick<
  EmailOrder,
  'number' | 'fullName' | 'addressLine1' | 'addressLine2' | 'town' | 'postcode'
> & { lines: readonly { title: string; sizeTitle: string | null; quantity: number }[] };

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

function what(order: Order): string[] {
  return order.lines.map(
    (l) => `${l.quantity} x ${l.sizeTitle ? `${l.title} (${l.sizeTitle})` : l.title}`,
  );
}

/** `orderUrl` opens the order (it carries the access token), as in the confirmation. */
export function renderOutForDelivery(order: Order, orderUrl: string, site: Site): RenderedEmail {
  const subject = `${site.companyName} order ${order.number} is out for delivery`;
  const address = addressLines(order);
  const phone = site.offices[0].phone;
  const intro = `Your order ${order.number} is on its way to you today.`;
  const html = htmlDocument(subject, [
    `<p>Dear ${escapeHtml(order.fullName)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${what(order)
      .map((line) => `<li>${escapeHtml(line)}</li>`)
      .join('')}</ul>`,
    `<p><strong>Delivery address:</strong><br>\n${address.map(escapeHtml).join('<br>\n')}</p>`,
    `<p>Please make sure the driver can reach your tank or bunker. Questions? Call ${escapeHtml(phone)}.</p>`,
    `<p><a href="${escapeHtml(orderUrl)}">View your order and receipt</a></p>`,
  ]);
  const text = [
    `Dear ${order.fullName},`,
    '',
    intro,
    '',
    ...what(order).map((line) => `  ${line}`),
    '',
    'Delivery address:',
    ...address.map((line) => `  ${line}`),
    '',
    `Please make sure the driver can reach your tank or bunker. Questions? Call ${phone}.`,
    '',
    `View your order and receipt: ${orderUrl}`,
    '',
  ].join('\n');
  return { subject, html, text };
}

/** Orders on their way or delivered: a refund of all of it does not take the fuel back. */
const dispatched: readonly OrderStatus[] = ['out_for_delivery', 'delivered'];

/**
 * The refund's e-mail, worded by the order's state before the refund (`before`): all of the money
 * back before the order went out cancels it; after it went out (or was delivered) it does not,
 * and the e-mail says the whole payment has now come back. `paid` is what the customer paid.
 */
export function renderRefunded(
  order: Order,
  refund: { amount: number; full: boolean; before: OrderStatus; paid: number },
  site: Site,
): RenderedEmail {
  const amount = formatPence(refund.amount);
  const subject = `${site.companyName} order ${order.number}: refund of ${amount}`;
  const phone = site.offices[0].phone;
  let body = `We have refunded ${amount} of your order ${order.number}.`;
  if (refund.full && !dispatched.includes(refund.before)) {
    body = `We have refunded ${amount} for your order ${order.number}, and the order is cancelled.`;
  } else if (refund.full && refund.amount === refund.paid) {
    body = `We have refunded the whole ${amount} you paid for your order ${order.number}.`;
  } else if (refund.full) {
    body = `We have refunded ${amount} of your order ${order.number}. With the earlier refunds, all of the ${formatPence(refund.paid)} you paid has now been refunded.`;
  }
  return moneyBackEmail(subject, order.fullName, body, phone);
}

/**
 * A closed delivery day moved the order (the back office's cold-snap tools): its old and new day
 * in words, an apology, and whom to call when the new day does not suit.
 */
export function renderDeliveryDayChanged(
  order: { number: string; fullName: string },
  days: { from: IsoDay; to: IsoDay },
  orderUrl: string,
  site: Site,
): RenderedEmail {
  const subject = `Your delivery day has changed: ${site.companyName} order ${order.number}`;
  const phone = site.offices[0].phone;
  const from = dayInWords(days.from, { year: true });
  const to = dayInWords(days.to, { year: true });
  const paragraphs = [
    `We are sorry: we cannot deliver your order ${order.number} on ${from} as planned.`,
    `Your new delivery day is ${to}.`,
    `We apologise for the inconvenience. If ${to} does not suit you, please call us on ${phone} and we will find another day.`,
  ];
  return renderOrderNote(subject, order.fullName, paragraphs, orderUrl);
}
