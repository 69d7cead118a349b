import { setTimeout as sleepFor } from 'node:timers/promises';
import type { Database } from '../../db/client';
import { createRateLimiter, type RateLimiter } from '../rateLimit/limiter';

/**
 * The per-account bound on password guessing, which must not become a way to lock the owner out.
 *
 * Failed logins are counted per account (the e-mail as typed, lower-cased) and per account and
 * client address, in the same sliding window as LOGIN_RATE_LIMIT. Up to `limit` failures in the
 * window, nothing changes. Beyond it:
 * - an address that has already failed for this account in the window gets 429 (Retry-After:
 *   until its oldest failure for the account leaves the window);
 * - any other address is let through after a server-side delay that doubles with each failure
 *   beyond the limit, from `baseDelayMs` up to `maxDelayMs` (awaited on a timer: the process keeps
 *   serving others meanwhile). So the owner, logging in from their own address, always gets in,
 *   at worst a few seconds later, while each further guess at the account needs another address
 *   (which the per-address limit bounds too) and waits as well.
 *
 * The counts live in the shared rate-limit table, so every process sees the same ones.
 */
export interface LoginThrottleOptions {
  /** Failures per account in the window before the throttle starts (LOGIN_RATE_LIMIT). */
  limit: number;
  windowSeconds: number;
  /** The first delay beyond the limit; it doubles with each further failure. */
  baseDelayMs?: number;
  /** The longest delay. */
  maxDelayMs?: number;
  /** Waits `ms` (tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
  onPruneError?: (error: unknown) => void;
}

export const defaultLoginDelay = { baseDelayMs: 250, maxDelayMs: 4000 } as const;

export type LoginGate =
  { allowed: true; delayedMs: number } | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Before checking a password: refuse this address, or let it through (perhaps after a wait). */
  enter(account: string, client: string): Promise<LoginGate>;
  /** After a wrong password (or an unknown e-mail: the same to the caller). */
  failed(account: string, client: string): Promise<void>;
}

/** The delay for an account with `failures` in the window: 0 up to the limit, then doubling. */
export function progressiveDelayMs(
  failures: number,
  limit: number,
  baseDelayMs: number,
  maxDelayMs: number,
): number {
  if (failures < limit) return 0;
  const doublings = Math.min(failures - limit, 30);
  return Math.min(maxDelayMs, baseDelayMs * 2 ** doublings);
}

export function createLoginThrottle(db: Database, options: LoginThrottleOptions): LoginThrottle {
  const { limit, windowSeconds, onPruneError } = options;
  const baseDelayMs = options.baseDelayMs ?? defaultLoginDelay.baseDelayMs;
  const maxDelayMs = options.maxDelayMs ?? defaultLoginDelay.maxDelayMs;
  const sleep = options.sleep ?? ((ms: number) => sleepFor(ms));
  // Enough stored failures to reach the longest delay; more would change nothing.
  const kept = limit + Math.ceil(Math.log2(Math.max(2, maxDelayMs / Math.max(1, baseDelayMs)))) + 1;
  const common = { windowSeconds, ...(onPruneError ? { onPruneError } : {}) };
  const accounts: RateLimiter = createRateLimiter(db, {
    name: 'auth-fail',
    limit: kept,
    ...common,
  });
  const pairs: RateLimiter = createRateLimiter(db, {
    name: 'auth-fail-from',
    limit: kept,
    ...common,
  });
  const pairKey = (account: string, client: string) => `${account}\n${client}`;

  return {
    async enter(account, client) {
      const failures = await accounts.peek(account);
      if (failures.count < limit) return { allowed: true, delayedMs: 0 };
      const fromHere = await pairs.peek(pairKey(account, client));
      if (fromHere.count > 0) {
        return { allowed: false, retryAfterSeconds: fromHere.retryAfterSeconds };
      }
      const delayedMs = progressiveDelayMs(failures.count, limit, baseDelayMs, maxDelayMs);
      if (delayedMs > 0) await sleep(delayedMs);
      return { allowed: true, delayedMs };
    },
    async failed(account, client) {
      await accounts.hit(account);
      await pairs.hit(pairKey(account, client));
    },
  };
}
