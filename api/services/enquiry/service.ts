import { randomUUID } from 'node:crypto';
import type { MailConfig } from '../../config';
import { parseMailbox } from '../../config';
import type { Database } from '../../db/client';
import { enquiries, mailOutbox } from '../../db/schema';
import { renderEnquiryEmail, type Enquiry } from '../../domain/enquiry';
import type { SiteConfig } from '../../domain/site';

export interface EnquiryMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface StoredEnquiry {
  id: string;
  messageId: string;
}

/** The domain part of the From address names our Message-IDs ("fuelyard.co.uk" by default). */
export function messageIdDomain(from: string): string {
  const address = parseMailbox(from)?.address ?? 'no-reply@fuelyard.co.uk';
  return address.slice(address.lastIndexOf('@') + 1).replace(/^\[|\]$/g, '') || 'fuelyard.co.uk';
}

/**
 * Stores a validated enquiry and the e-mail that reports it in ONE transaction (the transactional
 * outbox): either both are committed or neither is. Nothing is sent here; the mail worker does
 * that afterwards, with retries, so an SMTP outage delays the e-mail but never loses the enquiry.
 */
export async function storeEnquiry(
  db: Database,
  enquiry: Enquiry,
  meta: EnquiryMeta,
  mail: Pick<MailConfig, 'from' | 'to' | 'maxAttempts'>,
  site: Pick<SiteConfig, 'companyName'>,
): Promise<StoredEnquiry> {
  const id = randomUUID();
  // Generated once and stored: every attempt carries the same Message-ID, so a repeat delivery
  // (at-least-once) is recognisable as the same message.
  const messageId = `<enquiry-${id}@${messageIdDomain(mail.from)}>`;
  const email = renderEnquiryEmail(enquiry, site);
  await db.transaction(async (tx) => {
    await tx.insert(enquiries).values({
      id,
      ...enquiry,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
    await tx.insert(mailOutbox).values({
      id: randomUUID(),
      messageId,
      to: mail.to.join(', '),
      replyTo: enquiry.email,
      subject: email.subject,
      html: email.html,
      text: email.text,
      maxAttempts: mail.maxAttempts,
      topic: 'enquiry',
      topicId: id,
    });
  });
  return { id, messageId };
}
