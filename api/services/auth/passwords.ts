import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hash, verify, type Options } from '@node-rs/argon2';
import { passwordLength, passwordMaxLength } from '../../domain/auth';
import { commonPasswordsPath } from '../../paths';

/**
 * argon2id with OWASP's first recommended setting: 19 MiB of memory, 2 passes, 1 lane
 * (`$argon2id$v=19$m=19456,t=2,p=1$…`). `algorithm: 2` is Argon2id (a const enum in the package's
 * types, written as its value so that type-only transpilers keep working).
 */
export const argon2Options: Options = {
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * The stored "hash" of an account with no password ('!' is never a valid argon2 hash): a pending
 * registration, a staff invite not yet taken up, a deleted account. No password verifies against it.
 */
export const noPassword = '!';

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

/** False for a wrong password and for a stored value that is not a hash (a deleted account). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  if (!storedHash.startsWith('$argon2')) {
    await burnVerify(password);
    return false;
  }
  // Longer than any password we accept: a wrong password, after the same work.
  if (passwordLength(password) > passwordMaxLength) {
    await burnVerify(password.slice(0, passwordMaxLength));
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Verifies against the hash of a random password nobody knows, so a login for an unknown e-mail
 * takes the time a wrong password takes (the same argon2 parameters, so the same work).
 */
export async function burnVerify(password: string): Promise<void> {
  dummy ??= hash(randomBytes(32).toString('base64url'), argon2Options);
  try {
    await verify(await dummy, password.slice(0, passwordMaxLength * 4));
  } catch {
    // Nothing to learn from it.
  }
}

let common: ReadonlySet<string> | undefined;

/** The shipped list (common-passwords.txt), lower-cased; read once. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(commonPasswordsPath, 'utf8')
      .split(/\r?\n/)
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.toLowerCase()),
  );
  return common;
}

/** True when the password is one of the 1,000 most common, in any mix of upper and lower case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
