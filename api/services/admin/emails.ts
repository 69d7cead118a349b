import { escapeHtml } from '../../domain/html';
import { formatPence } from '../../domain/money';
import type { SiteConfig } from '../../domain/site';
import { addressLines, htmlDocument, moneyBackEmail, type EmailOrder } from '../orders/emails';

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

export function renderOutForDelivery(order: Order, site: Site): RenderedEmail {
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
  ].join('\n');
  return { subject, html, text };
}

export function renderRefunded(
  order: Order,
  refund: { amount: number; full: boolean },
  site: Site,
): RenderedEmail {
  const subject = `${site.companyName} order ${order.number}: refund of ${formatPence(refund.amount)}`;
  const phone = site.offices[0].phone;
  const body = refund.full
    ? `We have refunded ${formatPence(refund.amount)} for your order ${order.number}, and the order is cancelled.`
    : `We have refunded ${formatPence(refund.amount)} of your order ${order.number}.`;
  return moneyBackEmail(subject, order.fullName, body, phone);
}
