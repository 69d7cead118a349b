import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AuthConfig, MailConfig } from '../../config';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/failures';
import { deleteInBatches, type BatchBounds } from '../../db/raw';
import {
  emailVerificationTokens,
  mailOutbox,
  orders,
  passwordResetTokens,
  sessions,
  users,
} from '../../db/schema';
import { isStaff, staffIdleMs } from '../../domain/admin';
import type { AccountForm, PendingConfirmation, SessionUser } from '../../domain/auth';
import { escapeHtml } from '../../domain/html';
import { authAnswers } from '../../domain/authAnswers';
import type { SiteConfig } from '../../domain/site';
import { messageIdDomain } from '../enquiry/service';
import {
  changeEmailEmail,
  changeEmailTakenEmail,
  emailChangedEmail,
  registerExistingEmail,
  verifyAccountEmail,
  verifyLink,
  type AccountEmail,
} from './emails';
import { ordersHoldingDeletion } from '../orders/openOrders';
import { burnVerify, hashPassword, noPassword, verifyPassword } from './passwords';

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
 *
 * E-mail verification: a new account cannot log in until the link e-mailed to its address is
 * followed (`email_verified_at`); a password-reset or staff invite link proves the address too. A
 * registration answers alike whatever the address: an address with an account gets an e-mail
 * saying so instead. An e-mail change takes effect only when the link sent to the new address is
 * followed.
 *
 * Pending registrations (issue 46): each registration of an unconfirmed address gets a link of its
 * own that holds that registration's password hash and name; the account row holds no password
 * ('!') until a link is confirmed, and a link confirms only with its own registration's password.
 * So whoever registers an address first or last, the password that becomes the account's is one
 * the mailbox's owner typed, and a registration never undoes another's link.
 */

/** A session is refreshed on use at most this often (one write per few minutes, not per request). */
const touchEveryMs = 5 * 60 * 1000;
/** However active, a session ends this long after login (or SESSION_TTL_DAYS when longer). */
const absoluteDays = 180;
/** A password reset link works for 60 minutes, once. */
export const resetTokenTtlMs = 60 * 60 * 1000;
/** A link that confirms an address (new account, e-mail change) works for 24 hours, once. */
export const verifyTokenTtlMs = 24 * 60 * 60 * 1000;
/** A registration never confirmed is deleted this many days after its last change. */
export const pendingAccountDays = 7;
/**
 * A login to an unconfirmed address checks its password against at most this many of the newest
 * open registrations (an argon2 verification each: bounded work per request).
 */
export const pendingPasswordsChecked = 5;

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
/** A transaction to write in. */
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a registration did; for the log and the tests, never for the answer (always the same). */
export type RegisterOutcome =
  /** A new, unverified account and its verification e-mail. */
  | 'created'
  /** An unverified customer account at that address took the new name and password, new link. */
  | 'replaced'
  /** The address has a (verified, or staff) account: it was told, nothing changed. */
  | 'existing';

/** What one registration chose: kept with its link until the link is confirmed. */
export interface Registration {
  passwordHash: string;
  fullName: string;
}

export type LoginResult =
  | { status: 'ok'; session: NewSession }
  /** Unknown e-mail or wrong password (the same to the caller). */
  | { status: 'invalid' }
  /**
   * The password of an open registration of an address never confirmed (`registration`: that
   * registration's, for a new link bound to it), or of a staff invite not yet taken up (null).
   */
  | { status: 'unverified'; userId: string; registration: Registration | null };

/** What following a confirmation link came to. */
export type VerifyResult =
  | { status: 'ok'; session: NewSession }
  /** Unknown, used or expired link (or the address it proves was taken meanwhile). */
  | { status: 'invalid' }
  /** The link is good, but the password is not the one it was made with. Nothing changed. */
  | { status: 'wrongPassword' }
  /** This browser is signed in to another account. Nothing changed. */
  | { status: 'otherSession' };

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
  /** `linkOrigin`: where the links in this service's e-mails point (PUBLIC_URL's origin). */
  config: { auth: AuthConfig; mail: Pick<MailConfig, 'from' | 'maxAttempts'>; linkOrigin: string };
  site: Pick<SiteConfig, 'companyName'>;
}

export interface NewSession {
  user: SessionUser;
  /** The cookie value; never stored, never in a response body. */
  token: string;
  expiresAt: Date;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** What came of deleting an account: done, or held back by orders still to be dealt with. */
export type AccountDeletion = { deleted: true } | { deleted: false; openOrders: string[] };

/** The name an order keeps once its customer has deleted their account. */
export const deletedCustomerName = 'Deleted customer';

export function createAuthService({ db, config, site }: AuthServiceDeps) {
  const ttlMs = config.auth.sessionTtlDays * dayMs;
  const absoluteMs = Math.max(absoluteDays * dayMs, ttlMs);
  const origin = config.linkOrigin;
  const links = { origin, companyName: site.companyName };

  /** Puts an e-mail in the outbox, in the caller's transaction. */
  async function queueMail(
    tx: Tx,
    mail: AccountEmail & { to: string; topic: string; topicId: string },
  ): Promise<void> {
    const id = randomUUID();
    await tx.insert(mailOutbox).values({
      id,
      messageId: `<${mail.topic.replace(/_/g, '-')}-${id}@${messageIdDomain(config.mail.from)}>`,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      maxAttempts: config.mail.maxAttempts,
      topic: mail.topic,
      topicId: mail.topicId,
    });
  }

  /**
   * A new single-use link token proving `email` for `userId` (a registration's link holds what
   * that registration chose); returns the token (only its hash is stored).
   */
  async function issueVerifyToken(
    tx: Tx,
    userId: string,
    email: string,
    purpose: 'register' | 'change_email',
    registration: Registration | null = null,
  ): Promise<string> {
    const token = newOpaqueToken();
    await tx.insert(emailVerificationTokens).values({
      tokenHash: sha256Hex(token),
      userId,
      email,
      purpose,
      expiresAt: new Date(Date.now() + verifyTokenTtlMs),
      passwordHash: registration?.passwordHash ?? null,
      fullName: registration?.fullName ?? null,
    });
    return token;
  }

  /** The account's unused links of one purpose stop working. */
  async function useUpVerifyTokens(
    tx: Tx,
    userId: string,
    purpose: 'register' | 'change_email',
  ): Promise<void> {
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailVerificationTokens.userId, userId),
          eq(emailVerificationTokens.purpose, purpose),
          isNull(emailVerificationTokens.usedAt),
        ),
      );
  }

  /** A verification link for the account's own address and one registration, e-mailed (in `tx`). */
  async function sendVerification(
    tx: Tx,
    row: UserRow,
    registration: Registration | null,
  ): Promise<void> {
    const token = await issueVerifyToken(tx, row.id, row.email, 'register', registration);
    await queueMail(tx, {
      ...verifyAccountEmail(verifyLink(origin, token), links),
      to: row.email,
      topic: 'email_verification',
      topicId: row.id,
    });
  }

  /** The open registrations of a pending account, newest first (at most `pendingPasswordsChecked`). */
  async function openRegistrations(userId: string): Promise<Registration[]> {
    const rows = await db
      .select({
        passwordHash: emailVerificationTokens.passwordHash,
        fullName: emailVerificationTokens.fullName,
      })
      .from(emailVerificationTokens)
      .where(
        and(
          eq(emailVerificationTokens.userId, userId),
          eq(emailVerificationTokens.purpose, 'register'),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(emailVerificationTokens.createdAt))
      .limit(pendingPasswordsChecked);
    const seen = new Set<string>();
    const open: Registration[] = [];
    for (const row of rows) {
      if (row.passwordHash === null || seen.has(row.passwordHash)) continue;
      seen.add(row.passwordHash);
      open.push({ passwordHash: row.passwordHash, fullName: row.fullName ?? '' });
    }
    return open;
  }

  /** Whether an account is a customer's registration nobody has confirmed yet. */
  const isPendingCustomer = (row: UserRow) =>
    row.emailVerifiedAt === null && row.role === 'customer';

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

  /**
   * Deletes an account in `tx`: the row is anonymised in place (no name, e-mail, phone, address or
   * password left; the e-mail is freed for a new account), its sessions and tokens go. Its orders
   * stay, with their own snapshot of the customer's details, as UK law keeps sales records for 6
   * years; they keep `customer_id`, which now names an empty account.
   */
  async function anonymise(tx: Tx, userId: string, now: Date): Promise<void> {
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
        passwordHash: noPassword,
        updatedAt: now,
        deletedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
    // The orders stay, as UK law keeps sales records for six years, but without the person:
    // name, contact details, street address, the oil tank's place and access (gate codes) and
    // instructions go; the lines, the money, the
    // date, the town and the postcode stay.
    await tx
      .update(orders)
      .set({
        fullName: deletedCustomerName,
        email: sql`'deleted-' || ${orders.id} || '@deleted.invalid'`,
        phone: '',
        addressLine1: '',
        addressLine2: null,
        tankLocation: null,
        tankAccess: null,
        instructions: null,
        updatedAt: now,
      })
      .where(eq(orders.customerId, userId));
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

    /**
     * A new session for the right e-mail and password of a confirmed address. Unknown e-mail and
     * wrong password are alike (same work either way); 'unverified' only with the right password.
     */
    async login(email: string, password: string): Promise<LoginResult> {
      const row = await activeUserByEmail(email);
      if (!row) {
        await burnVerify(password);
        return { status: 'invalid' };
      }
      if (isPendingCustomer(row)) {
        // The password of any open registration: the answer is the same whoever registered last.
        const open = await openRegistrations(row.id);
        if (open.length === 0) await burnVerify(password);
        for (const registration of open) {
          if (await verifyPassword(registration.passwordHash, password)) {
            return { status: 'unverified', userId: row.id, registration };
          }
        }
        return { status: 'invalid' };
      }
      if (!(await verifyPassword(row.passwordHash, password))) return { status: 'invalid' };
      if (row.emailVerifiedAt === null) {
        return { status: 'unverified', userId: row.id, registration: null };
      }
      return { status: 'ok', session: await createSession(sessionUserOf(row)) };
    },

    /**
     * A registration. Whatever the address, no session and the same answer from the caller:
     * - a new address: a pending account (no password, no name of its own yet) and a link bound to
     *   this registration's name and password;
     * - a pending customer account (nobody proved the address: perhaps someone else's
     *   registration): a new link bound to this registration. The account and the other
     *   registrations' links are left as they are: whichever link the mailbox's owner follows,
     *   with its own password, decides;
     * - a verified (or staff) account: unchanged; its address is told, with the login and
     *   forgotten-password links.
     * One argon2 hash in every case, so the time taken does not tell them apart either.
     */
    async register(form: {
      fullName: string;
      email: string;
      password: string;
    }): Promise<RegisterOutcome> {
      const email = form.email.toLowerCase();
      const registration: Registration = {
        passwordHash: await hashPassword(form.password),
        fullName: form.fullName,
      };
      return db.transaction(async (tx) => {
        const lockedRow = async () => {
          const [row] = await tx
            .select()
            .from(users)
            .where(and(eq(users.email, email), isNull(users.deletedAt)))
            .for('update');
          return row;
        };
        let existing = await lockedRow();
        if (!existing) {
          const [created] = await tx
            .insert(users)
            .values({ id: randomUUID(), email, fullName: '', passwordHash: noPassword })
            .onConflictDoNothing({ target: users.email })
            .returning();
          if (created) {
            await sendVerification(tx, created, registration);
            return 'created';
          }
          // Registered by a concurrent request a moment ago: as for an existing account.
          existing = await lockedRow();
          if (!existing) throw new Error('The account at this address vanished mid-registration.');
        }
        if (isPendingCustomer(existing)) {
          // Its last change: the sweep keeps a pending account while registrations keep coming.
          await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, existing.id));
          await sendVerification(tx, existing, registration);
          return 'replaced';
        }
        await queueMail(tx, {
          ...registerExistingEmail(existing.fullName, links),
          to: existing.email,
          topic: 'register_existing',
          topicId: existing.id,
        });
        return 'existing';
      });
    },

    /**
     * Another verification link for an unverified account, after a login with the password of
     * one of its registrations (`registration`, which the new link is bound to as the old one was).
     */
    async resendVerification(userId: string, registration: Registration | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(users.emailVerifiedAt)));
        if (!row) return false;
        await sendVerification(tx, row, registration);
        return true;
      });
    },

    /** The address a live confirmation link proves (for its page), or null for a dead link. */
    async pendingConfirmation(token: string): Promise<PendingConfirmation | null> {
      if (!looksLikeToken(token)) return null;
      const [row] = await db
        .select({ email: emailVerificationTokens.email, purpose: emailVerificationTokens.purpose })
        .from(emailVerificationTokens)
        .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
        .where(
          and(
            eq(emailVerificationTokens.tokenHash, sha256Hex(token)),
            isNull(emailVerificationTokens.usedAt),
            gt(emailVerificationTokens.expiresAt, new Date()),
            isNull(users.deletedAt),
          ),
        );
      if (!row) return null;
      return {
        email: row.email,
        purpose: row.purpose === 'change_email' ? 'change_email' : 'register',
      };
    },

    /**
     * Follows a verification link: the token must be unused and unexpired, and is used up.
     * It confirms only with its own password: for 'register', the password of the registration
     * that made the link (the account's own, for a staff invite); for 'change_email', the
     * account's. A browser signed in to another account confirms nothing (`signedInUserId`), so a
     * link sent by someone else cannot silently swap the session. Then:
     * - 'register': the account's address is confirmed (it must still be the one the link was
     *   sent to), and the registration's name and password become the account's; every other
     *   registration's link stops working;
     * - 'change_email': the new address becomes the account's (and is confirmed). An unverified
     *   customer account holding that address is retired (nobody proved it was theirs); a verified
     *   one makes the link fail. Every session ends, the other links of the account stop working
     *   (password-reset links went to the old address), and the old address is told.
     * Either way the follower is logged in with a new session. A wrong password or another
     * account's session changes nothing and leaves the link working.
     */
    async verifyEmail(
      token: string,
      password: string,
      signedInUserId: string | null,
    ): Promise<VerifyResult> {
      if (!looksLikeToken(token)) {
        await burnVerify(password);
        return { status: 'invalid' };
      }
      const tokenHash = sha256Hex(token);
      const [link] = await db
        .select({ token: emailVerificationTokens, user: users })
        .from(emailVerificationTokens)
        .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
        .where(
          and(
            eq(emailVerificationTokens.tokenHash, tokenHash),
            isNull(emailVerificationTokens.usedAt),
            gt(emailVerificationTokens.expiresAt, new Date()),
            isNull(users.deletedAt),
          ),
        );
      if (!link) {
        await burnVerify(password);
        return { status: 'invalid' };
      }
      if (signedInUserId !== null && signedInUserId !== link.user.id) {
        return { status: 'otherSession' };
      }
      // A registration's own password only while the account is still a pending customer's (an
      // account promoted to staff meanwhile has only the invite's password, set by its link).
      const registration = link.token.purpose === 'register' && isPendingCustomer(link.user);
      const expectedHash = registration
        ? (link.token.passwordHash ?? link.user.passwordHash)
        : link.user.passwordHash;
      if (!(await verifyPassword(expectedHash, password))) return { status: 'wrongPassword' };
      const confirm = () =>
        db.transaction(async (tx) => {
          const now = new Date();
          const [used] = await tx
            .update(emailVerificationTokens)
            .set({ usedAt: now })
            .where(
              and(
                eq(emailVerificationTokens.tokenHash, tokenHash),
                isNull(emailVerificationTokens.usedAt),
                gt(emailVerificationTokens.expiresAt, now),
              ),
            )
            .returning();
          if (!used) return null;
          const [row] = await tx
            .select()
            .from(users)
            .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
            .for('update');
          if (!row) return null;
          if (used.purpose === 'register') {
            if (row.email !== used.email) return null;
            const [verified] = await tx
              .update(users)
              .set({
                emailVerifiedAt: row.emailVerifiedAt ?? now,
                // The registration whose password was just given: its name and password.
                ...(used.passwordHash !== null && isPendingCustomer(row)
                  ? { passwordHash: used.passwordHash, fullName: used.fullName ?? row.fullName }
                  : {}),
                updatedAt: now,
              })
              .where(eq(users.id, row.id))
              .returning();
            await useUpVerifyTokens(tx, row.id, 'register');
            return verified ?? null;
          }
          // An e-mail change. Whoever holds the address now?
          const [holder] = await tx
            .select()
            .from(users)
            .where(and(eq(users.email, used.email), isNull(users.deletedAt)))
            .for('update');
          if (holder && holder.id !== row.id) {
            if (holder.emailVerifiedAt !== null || holder.role !== 'customer') return null;
            // Nobody proved that pending account's address: it goes, as if deleted.
            await anonymise(tx, holder.id, now);
          }
          const [changed] = await tx
            .update(users)
            .set({ email: used.email, emailVerifiedAt: now, updatedAt: now })
            .where(eq(users.id, row.id))
            .returning();
          await useUpVerifyTokens(tx, row.id, 'change_email');
          await useUpVerifyTokens(tx, row.id, 'register');
          await tx
            .update(passwordResetTokens)
            .set({ usedAt: now })
            .where(and(eq(passwordResetTokens.userId, row.id), isNull(passwordResetTokens.usedAt)));
          await tx.delete(sessions).where(eq(sessions.userId, row.id));
          if (row.email !== used.email) {
            await queueMail(tx, {
              ...emailChangedEmail(row.fullName, links),
              to: row.email,
              topic: 'email_changed',
              topicId: row.id,
            });
          }
          return changed ?? null;
        });
      let done: UserRow | null;
      try {
        done = await confirm();
      } catch (error) {
        // The new address was taken by a registration in the meantime: the link has failed.
        if (isUniqueViolation(error)) return { status: 'invalid' };
        throw error;
      }
      if (!done) return { status: 'invalid' };
      return { status: 'ok', session: await createSession(sessionUserOf(done)) };
    },

    /**
     * An e-mail change asked for by the signed-in owner (who gave their password): the account
     * keeps its address; the new address gets a link that makes the change ('sent'), or, when it
     * already has a verified account, that account's owner is told and nothing changes ('taken').
     * The caller answers alike either way.
     */
    async requestEmailChange(userId: string, newEmail: string): Promise<'sent' | 'taken' | 'gone'> {
      const email = newEmail.toLowerCase();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.deletedAt)));
        if (!row) return 'gone';
        const [holder] = await tx
          .select()
          .from(users)
          .where(and(eq(users.email, email), isNull(users.deletedAt)));
        if (holder && (holder.emailVerifiedAt !== null || holder.role !== 'customer')) {
          await queueMail(tx, {
            ...changeEmailTakenEmail(holder.fullName, links),
            to: holder.email,
            topic: 'email_change_taken',
            topicId: holder.id,
          });
          return 'taken';
        }
        // Only the latest requested change can be confirmed.
        await useUpVerifyTokens(tx, row.id, 'change_email');
        const token = await issueVerifyToken(tx, row.id, email, 'change_email');
        await queueMail(tx, {
          ...changeEmailEmail(verifyLink(origin, token), links),
          to: email,
          topic: 'email_change',
          topicId: row.id,
        });
        return 'sent';
      });
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

    /**
     * Saves the account form's name, phone and address. Never the e-mail: a new address becomes
     * the account's only through the link sent to it (`requestEmailChange`, `verifyEmail`).
     */
    async updateAccount(
      userId: string,
      form: Omit<AccountForm, 'email' | 'currentPassword'>,
    ): Promise<SessionUser | null> {
      const [row] = await db
        .update(users)
        .set({
          fullName: form.fullName,
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
        await queueMail(tx, { ...mail, to: row.email, topic: 'password_reset', topicId: row.id });
      });
      return true;
    },

    /**
     * Sets a new password with a reset token: the token must be unused and unexpired, and is
     * used up; every session of the user ends, and the user's other reset tokens stop working.
     * The link came to the account's address, so the address counts as confirmed (a staff invite
     * is such a link too). False for a bad token.
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
          .set({
            passwordHash,
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
            updatedAt: now,
          })
          .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
          .returning({ id: users.id });
        if (!user) return false;
        // Any pending registration link (and the password it set) is superseded.
        await useUpVerifyTokens(tx, user.id, 'register');
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
     * Deletes an account: anonymised in place, its orders kept without the person (`anonymise`).
     * Not while an order still needs the person's details (paid, out for delivery, under review):
     * then nothing changes and the answer names those orders.
     */
    async deleteAccount(userId: string): Promise<AccountDeletion> {
      return db.transaction(async (tx) => {
        const openOrders = await ordersHoldingDeletion(tx, userId);
        if (openOrders.length > 0) return { deleted: false, openOrders };
        await anonymise(tx, userId, new Date());
        return { deleted: true };
      });
    },

    /** Ends every session of a user but one (kept: its id), e.g. after an e-mail change. */
    async endOtherSessions(userId: string, keepSessionId: string): Promise<void> {
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
    },

    /**
     * Deletes expired sessions, used or expired reset and verification tokens, and registrations
     * never confirmed (`pendingAccountDays` after their last change), in bounded batches (each its
     * own short statement; a call stops after `maxBatches` of each, the next carries on); returns
     * how many went.
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
      // Reset and confirmation links alike: used or expired ones open nothing any more.
      let spentLinks = 0;
      for (const table of [passwordResetTokens, emailVerificationTokens]) {
        spentLinks += await deleteInBatches(
          db,
          (batch) => sql`
            delete from ${table} where token_hash in (
              select token_hash from ${table}
              where expires_at < now() or used_at is not null
              limit ${batch}
              for update skip locked)
            returning 1 as gone`,
          bounds,
        );
      }
      // Registrations never confirmed: nobody proved the address, so the name (and the password
      // hash) are not kept once the link is long dead. Staff invites are left to the operator.
      const pending = await deleteInBatches(
        db,
        (batch) => sql`
          delete from users where id in (
            select u.id from users u
            where u.email_verified_at is null and u.deleted_at is null and u.role = 'customer'
              and u.updated_at < now() - ${pendingAccountDays}::integer * interval '1 day'
              and not exists (select 1 from orders o where o.customer_id = u.id)
            limit ${batch}
            for update skip locked)
          returning 1 as gone`,
        bounds,
      );
      return gone + spentLinks + pending;
    },
  };
}

/** The reset e-mail: the link, how long it works, and what to do if it was not asked for. */
export function resetEmail(
  fullName: string,
  link: string,
  companyName: string,
): { subject: string; html: string; text: string } {
  const subject = `${authAnswers.resetEmailSubject} - ${companyName}`;
  const lines = [
    // A registration nobody confirmed has no name yet (its name is the unproved registrant's).
    fullName ? `Hello ${fullName},` : 'Hello,',
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
    `<p><a href="${escapeHtml(link)}">${escapeHtml(authAnswers.resetEmailSubject)}</a></p>`,
    `<p>${escapeHtml(lines[4] ?? '')}</p>`,
  ].join('\n');
  return { subject, html, text };
}
