import { escapeHtml } from '../../domain/html';
import { authAnswers } from '../../domain/authAnswers';

/**
 * The account e-mails about addresses (issue 16 follow-up: e-mail verification). Each is plain
 * text plus the same in HTML; every link comes from the configured origin (PUBLIC_URL), never from
 * a request. Links that prove an address carry a single-use token; the others (log in, forgotten
 * password) are the site's ordinary pages, so an e-mail anybody can trigger holds nothing secret.
 */
export interface AccountEmail {
  subject: string;
  html: string;
  text: string;
}

/** A line of text, or a link shown with its own words in HTML and as the bare URL in text. */
export type EmailPart = string | { link: string; label: string };

/** An account e-mail's body: each part a paragraph, in plain text and in HTML. */
export function emailBody(parts: readonly EmailPart[]): Pick<AccountEmail, 'html' | 'text'> {
  const text = `${parts.map((part) => (typeof part === 'string' ? part : part.link)).join('\n\n')}\n`;
  const html = parts
    .map((part) =>
      typeof part === 'string'
        ? `<p>${escapeHtml(part)}</p>`
        : `<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a></p>`,
    )
    .join('\n');
  return { html, text };
}

function compose(subject: string, companyName: string, parts: EmailPart[]): AccountEmail {
  return { subject: `${subject} - ${companyName}`, ...emailBody(parts) };
}

export interface SiteLinks {
  /** The shop's origin, e.g. "https://www.example.co.uk" (no trailing slash). */
  origin: string;
  companyName: string;
}

/** The page a verification link opens (its button POSTs the token: a GET never verifies). */
export function verifyLink(origin: string, token: string): string {
  return `${origin}/user/verify-email?token=${encodeURIComponent(token)}`;
}

/**
 * A new account: the link that confirms the address, finishes the account and logs in. Nobody has
 * proved this mailbox yet, so nothing in it is the requester's own text: no name (issue 46), only
 * the shop's words and the link.
 */
export function verifyAccountEmail(link: string, { companyName }: SiteLinks): AccountEmail {
  return compose(authAnswers.verifyEmailSubject, companyName, [
    'Hello,',
    `Thank you for creating a ${companyName} account. Open this link within 24 hours to confirm your email address and finish. It works once, with the password you chose when you created the account:`,
    { link, label: authAnswers.verifyEmailSubject },
    'If you did not create an account, ignore this email: nobody can use an account at this address until this link is followed, and nothing is kept after 7 days.',
  ]);
}

/** A registration with an address that already has an account: nothing changed, how to get in. */
export function registerExistingEmail(fullName: string, site: SiteLinks): AccountEmail {
  const login = `${site.origin}/user/login`;
  const forgot = `${site.origin}/user/password-forgot`;
  return compose(authAnswers.registerExistingSubject, site.companyName, [
    `Hello ${fullName},`,
    `Someone (we hope you) tried to create a new ${site.companyName} account with this email address. You already have an account, so nothing has changed.`,
    'To log in:',
    { link: login, label: 'Log in' },
    'If you have forgotten your password, choose a new one here:',
    { link: forgot, label: 'Forgotten password' },
    'If it was not you, ignore this email: your account and your password are unchanged.',
  ]);
}

/**
 * An e-mail change: the link, sent to the new address, that makes it the account's. The new
 * address is not proved yet, so the e-mail carries no name or other text of the requester's.
 */
export function changeEmailEmail(link: string, { companyName }: SiteLinks): AccountEmail {
  return compose(authAnswers.changeEmailSubject, companyName, [
    'Hello,',
    `Someone (we hope you) asked to change the email address of a ${companyName} account to this address. Open this link within 24 hours to confirm the change. It works once, with the account's password:`,
    { link, label: authAnswers.changeEmailSubject },
    'Until then the account keeps its current address. If you did not ask for this, ignore this email: nothing will change.',
  ]);
}

/** An e-mail change to an address that already has an account: its owner is told, nothing else. */
export function changeEmailTakenEmail(fullName: string, site: SiteLinks): AccountEmail {
  const login = `${site.origin}/user/login`;
  const forgot = `${site.origin}/user/password-forgot`;
  return compose(authAnswers.changeEmailTakenSubject, site.companyName, [
    `Hello ${fullName},`,
    `Someone asked to move another ${site.companyName} account to this email address. It already belongs to your account, so nothing has changed.`,
    'To log in to your account:',
    { link: login, label: 'Log in' },
    'If you have forgotten your password:',
    { link: forgot, label: 'Forgotten password' },
  ]);
}

/** To the old address once a change is confirmed: what happened and who to call if it was not them. */
export function emailChangedEmail(fullName: string, site: SiteLinks): AccountEmail {
  return compose(authAnswers.emailChangedSubject, site.companyName, [
    `Hello ${fullName},`,
    `The email address of your ${site.companyName} account has been changed, and this address no longer logs in to it.`,
    'If you did not do this, please contact us straight away.',
  ]);
}
