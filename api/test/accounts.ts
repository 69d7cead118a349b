import { and, desc, eq } from 'drizzle-orm';
import type request from 'supertest';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { inviteStaff } from '../services/admin/staff';

/**
 * Customer accounts for the API suites: registering answers "check your email", and only the link
 * e-mailed to the address makes the account usable (and logs in). These helpers do what a
 * customer does: register, open the e-mail from the outbox, follow its link.
 */
type Agent = ReturnType<typeof request.agent>;

/** The token of the newest e-mail to `to` about `topic` with a `/user/<page>?token=` link. */
export async function tokenMailedTo(
  db: Database,
  to: string,
  topic: string,
  page = 'verify-email',
): Promise<string> {
  const [mail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to.toLowerCase()), eq(mailOutbox.topic, topic)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = new RegExp(`/user/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`No ${topic} e-mail with a ${page} link to ${to}`);
  return token;
}

/**
 * A new customer account, signed in on `agent`: registers (the uniform 200), then follows the link
 * e-mailed to the address, which confirms it and logs in.
 */
export async function signUp(
  agent: Agent,
  origin: string,
  db: Database,
  form: { fullName: string; email: string; password: string },
): Promise<void> {
  const registered = await agent.post('/api/auth/local/register').set('Origin', origin).send(form);
  expect(registered.status).toBe(200);
  const token = await tokenMailedTo(db, form.email, 'email_verification');
  const verified = await agent
    .post('/api/auth/verify-email')
    .set('Origin', origin)
    .send({ token, password: form.password });
  expect(verified.status).toBe(200);
}

/**
 * Makes `email`'s account staff as `npm run staff:create` does (which ends its sessions and clears
 * its password), then sets `password` through the invite link and logs in on `agent`.
 */
export async function promoteAndSignIn(
  agent: Agent,
  origin: string,
  db: Database,
  email: string,
  password: string,
): Promise<void> {
  const invite = await inviteStaff(db, email, origin);
  const token = new URL(invite.link).searchParams.get('token');
  const set = await agent
    .post('/api/auth/reset-password')
    .set('Origin', origin)
    .send({ token, password });
  expect(set.status).toBe(200);
  const login = await agent.post('/api/auth/local').set('Origin', origin).send({ email, password });
  expect(login.status).toBe(200);
}
