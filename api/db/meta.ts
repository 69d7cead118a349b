import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { appMeta } from './schema';

/**
 * The value of `key` in app_meta, made by `make` and stored the first time it is asked for. Safe
 * when several processes ask at once: the insert does nothing when another process stored a value
 * first, and everyone then reads the one value that won.
 */
export async function ensureMetaValue(
  db: Database,
  key: string,
  make: () => string,
): Promise<string> {
  await db.insert(appMeta).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
  if (!row) throw new Error(`app_meta has no "${key}" after storing it.`);
  return row.value;
}

/** A random secret (32 bytes, base64url) that every process sharing the database shares. */
export function ensureSharedSecret(db: Database, key: string): Promise<string> {
  return ensureMetaValue(db, key, () => randomBytes(32).toString('base64url'));
}
