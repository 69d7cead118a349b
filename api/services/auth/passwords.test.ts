import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';

/** argon2id is CPU-heavy and the machine may be busy: generous timeouts, no timing claims. */
const slow = 30_000;

describe('passwords', () => {
  it(
    'hashes with argon2id (19 MiB, 2 passes) and verifies',
    async () => {
      const stored = await hashPassword('correct horse battery staple');
      expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
      expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
      expect(await verifyPassword(stored, 'Correct horse battery staple')).toBe(false);
      expect(await verifyPassword('!', 'anything at all')).toBe(false);
      expect(await verifyPassword(stored, 'x'.repeat(500))).toBe(false);
    },
    slow,
  );

  it('knows the shipped list of common passwords, in any case', () => {
    for (const common of ['password', 'PASSWORD1', 'Qwertyuiop', 'trustno1', 'polina']) {
      expect(isCommonPassword(common)).toBe(true);
    }
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });
});
