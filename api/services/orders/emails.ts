/**
 * The e-mails a paid order sends: the confirmation to the customer (with the link that opens the
 * order) and the new-order notice to the shop. Both are plain functions of the stored order, so
 * they show exactly what was charged, never a price read again from the catalogue.
 */
import { dayInWords } from '../../domain/deliveryCalendar';
import { escapeHtml } from '../../domain/html';
import { formatPence } from '../../domain/money';
import { declarationAnswer, type OrderContact, type VatRate } from '../../domain/order';
import { displayPostcode } from '../../domain/postcode';
import type { SiteConfig } from '../../domain/site';
import { storedVatBreakdown } from '../../domain/vat';

/** An order as the e-mails need it (dates as Date, lines without their catalogue ids). */
export interface EmailOrder extends OrderContact {
  id: string;
  number: string;
  /** The booked delivery day (ISO), or null for an order from before days were booked. */
  deliveryDay?: string | null;
  /** Priority (next-day) delivery's surcharge; 0 or absent for standard delivery. */
  prioritySurcharge?: number;
  createdAt: Date;
  paidAt: Date | null;
  subtotal: number;
  deliveryCharge: number;
  vatAdjustment: number;
  vatTotal: number;
  total: number;
  lines: {
    title: string;
    sizeTitle: string | null;
    unitPrice: number;
    quantity: number;
    lineTotal: number;
    vatRate: VatRate;
    vatAmount: number;
  }[];
}

export interface RenderedOrderEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * A short e-mail about an order: "Dear …", the paragraphs, and the link that opens the order
 * (it carries the access token); the same words in HTML (escaped) and plain text.
 */
export function renderOrderNote(
  subject: string,
  fullName: string,
  paragraphs: readonly string[],
  orderUrl: string,
): RenderedOrderEmail {
  const html = htmlDocument(subject, [
    `<p>Dear ${escapeHtml(fullName)},</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(orderUrl)}">View your order</a></p>`,
  ]);
  const text = [
    `Dear ${fullName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `View your order: ${orderUrl}`,
    '',
  ].join('\n');
  return { subject, html, text };
}

type Site = Pick<SiteConfig, 'companyName' | 'legalName' | 'vatNumber' | 'email' | 'offices'>;

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

function percent(rate: VatRate): string {
  return `${rate / 100}%`;
}

function lineTitle(line: EmailOrder['lines'][number]): string {
  return line.sizeTitle ? `${line.title} (${line.sizeTitle})` : line.title;
}

/**
 * The link in a customer's e-mail that opens their order: the shop's configured origin
 * (`config.linkOrigin`, from PUBLIC_URL; never a request's Host header), the order's page and its
 * access token.
 */
export function orderLink(origin: string, orderId: string, token: string): string {
  return `${origin}/order/${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`;
}

/** The delivery address as lines, the postcode as people write it ("BT1 1AA"). */
export function addressLines(
  order: Pick<EmailOrder, 'fullName' | 'addressLine1' | 'addressLine2' | 'town' | 'postcode'>,
): string[] {
  return [
    order.fullName,
    order.addressLine1,
    order.addressLine2,
    order.town,
    displayPostcode(order.postcode),
  ].filter((line): line is string => typeof line === 'string' && line.trim() !== '');
}

/** The money rows shown under the lines: [label, amount]. */
function summaryRows(order: EmailOrder): [string, string][] {
  const rows: [string, string][] = [
    ['Subtotal', formatPence(order.subtotal)],
    ['Delivery', order.deliveryCharge === 0 ? 'Free' : formatPence(order.deliveryCharge)],
  ];
  const surcharge = order.prioritySurcharge ?? 0;
  if (surcharge > 0) rows.push(['Priority delivery (next day)', formatPence(surcharge)]);
  if (order.vatAdjustment > 0) {
    rows.push(['VAT at the standard rate (20%) adjustment', formatPence(order.vatAdjustment)]);
  }
  rows.push(['Total paid', formatPence(order.total)]);
  // The surcharge's VAT is the delivery's: at the goods' rate.
  const charges = { ...order, deliveryCharge: order.deliveryCharge + surcharge };
  for (const { rate, amount } of storedVatBreakdown(charges)) {
    rows.push([`Includes VAT at ${percent(rate)}`, formatPence(amount)]);
  }
  return rows;
}

const cell = 'padding:4px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top';
const cellRight = cell.replace('text-align:left', 'text-align:right');

export function htmlDocument(subject: string, body: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en-GB">',
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.4;color:#1a1a1a">',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function htmlLinesTable(order: EmailOrder): string {
  const rows = order.lines.map(
    (line) =>
      `<tr><td style="${cell}">${escapeHtml(lineTitle(line))}</td><td style="${cellRight}">${line.quantity}</td><td style="${cellRight}">${formatPence(line.unitPrice)}</td><td style="${cellRight}">${formatPence(line.lineTotal)}</td><td style="${cellRight}">${percent(line.vatRate)}</td></tr>`,
  );
  const summary = summaryRows(order).map(
    ([label, amount]) =>
      `<tr><td colspan="3" style="${cellRight}">${escapeHtml(label)}</td><td style="${cellRight}">${escapeHtml(amount)}</td><td style="${cell}"></td></tr>`,
  );
  return [
    '<table style="border-collapse:collapse;margin:0 0 16px">',
    `<thead><tr><th style="${cell}">Item</th><th style="${cellRight}">Qty</th><th style="${cellRight}">Price</th><th style="${cellRight}">Total</th><th style="${cellRight}">VAT</th></tr></thead>`,
    `<tbody>${rows.join('')}</tbody>`,
    `<tfoot>${summary.join('')}</tfoot>`,
    '</table>',
  ].join('\n');
}

function textLines(order: EmailOrder): string[] {
  const out = order.lines.map(
    (line) =>
      `  ${line.quantity} x ${lineTitle(line)} @ ${formatPence(line.unitPrice)} = ${formatPence(line.lineTotal)} (VAT ${percent(line.vatRate)})`,
  );
  out.push('');
  for (const [label, amount] of summaryRows(order)) out.push(`  ${label}: ${amount}`);
  return out;
}

/** What the confirmation says happens next: the booked day, or a call to arrange one. */
function nextStep(order: EmailOrder): string {
  return order.deliveryDay
    ? `we deliver on ${dayInWords(order.deliveryDay, { year: true })}, and will call you if anything changes.`
    : 'we will call you to arrange a delivery day.';
}

/** The customer's confirmation; `orderUrl` opens the order (it carries the access token). */
export function renderOrderConfirmation(
  order: EmailOrder,
  orderUrl: string,
  site: Site,
): RenderedOrderEmail {
  const subject = `${site.companyName} order ${order.number} confirmed`;
  const date = dateFormat.format(order.paidAt ?? order.createdAt);
  const address = addressLines(order);
  const phone = site.offices[0].phone;
  const html = htmlDocument(subject, [
    `<p>Dear ${escapeHtml(order.fullName)},</p>`,
    `<p>Thank you for your order. We have received your payment of <strong>${formatPence(order.total)}</strong>.</p>`,
    `<p><strong>Order number:</strong> ${escapeHtml(order.number)}<br>\n<strong>Date:</strong> ${escapeHtml(date)}</p>`,
    htmlLinesTable(order),
    `<p><strong>Delivery address:</strong><br>\n${address.map(escapeHtml).join('<br>\n')}</p>`,
    ...htmlNotes(order),
    ...(order.domesticUse
      ? ['<p>You declared that this fuel is for domestic use (VAT at 5%).</p>']
      : []),
    `<p><strong>What happens next:</strong> ${escapeHtml(nextStep(order))} Questions? Call ${escapeHtml(phone)} or reply to this e-mail.</p>`,
    `<p><a href="${escapeHtml(orderUrl)}">View your order and receipt</a></p>`,
    `<p style="color:#555;font-size:13px">Keep this e-mail: the link above is how you open your order.<br>\n${escapeHtml(site.legalName)} · VAT number ${escapeHtml(site.vatNumber)}</p>`,
  ]);
  const text = [
    `Dear ${order.fullName},`,
    '',
    `Thank you for your order. We have received your payment of ${formatPence(order.total)}.`,
    '',
    `Order number: ${order.number}`,
    `Date: ${date}`,
    '',
    ...textLines(order),
    '',
    'Delivery address:',
    ...address.map((line) => `  ${line}`),
    ...textNotes(order),
    ...(order.domesticUse
      ? ['', 'You declared that this fuel is for domestic use (VAT at 5%).']
      : []),
    '',
    `What happens next: ${nextStep(order)} Questions? Call ${phone} or reply to this e-mail.`,
    '',
    `View your order and receipt: ${orderUrl}`,
    '',
    'Keep this e-mail: the link above is how you open your order.',
    `${site.legalName} · VAT number ${site.vatNumber}`,
    '',
  ].join('\n');
  return { subject, html, text };
}

/**
 * What the driver needs beyond the address, as labelled rows: the oil tank's place and access
 * (asked at checkout for oil) and the customer's delivery instructions; none when not given.
 */
export function deliveryNoteRows(
  order: Pick<EmailOrder, 'tankLocation' | 'tankAccess' | 'instructions'>,
): [string, string][] {
  const rows: [string, string | null][] = [
    ['Oil tank', order.tankLocation],
    ['Access for the tanker', order.tankAccess],
    ['Delivery instructions', order.instructions],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

const htmlNotes = (order: EmailOrder): string[] =>
  deliveryNoteRows(order).map(
    ([label, value]) => `<p><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</p>`,
  );

const textNotes = (order: EmailOrder): string[] =>
  deliveryNoteRows(order).flatMap(([label, value], index) => [
    ...(index === 0 ? [''] : []),
    `${label}: ${value}`,
  ]);

/** The declaration's row for staff, only when checkout asked for it. */
function declarationRow(order: EmailOrder): [string, string][] {
  const answer = declarationAnswer(order);
  return answer === null ? [] : [['Domestic-use declaration', answer ? 'Yes' : 'No']];
}

/**
 * The booked day for staff, first thing they plan by (issue 47): the day in words, with the
 * priority service when it was bought; "to be arranged" for an order from before days were booked.
 */
function deliveryDayRow(order: EmailOrder): [string, string] {
  if (!order.deliveryDay) return ['Delivery day', 'To be arranged (call the customer)'];
  const day = dayInWords(order.deliveryDay, { year: true });
  return ['Delivery day', (order.prioritySurcharge ?? 0) > 0 ? `${day} (priority)` : day];
}

/** The shop's notice of a new paid order (no access link: staff tools come with accounts). */
export function renderNewOrderNotice(order: EmailOrder, site: Site): RenderedOrderEmail {
  const subject = `New order ${order.number}: ${formatPence(order.total)}`;
  const address = addressLines(order);
  const contact: [string, string][] = [
    ['Order', order.number],
    ['Order id', order.id],
    deliveryDayRow(order),
    ['Name', order.fullName],
    ['Email', order.email],
    ['Phone', order.phone],
    ...declarationRow(order),
  ];
  const html = htmlDocument(subject, [
    `<p>A new order has been paid on ${escapeHtml(site.companyName)}.</p>`,
    `<p>${contact.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join('<br>\n')}</p>`,
    htmlLinesTable(order),
    `<p><strong>Deliver to:</strong><br>\n${address.map(escapeHtml).join('<br>\n')}</p>`,
    ...htmlNotes(order),
  ]);
  const text = [
    `A new order has been paid on ${site.companyName}.`,
    '',
    ...contact.map(([label, value]) => `${label}: ${value}`),
    '',
    ...textLines(order),
    '',
    'Deliver to:',
    ...address.map((line) => `  ${line}`),
    ...textNotes(order),
    '',
  ].join('\n');
  return { subject, html, text };
}

/**
 * A customer's e-mail about money going back to their card (a refund from the back office, or a
 * payment refunded because it reached a cancelled order): the greeting, what happened, when the
 * bank shows it, and whom to call.
 */
export function moneyBackEmail(
  subject: string,
  fullName: string,
  body: string,
  phone: string,
): { subject: string; html: string; text: string } {
  const when =
    'The money goes back to the card you paid with; your bank may take 5 to 10 working days to show it.';
  const html = htmlDocument(subject, [
    `<p>Dear ${escapeHtml(fullName)},</p>`,
    `<p>${escapeHtml(body)}</p>`,
    `<p>${escapeHtml(when)}</p>`,
    `<p>Questions? Call ${escapeHtml(phone)} or reply to this e-mail.</p>`,
  ]);
  const text = [
    `Dear ${fullName},`,
    '',
    body,
    '',
    when,
    '',
    `Questions? Call ${phone} or reply to this e-mail.`,
    '',
  ].join('\n');
  return { subject, html, text };
}
