import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { staffRole } from '../../domain/admin';
import { isWellFormedEmail } from '../../domain/enquiry';
import { newOpaqueToken, resetTokenTtlMs, sha256Hex } from '../auth/service';
import { audit } from './audit';

export interface StaffInvite {
  userId: string;
  /** True when the account was made now, false when an existing one was promoted. */
  created: boolean;
  /** The one-time link that sets the password (the same reset flow as customers'). */
  link: string;
  expiresAt: Date;
}

export class StaffEmailError extends Error {}

/**
 * Creates a staff account for `email`, or gives an existing account the staff role, and makes a
 * single-use password link for it (valid `resetTokenTtlMs`). A new account has no usable password
 * until the link is used. Recorded in the audit log as done by "staff:create".
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
    if (existing) {
      userId = existing.id;
      await tx
        .update(users)
        .set({ role: staffRole, updatedAt: new Date() })
        .where(eq(users.id, userId));
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
      { role: staffRole },
    );
    const link = `${origin}/user/password-reset?token=${encodeURIComponent(token)}`;
    return { userId, created: !existing, link, expiresAt };
  });
}
