import { dayInWords, type IsoDay } from '../../domain/deliveryCalendar';
import type { ChangeDeadline } from '../../domain/orderDeliveryDay';
import type { SiteConfig } from '../../domain/site';
import { renderOrderNote, type RenderedOrderEmail } from './emails';

type Site = Pick<SiteConfig, 'companyName' | 'offices'>;

/**
 * The customer's confirmation that they moved their order's delivery day on the order page: the
 * old and the new day in words, until when it may change again, and the link that opens the
 * order (`orderUrl` carries its access token, as the order confirmation's does).
 */
export function renderDeliveryDayChosen(
  order: { number: string; fullName: string },
  days: { from: IsoDay; to: IsoDay; changeBy: ChangeDeadline | null },
  orderUrl: string,
  site: Site,
): RenderedOrderEmail {
  const subject = `${site.companyName} order ${order.number}: new delivery day`;
  const phone = site.offices[0].phone;
  const from = dayInWords(days.from, { year: true });
  const to = dayInWords(days.to, { year: true });
  const paragraphs = [
    `As you asked, we have moved the delivery of your order ${order.number} from ${from} to ${to}.`,
    days.changeBy
      ? `You can change the day again on your order page until ${days.changeBy.time} on ${dayInWords(days.changeBy.day)}.`
      : null,
    `Questions? Call ${phone} or reply to this e-mail.`,
  ].filter((p): p is string => p !== null);
  return renderOrderNote(subject, order.fullName, paragraphs, orderUrl);
}
