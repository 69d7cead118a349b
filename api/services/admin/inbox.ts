import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { enquiries, mailOutbox } from '../../db/schema';
import { adminTexts } from '../../domain/admin';
import type { AdminEnquiry, AdminMail } from '../../domain/adminApi';
import { ConflictError, NotFoundError } from '../../errors';
import { audit, written, type Actor } from './audit';

/** The back office's enquiries and mail outbox. */

type EnquiryRow = typeof enquiries.$inferSelect;
type MailRow = typeof mailOutbox.$inferSelect;

function enquiryOf(row: EnquiryRow): AdminEnquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    companyName: row.companyName,
    telephone: row.telephone,
    address: row.address,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    handled: row.handledAt !== null,
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
  };
}

/** The outbox row as staff see it (never the body: it may hold a password-reset link). */
function mailOf(row: MailRow): AdminMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    topic: row.topic,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

const mailStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];
export function isMailStatus(value: unknown): value is MailStatus {
  return typeof value === 'string' && (mailStatuses as readonly string[]).includes(value);
}

export function adminInbox(db: Database, options: { mailWorker?: { nudge(): void } | undefined }) {
  return {
    async enquiries(filter: { handled?: boolean; page: number; pageSize: number }) {
      const where =
        filter.handled === undefined
          ? undefined
          : filter.handled
            ? isNotNull(enquiries.handledAt)
            : isNull(enquiries.handledAt);
      const rows = await db
        .select()
        .from(enquiries)
        .where(where)
        .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      const [total] = await db.select({ n: count() }).from(enquiries).where(where);
      return { enquiries: rows.map(enquiryOf), total: total?.n ?? 0 };
    },

    async enquiry(id: string): Promise<AdminEnquiry> {
      const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
      if (!row) throw new NotFoundError('No such enquiry.');
      return enquiryOf(row);
    },

    async setHandled(actor: Actor, id: string, handled: boolean): Promise<AdminEnquiry> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(enquiries)
          .where(eq(enquiries.id, id))
          .for('update');
        if (!before) throw new NotFoundError('No such enquiry.');
        const handledAt = handled ? (before.handledAt ?? new Date()) : null;
        const [after] = await tx
          .update(enquiries)
          .set({ handledAt })
          .where(eq(enquiries.id, id))
          .returning();
        await audit(
          tx,
          actor,
          'enquiry',
          id,
          'handled',
          { handled: before.handledAt !== null },
          { handled },
        );
        return enquiryOf(written(after));
      });
    },

    async mail(filter: { status?: MailStatus; page: number; pageSize: number }) {
      const where = filter.status ? eq(mailOutbox.status, filter.status) : undefined;
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      const [total] = await db.select({ n: count() }).from(mailOutbox).where(where);
      return { mail: rows.map(mailOf), total: total?.n ?? 0 };
    },

    /** Queues a failed e-mail again, with a fresh set of attempts (the worker sends it soon). */
    async retryMail(actor: Actor, id: string): Promise<AdminMail> {
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.id, id))
          .for('update');
        if (!before) throw new NotFoundError('No such e-mail.');
        if (before.status !== 'failed') {
          throw new ConflictError(adminTexts.mailNotFailed, { errors: [adminTexts.mailNotFailed] });
        }
        const [after] = await tx
          .update(mailOutbox)
          .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
          .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
          .returning();
        await audit(
          tx,
          actor,
          'mail',
          id,
          'resend',
          { status: before.status, attempts: before.attempts },
          { status: 'pending', attempts: 0 },
        );
        return written(after);
      });
      options.mailWorker?.nudge();
      return mailOf(row);
    },

    async counts(): Promise<{ unhandledEnquiries: number; failedMail: number }> {
      const [e] = await db
        .select({ n: count() })
        .from(enquiries)
        .where(isNull(enquiries.handledAt));
      const [m] = await db
        .select({ n: count() })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'failed'));
      return { unhandledEnquiries: e?.n ?? 0, failedMail: m?.n ?? 0 };
    },
  };
}

export type AdminInbox = ReturnType<typeof adminInbox>;
