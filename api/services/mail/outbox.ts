import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { site } from '../../domain/site';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Puts a customer's e-mail in the outbox, in the caller's transaction, at most once per `kind` and
 * `key`: its Message-ID is `<kind-key@domain>`, and the outbox's unique index drops a second one
 * (a retried request, a replayed event). Replies go to the shop.
 */
export async function queueCustomerMailOnce(
  tx: Tx,
  outbox: { domain: string; maxAttempts: number },
  mail: {
    kind: string;
    key: string;
    to: string;
    orderId: string;
    email: { subject: string; html: string; text: string };
  },
): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({
      id: randomUUID(),
      messageId: `<${mail.kind}-${mail.key}@${outbox.domain}>`,
      to: mail.to,
      replyTo: site.email,
      subject: mail.email.subject,
      html: mail.email.html,
      text: mail.email.text,
      maxAttempts: outbox.maxAttempts,
      topic: mail.kind,
      topicId: mail.orderId,
    })
    .onConflictDoNothing({ target: mailOutbox.messageId });
}
