import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/failures';
import {
  emailVerificationTokens,
  mailOutbox,
  passwordResetTokens,
  sessions,
  users,
} from '../../db/schema';
import { staffRole } from '../../domain/admin';
import { isWellFormedEmail } from '../../domain/enquiry';
import {
  staffEmailMaxLength,
  staffInvitationTtlHours,
  staffInviteLimit,
  staffInviteTexts,
  staffInviteWindowSeconds,
  type AdminStaffMember,
  type StaffInviteAnswer,
  type StaffInviteOutcome,
} from '../../domain/staffInvite';
import { ConflictError, TooManyRequestsError } from '../../errors';
import { emailBody, type EmailPart } from '../auth/emails';
import { noPassword } from '../auth/passwords';
import { newOpaqueToken, resetTokenTtlMs, sha256Hex } from '../auth/service';
import { messageIdDomain } from '../enquiry/service';
import { createRateLimiter, type RateLimiter } from '../rateLimit/limiter';
import { audit, type Actor, type Tx } from './audit';

export interface StaffInvite {
  userId: string;
  /** True when the account was made now, false when an existing one was promoted. */
  created: boolean;
  /** Sessions of a promoted account that were ended (0 for a new one). */
  sessionsEnded: number;
  /** The one-time link that sets the password (the same reset flow as customers'). */
  link: string;
  expiresAt: Date;
}

export class StaffEmailError extends Error {}

type UserRow = typeof users.$inferSelect;

/** The account an invitation is for, as it was before, and what the invitation made of it. */
interface Issued extends StaffInvite {
  address: string;
  before: UserRow | undefined;
  /** The single-use token in `link` (only its hash is stored). */
  token: string;
}

interface IssueOptions {
  /** Who is inviting, for the audit log. Default: the `staff:create` command (the user itself). */
  actor?: Actor;
  /** How long the link works. */
  ttlMs: number;
  /**
   * Refuses (409) an address that is already staff with a usable password, instead of starting it
   * afresh: the back office must not sign a colleague out and clear their password by mistake.
   */
  refuseActiveStaff: boolean;
  /** Runs in the same transaction once the token is stored (the back office queues its e-mail). */
  inTransaction?: (tx: Tx, issued: Issued) => Promise<void>;
}

/** The back office's audit action for what an invitation did. */
const auditAction: Record<StaffInviteOutcome, string> = {
  invited: 'invite',
  promoted: 'promote',
  reinvited: 'reinvite',
};

function outcomeOf(before: UserRow | undefined): StaffInviteOutcome {
  if (!before) return 'invited';
  return before.role === staffRole ? 'reinvited' : 'promoted';
}

function normalisedAddress(email: string): string {
  const address = email.trim().toLowerCase();
  if (address.length > staffEmailMaxLength || !isWellFormedEmail(address)) {
    throw new StaffEmailError(`Not an e-mail address: ${JSON.stringify(email.slice(0, 300))}`);
  }
  return address;
}

/**
 * The shared core of `inviteStaff` (the command) and the back office's invitation: in one
 * transaction, creates the staff account or starts an existing one afresh as staff, and stores a
 * single-use password link.
 *
 * Whoever made an existing account may not be the person meant (anyone can register an address,
 * or have registered it before its owner joined the staff), so a promotion starts the account
 * afresh: every session ends, the password hash becomes the unusable '!', and every outstanding
 * reset or verification link stops working. Only the new link sets a password, and following it
 * proves the address. A new account likewise has no usable password until the link is used.
 */
async function issueInvite(
  db: Database,
  email: string,
  origin: string,
  options: IssueOptions,
): Promise<Issued> {
  const address = normalisedAddress(email);
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + options.ttlMs);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(and(eq(users.email, address), isNull(users.deletedAt)))
      .for('update');
    if (
      options.refuseActiveStaff &&
      existing?.role === staffRole &&
      existing.passwordHash !== noPassword
    ) {
      const message = staffInviteTexts.alreadyStaff(address);
      throw new ConflictError(message, { errors: [message] });
    }
    let userId: string;
    let sessionsEnded = 0;
    if (existing) {
      userId = existing.id;
      const now = new Date();
      await tx
        .update(users)
        .set({ role: staffRole, passwordHash: noPassword, updatedAt: now })
        .where(eq(users.id, userId));
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      sessionsEnded = ended.length;
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
      await tx
        .update(emailVerificationTokens)
        .set({ usedAt: now })
        .where(
          and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)),
        );
    } else {
      userId = randomUUID();
      await tx.insert(users).values({
        id: userId,
        email: address,
        fullName: address.slice(0, address.indexOf('@')),
        passwordHash: noPassword,
        role: staffRole,
      });
    }
    await tx.insert(passwordResetTokens).values({ tokenHash: sha256Hex(token), userId, expiresAt });
    const promotedAfter = { role: staffRole, sessionsEnded, passwordCleared: true };
    if (options.actor) {
      // The back office: who invited whom (the address, so the log reads without a lookup).
      const outcome = outcomeOf(existing);
      await audit(
        tx,
        options.actor,
        'user',
        userId,
        auditAction[outcome],
        existing ? { email: address, role: existing.role } : null,
        existing ? { email: address, ...promotedAfter } : { email: address, role: staffRole },
      );
    } else {
      await audit(
        tx,
        { id: userId, email: 'staff:create' },
        'user',
        userId,
        existing ? 'promote' : 'create',
        existing ? { role: existing.role } : null,
        existing ? promotedAfter : { role: staffRole },
      );
    }
    const link = `${origin}/user/password-reset?token=${encodeURIComponent(token)}`;
    const issued: Issued = {
      userId,
      created: !existing,
      sessionsEnded,
      link,
      expiresAt,
      address,
      before: existing,
      token,
    };
    await options.inTransaction?.(tx, issued);
    return issued;
  });
}

/**
 * `npm run staff:create`: creates a staff account for `email`, or gives an existing account the
 * staff role (starting it afresh, see `issueInvite`), and makes a single-use password link for it
 * (valid `resetTokenTtlMs`). Recorded in the audit log as done by "staff:create". Running it for
 * someone already on the staff signs them out and clears their password until they use the link:
 * that is also how an operator locks a staff account out at once.
 */
export async function inviteStaff(
  db: Database,
  email: string,
  origin: string,
): Promise<StaffInvite> {
  const { userId, created, sessionsEnded, link, expiresAt } = await issueInvite(db, email, origin, {
    ttlMs: resetTokenTtlMs,
    refuseActiveStaff: false,
  });
  return { userId, created, sessionsEnded, link, expiresAt };
}

/** The invitation e-mail: who invited them, the single-use link and how long it works. */
export function staffInvitationEmail(input: {
  link: string;
  origin: string;
  companyName: string;
  inviter: string;
  outcome: StaffInviteOutcome;
}): { subject: string; html: string; text: string } {
  const { link, origin, companyName, inviter, outcome } = input;
  const subject = `You are invited to the ${companyName} back office`;
  const linkLabel = 'Choose your password';
  const before =
    outcome === 'promoted'
      ? [
          `Your ${companyName} account with this email address is now a staff account. For safety you have been signed out and its old password no longer works: choose a new one with the link below.`,
        ]
      : outcome === 'reinvited'
        ? ['This invitation replaces any earlier one: only the link below works now.']
        : [];
  const parts: EmailPart[] = [
    'Hello,',
    `${inviter} has invited you to join the staff of ${companyName}, to run the shop from its back office.`,
    ...before,
    `Open this link within ${staffInvitationTtlHours} hours to choose your password. It works once:`,
    { link, label: linkLabel },
    `Then log in at ${origin}/user/login and open ${origin}/admin.`,
    `If you did not expect this invitation, ignore this email and tell ${companyName}: nobody can use the account until the link is followed.`,
  ];
  return { subject, ...emailBody(parts) };
}

function memberOf(row: Pick<UserRow, 'id' | 'email' | 'fullName' | 'passwordHash' | 'createdAt'>) {
  const member: AdminStaffMember = {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    status: row.passwordHash === noPassword ? 'invited' : 'active',
    createdAt: row.createdAt.toISOString(),
  };
  return member;
}

/** The most staff accounts the Staff page lists (a shop has a handful). */
const staffListLimit = 500;

export interface AdminStaffOptions {
  /** The origin of the link (`config.linkOrigin`, from PUBLIC_URL): never a request's Host. */
  linkOrigin: string;
  companyName: string;
  /** The outbox's settings (`config.mail`): the Message-ID's domain and the attempts. */
  mail: { from: string; maxAttempts: number };
  /** Told when an invitation was queued. */
  mailWorker?: { nudge(): void } | undefined;
  /** Bounds the invitations each staff member sends (default: `staffInviteLimit` an hour). */
  limiter?: RateLimiter;
}

export type AdminStaff = ReturnType<typeof adminStaff>;

/**
 * The back office's Staff page: the list of staff, and inviting a colleague by e-mail. The
 * invitation is the command's mechanism (a single-use `/user/password-reset` link, only its hash
 * stored), valid `staffInvitationTtlHours`, e-mailed through the outbox in the same transaction;
 * the link is never answered nor logged.
 */
export function adminStaff(db: Database, options: AdminStaffOptions) {
  const limiter =
    options.limiter ??
    createRateLimiter(db, {
      name: 'staff-invite',
      limit: staffInviteLimit,
      windowSeconds: staffInviteWindowSeconds,
    });
  const domain = messageIdDomain(options.mail.from);

  return {
    async list(): Promise<AdminStaffMember[]> {
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          fullName: users.fullName,
          passwordHash: users.passwordHash,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(and(eq(users.role, staffRole), isNull(users.deletedAt)))
        .orderBy(asc(users.email))
        .limit(staffListLimit);
      return rows.map(memberOf);
    },

    /**
     * Invites `email` (already checked by the route's schema) on behalf of `actor`: 201 for a new
     * account or a promoted customer, 200 for a pending invitation sent again; 409 when the
     * address is already an active member of staff; 429 past the actor's limit.
     */
    async invite(actor: Actor, email: string): Promise<StaffInviteAnswer> {
      const counted = await limiter.hit(actor.id);
      if (!counted.allowed) {
        throw new TooManyRequestsError(staffInviteTexts.tooMany, counted.retryAfterSeconds);
      }
      let issued: Issued;
      try {
        issued = await issueInvite(db, email, options.linkOrigin, {
          actor,
          ttlMs: staffInvitationTtlHours * 60 * 60 * 1000,
          refuseActiveStaff: true,
          inTransaction: async (tx, made) => {
            const mail = staffInvitationEmail({
              link: made.link,
              origin: options.linkOrigin,
              companyName: options.companyName,
              inviter: actor.email,
              outcome: outcomeOf(made.before),
            });
            const id = randomUUID();
            await tx.insert(mailOutbox).values({
              id,
              messageId: `<staff-invitation-${id}@${domain}>`,
              to: made.address,
              subject: mail.subject,
              html: mail.html,
              text: mail.text,
              maxAttempts: options.mail.maxAttempts,
              topic: 'staff_invitation',
              topicId: made.userId,
            });
          },
        });
      } catch (error) {
        // Two invitations of one new address at once: the second finds the first's account.
        if (isUniqueViolation(error)) {
          const message = staffInviteTexts.alreadyStaff(normalisedAddress(email));
          throw new ConflictError(message, { errors: [message], cause: error });
        }
        throw error;
      }
      options.mailWorker?.nudge();
      const outcome = outcomeOf(issued.before);
      const [row] = await db.select().from(users).where(eq(users.id, issued.userId));
      const member = memberOf(
        row ?? {
          id: issued.userId,
          email: issued.address,
          fullName: issued.address,
          passwordHash: noPassword,
          createdAt: new Date(),
        },
      );
      const message =
        outcome === 'invited'
          ? staffInviteTexts.invited(issued.address)
          : outcome === 'promoted'
            ? staffInviteTexts.promoted(issued.address)
            : staffInviteTexts.reinvited(issued.address);
      return { code: outcome === 'reinvited' ? 200 : 201, message, outcome, member };
    },
  };
}
