import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailVerificationTokens, passwordResetTokens, sessions, users } from '../../db/schema';
import { staffRole } from '../../domain/admin';
import { isWellFormedEmail } from '../../domain/enquiry';
import { newOpaqueToken, resetTokenTtlMs, sha256Hex } from '../auth/service';
import { audit } from './audit';

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

/**
 * Creates a staff account for `email`, or gives an existing account the staff role, and makes a
 * single-use password link for it (valid `resetTokenTtlMs`). Recorded in the audit log as done by
 * "staff:create".
 *
 * Whoever made an existing account may not be the person the operator means (anyone can register
 * an address, or have registered it before its owner joined the staff), so a promotion starts the
 * account afresh, in the same transaction: every session ends, the password hash becomes the
 * unusable '!', and every outstanding reset or verification link stops working. Only the new link
 * sets a password, and following it proves the address. A new account likewise has no usable
 * password until the link is used.
 */
export async function inviteStaff(
  db: Database,
  email: string,
  origin: string,
): Promise<StaffInvite> {
  const address = email.trim().toLowerCase();
  if (address.length > 254 || !isWellFormedEmail(address)) {
    throw new StaffEmailError(`Not an e-mail address: ${JSON.stringify(email.slice(0, 300))}`);
  }
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + resetTokenTtlMs);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(and(eq(users.email, address), isNull(users.deletedAt)))
      .for('update');
    let userId: string;
    let sessionsEnded = 0;
    if (existing) {
      userId = existing.id;
      const now = new Date();
      // No password works until the link is used: '!' is never a valid argon2 hash.
      await tx
        .update(users)
        .set({ role: staffRole, passwordHash: '!', updatedAt: now })
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
        // No password works until the link is used: '!' is never a valid argon2 hash.
        passwordHash: '!',
        role: staffRole,
      });
    }
    await tx.insert(passwordResetTokens).values({ tokenHash: sha256Hex(token), userId, expiresAt });
    await audit(
      tx,
      { id: userId, email: 'staff:create' },
      'user',
      userId,
      existing ? 'promote' : 'create',
      existing ? { role: existing.role } : null,
      existing ? { role: staffRole, sessionsEnded, passwordCleared: true } : { role: staffRole },
    );
    const link = `${origin}/user/password-reset?token=${encodeURIComponent(token)}`;
    return { userId, created: !existing, sessionsEnded, link, expiresAt };
  });
}
