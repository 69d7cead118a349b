import { isHoneypotFilled } from '../../domain/enquiry';
import { messages } from '../../domain/messages';
import type { PageForm } from './types';

/** The enquiry's fields as the form names them (SPEC §3), the honeypot `telephone2` too. */
const fieldNames = [
  'name',
  'email',
  'address',
  'companyName',
  'telephone',
  'telephone2',
  'message',
] as const;

/** The page's query without the `wsm` flag (SPEC §2), the other parameters spelled as sent. */
function searchWithoutWsm(search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const kept = query.split('&').filter((part) => {
    if (part === '') return false;
    const key = part.split('=', 1)[0] ?? '';
    try {
      return decodeURIComponent(key.replace(/\+/g, ' ')) !== 'wsm';
    } catch {
      return true;
    }
  });
  return kept.length === 0 ? '' : `?${kept.join('&')}`;
}

/**
 * The wholesale enquiry form that works without JavaScript (app/features/enquiry): on /contact,
 * and in the `?wsm` modal of any page. It stands for the page script's POST /api/enquiries with
 * the same fields; the API validates them, so a refused form shows every message of SPEC §5.
 */
export const enquiryForms: readonly PageForm[] = [
  {
    intent: 'enquiry',
    call: (fields) => ({
      method: 'POST',
      path: '/api/enquiries',
      body: Object.fromEntries(fieldNames.map((name) => [name, fields.get(name) ?? ''])),
    }),
    // Back to the page, the modal closed (SPEC §2 takes `wsm` out of the URL), with "Email sent!".
    // A filled honeypot is answered as a success by the API; a bot is shown nothing (SPEC §4).
    success: (_answer, fields, page) => {
      const filled = isHoneypotFilled({ telephone2: fields.get('telephone2') ?? '' });
      return {
        location: `${page.pathname}${searchWithoutWsm(page.search)}`,
        ...(filled ? {} : { notice: messages.enquiry.sent }),
      };
    },
    // Everything the visitor typed but the honeypot.
    keep: ['name', 'email', 'address', 'companyName', 'telephone', 'message'],
  },
];
