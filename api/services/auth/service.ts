import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AuthConfig, MailConfig } from '../../config';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/failures';
import { deleteInBatches, type BatchBounds } from '../../db/raw';
import { mailOutbox, orders, passwordResetTokens, sessions, users } from '../../db/schema';
import { isStaff, staffIdleMs } from '../../domain/admin';
import type { AccountForm, SessionUser } from '../../domain/auth';
import { escapeHtml } from '../../domain/html';
import { messages } from '../../domain/messages';
import type { SiteConfig } from '../../domain/site';
import { ConflictError } from '../../errors';
import { messageIdDomain } from '../enquiry/service';
import { burnVerify, hashPassword, verifyPassword } from './passwords';

/**
 * Customer accounts (issue 16): server-side sessions, logins, password resets.
 *
 * Sessions: the cookie holds 32 random bytes (base64url, 43 characters); the `sessions` row is
 * keyed by their SHA-256, so the table alone gives no working cookie. A session expires
 * SESSION_TTL_DAYS after its last use (sliding: `last_seen_at` and `expires_at` move on when the
 * session is used, at most every few minutes), and never later than `absoluteDays` after login.
 * A staff member's session also ends after 8 hours without a request (`staffIdleMs`).
 * Every login makes a new session (no fixation); logout deletes the row; a password reset or change
 * deletes all of the user's rows.
 */

/** A session is refreshed on use at most this often (one write per few minutes, not per request). */
const touchEveryMs = 5 * 60 * 1000;
/** However active, a session ends this long after login (or SESSION_TTL_DAYS when longer). */
const absoluteDays = 180;
/** A password reset link works for 60 minutes, once. */
export const resetTokenTtlMs = 60 * 60 * 1000;

const dayMs = 24 * 60 * 60 * 1000;

/** SHA-256 (hex) of a cookie value or reset token: what the database keeps. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** 32 random bytes, base64url: a session cookie value or a reset token. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A value that could be one of our tokens (43 base64url characters); anything else is junk. */
function looksLikeToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

type UserRow = typeof users.$inferSelect;

export function sessionUserOf(row: UserRow): SessionUser {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    town: row.town,
    postcode: row.postcode,
    role: row.role,
  };
}

export interface CurrentSession {
  user: SessionUser;
  /** The SHA-256 of the cookie value (the row's id). */
  sessionId: string;
  expiresAt: Date;
  /** True when this lookup moved the expiry on (the cookie should be sent again). */
  touched: boolean;
}

export interface AuthServiceDeps {
  db: Database;
  config: { auth: AuthConfig; mail: Pick<MailConfig, 'from' | 'maxAttempts'> };
  site: Pick<SiteConfig, 'companyName'>;
}

export interface NewSession {
  user: SessionUser;
  /** The cookie value; never stored, never in a response body. */
  token: string;
  expiresAt: Date;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** The name an order keeps once its customer has deleted their account. */
export const deletedCustomerName = 'Deleted customer';

export function createAuthService({ db, config, site }: AuthServiceDeps) {
  const ttlMs = config.auth.sessionTtlDays * dayMs;
  const absoluteMs = Math.max(absoluteDays * dayMs, ttlMs);

  async function createSession(user: SessionUser): Promise<NewSession> {
    const token = newOpaqueToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ttlMs);
    await db.insert(sessions).values({
      id: sha256Hex(token),
      userId: user.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
    // Housekeeping: this user's sessions that have expired go now.
    await db.delete(sessions).where(and(eq(sessions.userId, user.id), lt(sessions.expiresAt, now)));
    return { user, token, expiresAt };
  }

  async function activeUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)));
    return row;
  }

  async function activeUserById(id: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    return row;
  }

  return {
    /** The signed-in user for a cookie value, or null (none, unknown, expired, deleted user). */
    async sessionFor(cookie: string | undefined): Promise<CurrentSession | null> {
      if (!looksLikeToken(cookie)) return null;
      const id = sha256Hex(cookie);
      const now = new Date();
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), isNull(users.deletedAt)));
      if (!row) return null;
      // Staff sessions (the back office) also end after 8 hours without a request.
      if (isStaff(row.user) && now.getTime() - row.session.lastSeenAt.getTime() > staffIdleMs) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      let expiresAt = row.session.expiresAt;
      let touched = false;
      if (now.getTime() - row.session.lastSeenAt.getTime() >= touchEveryMs) {
        const next = new Date(
          Math.min(now.getTime() + ttlMs, row.session.createdAt.getTime() + absoluteMs),
        );
        await db
          .update(sessions)
          .set({ lastSeenAt: now, expiresAt: next })
          .where(eq(sessions.id, id));
        expiresAt = next;
        touched = true;
      }
      return { user: sessionUserOf(row.user), sessionId: id, expiresAt, touched };
    },

    /** A new session for the right e-mail and password; null otherwise (same work either way). */
    async login(email: string, password: string): Promise<NewSession | null> {
      const row = await activeUserByEmail(email);
      if (!row) {
        await burnVerify(password);
        return null;
      }
      if (!(await verifyPassword(row.passwordHash, password))) return null;
      return createSession(sessionUserOf(row));
    },

    /** A new account and its first session; 409 when the e-mail already has an account. */
    async register(form: { fullName: string; email: string; password: string }) {
      const passwordHash = await hashPassword(form.password);
      const [row] = await db
        .insert(users)
        .values({
          id: randomUUID(),
          email: form.email.toLowerCase(),
          fullName: form.fullName,
          passwordHash,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!row) {
        throw new ConflictError(messages.auth.emailTaken, {
          errors: [messages.auth.emailTaken],
          extra: { fieldErrors: { email: messages.auth.emailTaken } },
        });
      }
      return createSession(sessionUserOf(row));
    },

    /** Ends one session (its row goes). */
    async logout(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async verifyUserPassword(userId: string, password: string): Promise<boolean> {
      const row = await activeUserById(userId);
      if (!row) {
        await burnVerify(password);
        return false;
      }
      return verifyPassword(row.passwordHash, password);
    },

    /** Saves the account form (the e-mail change was checked by the caller); 409 if e-mail taken. */
    async updateAccount(userId: string, form: AccountForm): Promise<SessionUser | null> {
      try {
        const [row] = await db
          .update(users)
          .set({
            fullName: form.fullName,
            email: form.email,
            phone: form.phone,
            addressLine1: form.addressLine1,
            addressLine2: form.addressLine2,
            town: form.town,
            postcode: form.postcode,
            updatedAt: new Date(),
          })
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .returning();
        return row ? sessionUserOf(row) : null;
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictError(messages.auth.emailTaken, {
            errors: [messages.auth.emailTaken],
            extra: { fieldErrors: { email: messages.auth.emailTaken } },
          });
        }
        throw error;
      }
    },

    /**
     * Password forgotten: for an account with this e-mail, a single-use token (only its hash is
     * kept) and the e-mail with its link, in one transaction (the outbox). For an unknown e-mail,
     * nothing, after similar work. Returns whether an e-mail was queued (for the log, never for
     * the answer).
     */
    async requestPasswordReset(email: string, origin: string): Promise<boolean> {
      const row = await activeUserByEmail(email);
      const token = newOpaqueToken();
      const tokenHash = sha256Hex(token);
      if (!row) return false;
      const link = `${origin}/user/password-reset?token=${encodeURIComponent(token)}`;
      const mail = resetEmail(row.fullName, link, site.companyName);
      await db.transaction(async (tx) => {
        await tx.insert(passwordResetTokens).values({
          tokenHash,
          userId: row.id,
          expiresAt: new Date(Date.now() + resetTokenTtlMs),
        });
        const id = randomUUID();
        await tx.insert(mailOutbox).values({
          id,
          messageId: `<password-reset-${id}@${messageIdDomain(config.mail.from)}>`,
          to: row.email,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          maxAttempts: config.mail.maxAttempts,
          topic: 'password_reset',
          topicId: row.id,
        });
      });
      return true;
    },

    /**
     * Sets a new password with a reset token: the token must be unused and unexpired, and is
     * used up; every session of the user ends, and the user's other reset tokens stop working.
     * False for a bad token.
     */
    async resetPassword(token: string, password: string): Promise<boolean> {
      if (!looksLikeToken(token)) return false;
      const tokenHash = sha256Hex(token);
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const now = new Date();
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .returning();
        if (!used) return false;
        const [user] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: now })
          .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
          .returning({ id: users.id });
        if (!user) return false;
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        return true;
      });
    },

    /**
     * A new password for a signed-in user who gave the current one: every session of the user
     * ends, and this browser gets a new one. Null when the current password is wrong.
     */
    async changePassword(
      userId: string,
      currentPassword: string,
      password: string,
    ): Promise<NewSession | null> {
      const row = await activeUserById(userId);
      if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) return null;
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
      });
      return createSession(sessionUserOf(row));
    },

    /**
     * Deletes an account: the row is anonymised in place (no name, e-mail, phone, address or
     * password left; the e-mail is freed for a new account), its sessions and reset tokens go.
     * Its orders stay, with their own snapshot of the customer's details, as UK law keeps sales
     * records for 6 years; they keep `customer_id`, which now names an empty account.
     */
    async deleteAccount(userId: string): Promise<void> {
      const now = new Date();
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            email: `deleted-${userId}@deleted.invalid`,
            fullName: '',
            phone: null,
            addressLine1: null,
            addressLine2: null,
            town: null,
            postcode: null,
            passwordHash: '!',
            updatedAt: now,
            deletedAt: now,
          })
          .where(eq(users.id, userId));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
        // The orders stay, as UK law keeps sales records for six years, but without the person:
        // name, contact details, street address and instructions go; the lines, the money, the
        // date, the town and the postcode stay.
        await tx
          .update(orders)
          .set({
            fullName: deletedCustomerName,
            email: sql`'deleted-' || ${orders.id} || '@deleted.invalid'`,
            phone: '',
            addressLine1: '',
            addressLine2: null,
            instructions: null,
            updatedAt: now,
          })
          .where(eq(orders.customerId, userId));
      });
    },

    /** Ends every session of a user but one (kept: its id), e.g. after an e-mail change. */
    async endOtherSessions(userId: string, keepSessionId: string): Promise<void> {
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
    },

    /**
     * Deletes expired sessions and used or expired reset tokens, in bounded batches (each its own
     * short statement; a call stops after `maxBatches` of each, the next carries on); returns how
     * many went.
     */
    async sweep(bounds: BatchBounds = { batch: 500, maxBatches: 20 }): Promise<number> {
      const gone = await deleteInBatches(
        db,
        (batch) => sql`
          delete from sessions where id in (
            select id from sessions where expires_at < now()
            limit ${batch}
            for update skip locked)
          returning 1 as gone`,
        bounds,
      );
      const tokens = await deleteInBatches(
        db,
        (batch) => sql`
          delete from password_reset_tokens where token_hash in (
            select token_hash from password_reset_tokens
            where expires_at < now() or used_at is not null
            limit ${batch}
            for update skip locked)
          returning 1 as gone`,
        bounds,
      );
      return gone + tokens;
    },
  };
}

/** The reset e-mail: the link, how long it works, and what to do if it was not asked for. */
export function resetEmail(
  fullName: string,
  link: string,
  companyName: string,
): { subject: string; html: string; text: string } {
  const subject = `${messages.auth.resetEmailSubject} - ${companyName}`;
  const lines = [
    `Hello ${fullName},`,
    `Someone (we hope you) asked to reset the password of your ${companyName} account.`,
    'Open this link within 60 minutes to choose a new password. It works once:',
    link,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ];
  const text = `${lines.join('\n\n')}\n`;
  const html = [
    `<p>${escapeHtml(lines[0] ?? '')}</p>`,
    `<p>${escapeHtml(lines[1] ?? '')}</p>`,
    `<p>${escapeHtml(lines[2] ?? '')}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(messages.auth.resetEmailSubject)}</a></p>`,
    `<p>${escapeHtml(lines[4] ?? '')}</p>`,
  ].join('\n');
  return { subject, html, text };
}
