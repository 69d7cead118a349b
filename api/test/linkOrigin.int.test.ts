import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../db/schema';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from './harness';

/**
 * Links in e-mails come from configuration (PUBLIC_URL, or http://localhost:PORT where it may be
 * unset), never from the request: a Host or X-Forwarded-Host header must not choose where a
 * password-reset link (customers' and staff's alike) points.
 */
const slow = 60_000;

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
}, slow);
afterAll(async () => {
  await db?.close();
}, slow);

async function accountFor(email: string): Promise<void> {
  await db.handle.db.insert(users).values({
    id: randomUUID(),
    email,
    fullName: 'Anne Example',
    // No password works: the reset link is the only way in, which is what is tested.
    passwordHash: '!',
  });
}

async function resetMailTo(email: string): Promise<{ text: string; html: string }> {
  const [mail] = await db.handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  if (!mail) throw new Error(`No e-mail to ${email}`);
  return { text: mail.text, html: mail.html ?? '' };
}

async function forgot(app: TestApp, email: string, headers: Record<string, string>) {
  let req = request(app.app.callback()).post('/api/auth/forgot-password');
  for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
  const res = await req.send({ email });
  expect(res.status).toBe(200);
}

describe('reset links never follow the Host header', () => {
  it(
    'with PUBLIC_URL unset, a forged Host still gets a link to http://localhost:PORT',
    async () => {
      const app = await createTestApp({ db, env: { PORT: '3124' } });
      const email = 'anne.host@example.com';
      await accountFor(email);
      await forgot(app, email, { Host: 'evil.example' });
      const mail = await resetMailTo(email);
      expect(mail.text).toContain('http://localhost:3124/user/password-reset?token=');
      expect(mail.html).toContain('http://localhost:3124/user/password-reset?token=');
      expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
    },
    slow,
  );

  it(
    'behind a trusted proxy, X-Forwarded-Host does not choose the link either',
    async () => {
      const app = await createTestApp({
        db,
        env: { PUBLIC_URL: 'https://shop.example', TRUST_PROXY: 'true' },
      });
      const email = 'anne.proxy@example.com';
      await accountFor(email);
      await forgot(app, email, {
        Host: 'shop.example',
        'X-Forwarded-Host': 'evil.example',
        'X-Forwarded-Proto': 'http',
      });
      const mail = await resetMailTo(email);
      expect(mail.text).toContain('https://shop.example/user/password-reset?token=');
      expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
    },
    slow,
  );

  it(
    'a request without a usable Host still gets its e-mail, with the configured link',
    async () => {
      const app = await createTestApp({ db, env: { PUBLIC_URL: 'http://localhost:3124' } });
      const email = 'anne.nohost@example.com';
      await accountFor(email);
      await forgot(app, email, { Host: 'bad host!' });
      const mail = await resetMailTo(email);
      expect(mail.text).toContain('http://localhost:3124/user/password-reset?token=');
    },
    slow,
  );
});
