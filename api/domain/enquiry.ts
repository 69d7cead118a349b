import * as yup from 'yup';
import { messages } from './messages';
import type { SiteConfig } from './site';
import { escapeHtml } from './html';
import { displayLines, multiLine, singleLine } from './text';

/**
 * The wholesale enquiry (SPEC §3, §5): its validation rules and the e-mail it becomes. Shared by
 * the browser (instant feedback) and the API (the authority). Pure: no Node, Koa or database.
 */

/** What the visitor typed. `telephone2` is the hidden honeypot ("Contact No. 2"). */
export interface EnquiryInput {
  name: string;
  email: string;
  address: string;
  companyName: string;
  telephone: string;
  telephone2: string;
  message: string;
}

/** A validated enquiry: every field trimmed and present. The honeypot is not part of it. */
export type Enquiry = Omit<EnquiryInput, 'telephone2'>;

/** The fields in the order the form shows them, which is also the order of the error messages. */
export const enquiryFields = [
  'name',
  'email',
  'address',
  'companyName',
  'telephone',
  'message',
] as const satisfies readonly (keyof Enquiry)[];

/** How each field is named on the form (used in the length messages). */
export const enquiryLabels: Record<keyof Enquiry, string> = {
  name: 'Name',
  email: 'Email',
  address: 'Address',
  companyName: 'Company Name',
  telephone: 'Contact No.',
  message: 'Enquiry',
};

/**
 * Server-side length limits. The spec shows none; these keep one enquiry a readable e-mail and
 * are far above anything a real buyer types. Email follows RFC 5321's 254-character path limit.
 */
export const enquiryMaxLengths: Record<keyof Enquiry, number> = {
  name: 200,
  email: 254,
  address: 500,
  companyName: 200,
  telephone: 50,
  message: 5000,
};

// RFC 5322 "atext", the characters of an unquoted local part, dot-separated; without "%", "&"
// and "?", which are legal in an address but read as an escape or a query in a mailto: link
// ("a?cc=spy%40evil.example&body=hi@fuelyard.example" would copy in another address).
const LOCAL_PART = /^[A-Za-z0-9!#$'*+/=^_`{|}~-]+(?:\.[A-Za-z0-9!#$'*+/=^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL_LABEL = /^[A-Za-z]{2,63}$/;

/** The longest address taken (RFC 5321's path limit, less the angle brackets). */
export const emailMaxLength = 254;

/**
 * The one e-mail rule of every customer address (enquiry, checkout, registration, log-in,
 * forgotten password, the account's details) and of staff invitations: a local part, "@", then a
 * dotted domain name whose last label is at least two letters (SPEC §5).
 *
 * Stricter than SPEC §5 on purpose (the mail-links security issue): no "%", "&" or "?" in the
 * local part, and no IP literal (`x@[127.0.0.1]`, which SPEC §5 allowed) as the domain, since an
 * address is put into mailto: links and mail headers. Quoted local parts and IPv6 literals were
 * never accepted; nobody types them into a shop's form.
 */
export function isWellFormedEmail(value: string): boolean {
  if (value.length > emailMaxLength) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;

  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const last = labels[labels.length - 1] ?? '';
  return TOP_LEVEL_LABEL.test(last) && labels.every((label) => DOMAIN_LABEL.test(label));
}

/**
 * A text field as a person sends it: trimmed, with anything that is not text (null, objects,
 * arrays) read as empty so that it gets the field's "required" message. Numbers become text,
 * because a telephone number sent as a JSON number is still a telephone number.
 */
function textField() {
  return yup
    .string()
    .transform((_value: unknown, original: unknown) => {
      if (typeof original === 'string') return original.trim();
      if (typeof original === 'number' && Number.isFinite(original)) return String(original);
      return '';
    })
    .default('');
}

function limited(field: keyof Enquiry, required: string) {
  return textField()
    .required(required)
    .max(
      enquiryMaxLengths[field],
      messages.enquiry.tooLong(enquiryLabels[field], enquiryMaxLengths[field]),
    );
}

const m = messages.enquiry;

/** The two messages of a single-line field (see `singleLine` in text.ts). */
function oneLineMessages(field: keyof Enquiry) {
  const label = enquiryLabels[field];
  return { lineBreak: m.oneLine(label), disallowed: m.disallowedCharacters(label) };
}

/**
 * The enquiry form's rules (SPEC §5). Every field is required. An empty email fails both of its
 * rules ("Email required." and "Valid email required."), so an empty form lists all seven
 * messages. Telephone format is not checked (the spec says so).
 *
 * No field takes control characters (NUL, escape codes) or lone surrogates. Only the Enquiry box is
 * a textarea (EnquiryForm.tsx): it keeps its line breaks (stored as LF) and tabs; every other field
 * is an `<input>` and must be one line, so no value can add a line such as "Bcc: …" to the e-mail.
 */
export const enquirySchema = yup.object({
  name: singleLine(limited('name', m.nameRequired), oneLineMessages('name')),
  email: singleLine(
    limited('email', m.emailRequired).test('well-formed', m.emailInvalid, (value) =>
      isWellFormedEmail(value ?? ''),
    ),
    oneLineMessages('email'),
  ),
  address: singleLine(limited('address', m.addressRequired), oneLineMessages('address')),
  companyName: singleLine(
    limited('companyName', m.companyRequired),
    oneLineMessages('companyName'),
  ),
  telephone: singleLine(limited('telephone', m.telephoneRequired), oneLineMessages('telephone')),
  message: multiLine(
    limited('message', m.messageRequired),
    m.disallowedCharacters(enquiryLabels.message),
  ),
});

export type EnquiryValidation = { ok: true; value: Enquiry } | { ok: false; errors: string[] };

/**
 * Validates anything a client sent. On failure, every failing message is returned, in the form's
 * field order (name, email, address, company name, telephone, message).
 */
export function validateEnquiry(input: unknown): EnquiryValidation {
  const candidate =
    typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  try {
    const value = enquirySchema.validateSync(candidate, { abortEarly: false, stripUnknown: true });
    return { ok: true, value: pickEnquiry(value) };
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const failures = error.inner.length > 0 ? error.inner : [error];
    const rank = (path: string | undefined) => {
      const index = enquiryFields.indexOf(path as keyof Enquiry);
      return index === -1 ? enquiryFields.length : index;
    };
    // Array.prototype.sort is stable, so one field's messages keep their rule order.
    const ordered = [...failures].sort((a, b) => rank(a.path) - rank(b.path));
    const errors = ordered.flatMap((failure) => failure.errors);
    return { ok: false, errors: [...new Set(errors)] };
  }
}

function pickEnquiry(value: yup.InferType<typeof enquirySchema>): Enquiry {
  return {
    name: value.name,
    email: value.email,
    address: value.address,
    companyName: value.companyName,
    telephone: value.telephone,
    message: value.message,
  };
}

/**
 * The honeypot (SPEC §4 "Bot"): people never see "Contact No. 2", so anything in it means a bot.
 * A bot gets the normal success answer and nothing is stored or sent.
 */
export function isHoneypotFilled(input: unknown): boolean {
  if (typeof input !== 'object' || input === null) return false;
  const value = (input as { telephone2?: unknown }).telephone2;
  if (value === undefined || value === null) return false;
  return typeof value === 'string' ? value.trim() !== '' : true;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The wholesale-enquiry subject (SPEC §3: fixed, naming the company). */
export function enquirySubject(site: Pick<SiteConfig, 'companyName'>): string {
  return `Wholesale enquiry – ${site.companyName}`;
}

/**
 * The e-mail the shop receives for an enquiry (SPEC §3 "Email payload"): Name, Email, Address,
 * Company Name, Telephone and Message, one per line, every value HTML-escaped, plus a plain-text
 * part with the same lines.
 *
 * No value can pass for a line of its own, whatever it holds (the schema already keeps line breaks
 * out of every field but the message): each field starts a line with its label, bold in the HTML;
 * a value's further lines are indented (two spaces in the text part, a hanging indent in the HTML),
 * so a typed "Bcc: …" line reads as part of the message; and any control character left is shown
 * as U+FFFD.
 */
export function renderEnquiryEmail(
  enquiry: Enquiry,
  site: Pick<SiteConfig, 'companyName'>,
): RenderedEmail {
  const subject = enquirySubject(site);
  const fields: [string, string[]][] = (
    [
      ['Name', enquiry.name],
      ['Email', enquiry.email],
      ['Address', enquiry.address],
      ['Company Name', enquiry.companyName],
      ['Telephone', enquiry.telephone],
      ['Message', enquiry.message],
    ] as const
  ).map(([label, value]) => [label, displayLines(value)]);
  const htmlLines = fields.map(
    ([label, lines]) =>
      `<p style="margin:0 0 8px;padding-left:1em;text-indent:-1em"><strong>${label}:</strong> ${lines.map(escapeHtml).join('<br>\n')}</p>`,
  );
  const html = [
    '<!doctype html>',
    '<html lang="en-GB">',
    '<head><meta charset="utf-8"><title>' + escapeHtml(subject) + '</title></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.4">',
    ...htmlLines,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  const text = fields
    .map(([label, lines]) => `${label}: ${lines.join('\n  ')}`)
    .join('\n')
    .concat('\n');
  return { subject, html, text };
}
