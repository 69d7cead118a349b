import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { v4 as uuidv4 } from 'uuid';
import { sessions, users } from '../db/schema';
import type { ServerEntry } from '../domain/ssr';
import { projectRoot } from '../paths';
import { sessionCookieName } from '../routes/auth';
import { hashPassword } from '../services/auth/passwords';
import { newOpaqueToken, sha256Hex } from '../services/auth/service';
import type { SsrRuntime } from '../ssr/runtime';
import type { TestDatabase } from './harness';

/**
 * Server rendering with the real app (app/entry-server.tsx) in the API suite. api/ must not import
 * app/, so the server entry is loaded by its path at run time, as the development runtime does.
 * Loading it transforms the app's sources: allow a generous hook timeout.
 */
export async function realAppRuntime(): Promise<SsrRuntime> {
  const entryUrl = pathToFileURL(resolve(projectRoot, 'app/entry-server.tsx')).href;
  const entry = (await import(/* @vite-ignore */ entryUrl)) as ServerEntry;
  const template = await readFile(resolve(projectRoot, 'app/index.html'), 'utf8');
  return { template: async () => template, entry: async () => entry, assets: (_c, n) => n() };
}

let accounts = 0;

/**
 * A customer account with a session, written straight to the database (no login, no rate limit),
 * and the Cookie header that signs in as it. Without `password` the account has none that works.
 */
export async function signedInCustomer(
  db: TestDatabase,
  { role = 'customer', password }: { role?: 'customer' | 'staff'; password?: string } = {},
): Promise<{ userId: string; email: string; cookie: string }> {
  accounts += 1;
  const userId = uuidv4();
  const email = `customer${accounts}.${Date.now()}@example.com`;
  await db.handle.db.insert(users).values({
    id: userId,
    email,
    fullName: `Customer ${accounts}`,
    passwordHash: password === undefined ? '!' : await hashPassword(password),
    role,
  });
  const token = newOpaqueToken();
  await db.handle.db.insert(sessions).values({
    id: sha256Hex(token),
    userId,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return { userId, email, cookie: `${sessionCookieName}=${token}` };
}
