import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { rateLimits } from '../db/schema';
import {
  createRateLimiter,
  type RateLimitOutcome,
  type RateLimiterOptions,
} from '../services/rateLimit/limiter';
import { createTestDatabase, usingPostgres, type TestDatabase } from './harness';

/**
 * The sliding-window limiter against a real database (shared by every process in production).
 * Time is the limiter's `clock`, set by each test: nothing sleeps, and window edges are exact.
 */

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await tdb.close();
});
beforeEach(async () => {
  await tdb.handle.db.delete(rateLimits);
});

/** 2030-01-01T00:00:00Z: a multiple of every window used here, i.e. a fixed-window boundary. */
const boundary = Date.UTC(2030, 0, 1);

/** A limiter whose time is whatever the test last set, in milliseconds. */
function limiterAt(options: Omit<RateLimiterOptions, 'clock'>) {
  let now = boundary;
  const limiter = createRateLimiter(tdb.handle.db, { ...options, clock: () => new Date(now) });
  return {
    limiter,
    at(ms: number) {
      now = ms;
      return limiter;
    },
  };
}

async function hits(
  limiter: { hit(key: string): Promise<RateLimitOutcome> },
  key: string,
  n: number,
) {
  const outcomes: RateLimitOutcome[] = [];
  for (let i = 0; i < n; i += 1) outcomes.push(await limiter.hit(key));
  return outcomes;
}

const allowed = (outcomes: RateLimitOutcome[]) => outcomes.map((o) => o.allowed);

describe(`sliding-window rate limiter (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('allows `limit` requests per key, then refuses with the time until a slot frees', async () => {
    const { at } = limiterAt({ name: 'basic', limit: 2, windowSeconds: 600 });
    const outcomes = await hits(at(boundary), '198.51.100.1', 3);
    expect(outcomes.map((o) => [o.allowed, o.count, o.remaining])).toEqual([
      [true, 1, 1],
      [true, 2, 0],
      [false, 2, 0],
    ]);
    expect(outcomes[2]).toMatchObject({ limit: 2, retryAfterSeconds: 600 });
    // Another client, and the same client under another limiter, have their own logs.
    expect((await at(boundary).hit('198.51.100.2')).count).toBe(1);
    const other = createRateLimiter(tdb.handle.db, { name: 'other', limit: 2, windowSeconds: 600 });
    expect(await other.hit('198.51.100.1')).toMatchObject({ allowed: true, count: 1 });
  });

  it('refuses across a fixed-window boundary: never more than `limit` in any window', async () => {
    // The defect: with windows aligned to the clock, 5 just before :00 and 5 just after all passed.
    const { at } = limiterAt({ name: 'edge', limit: 5, windowSeconds: 600 });
    const before = await hits(at(boundary - 1_000), 'ip', 5);
    expect(allowed(before)).toEqual([true, true, true, true, true]);
    const after = await hits(at(boundary + 1_000), 'ip', 5);
    expect(allowed(after)).toEqual([false, false, false, false, false]);
    // Time until the first of the five is 600 s old: 598 s after the refused requests.
    expect(after.map((o) => o.retryAfterSeconds)).toEqual([598, 598, 598, 598, 598]);
    // Still refused one millisecond before, and accepted again once they have left the window.
    expect((await at(boundary + 598_999).hit('ip')).allowed).toBe(false);
    expect(allowed(await hits(at(boundary + 599_000), 'ip', 6))).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('slides: a slot frees when the oldest accepted request leaves the window', async () => {
    const { at } = limiterAt({ name: 'slide', limit: 2, windowSeconds: 600 });
    expect((await at(boundary).hit('ip')).allowed).toBe(true);
    expect((await at(boundary + 100_000).hit('ip')).allowed).toBe(true);
    expect(await at(boundary + 200_000).hit('ip')).toMatchObject({
      allowed: false,
      retryAfterSeconds: 400,
    });
    // The first has left; the second (at +100 s) still counts.
    expect(await at(boundary + 600_001).hit('ip')).toMatchObject({ allowed: true, count: 2 });
    expect(await at(boundary + 602_000).hit('ip')).toMatchObject({
      allowed: false,
      retryAfterSeconds: 98,
    });
    expect(await at(boundary + 700_001).hit('ip')).toMatchObject({ allowed: true, count: 2 });
  });

  it('does not count refused requests: retrying cannot extend the lock-out', async () => {
    const { at } = limiterAt({ name: 'retry', limit: 3, windowSeconds: 60 });
    expect(allowed(await hits(at(boundary), 'ip', 3))).toEqual([true, true, true]);
    // A client retrying every second for the whole window is refused each time…
    for (let s = 1; s < 60; s += 1) {
      expect((await at(boundary + s * 1_000).hit('ip')).allowed).toBe(false);
    }
    // …and let in as soon as its accepted requests are a window old.
    expect(allowed(await hits(at(boundary + 60_000), 'ip', 4))).toEqual([true, true, true, false]);
  });

  it('release gives back the one accepted request it names, and only once', async () => {
    const { at } = limiterAt({ name: 'release', limit: 3, windowSeconds: 600 });
    const first = await at(boundary).hit('ip');
    expect(first.stamp).toBe('2030-01-01T00:00:00.000000Z');
    await at(boundary + 1_000).hit('ip');
    await at(boundary + 2_000).hit('ip');
    const refused = await at(boundary + 3_000).hit('ip');
    expect(refused).toMatchObject({ allowed: false, stamp: null });
    // The first request is taken back: its slot is free, and the second is now the oldest.
    await at(boundary + 3_000).release('ip', String(first.stamp));
    await at(boundary + 3_000).release('ip', String(first.stamp));
    expect((await at(boundary + 3_000).peek('ip')).count).toBe(2);
    expect((await at(boundary + 3_000).hit('ip')).allowed).toBe(true);
    expect(await at(boundary + 3_000).hit('ip')).toMatchObject({
      allowed: false,
      retryAfterSeconds: 598,
    });
    // Requests accepted at the same instant share a time: one release frees one slot of them.
    const same = await hits(at(boundary), 'same', 3);
    await at(boundary).release('same', String(same[0]?.stamp));
    expect((await at(boundary).peek('same')).count).toBe(2);
  });

  it("release finds a request timed by the database's clock (to the microsecond)", async () => {
    const limiter = createRateLimiter(tdb.handle.db, {
      name: 'micro',
      limit: 2,
      windowSeconds: 60,
    });
    const outcome = await limiter.hit('ip');
    expect(outcome.stamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    await limiter.release('ip', String(outcome.stamp));
    expect((await limiter.peek('ip')).count).toBe(0);
  });

  it('accepts a request exactly when fewer than `limit` were accepted in the window before it', async () => {
    // Model check: random request times against the definition, each run on a key of its own.
    const limit = 3;
    const windowSeconds = 10;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 4_000 }), { minLength: 1, maxLength: 25 }),
        async (gapsMs) => {
          run += 1;
          const { at } = limiterAt({ name: 'model', limit, windowSeconds });
          const accepted: number[] = [];
          let t = boundary;
          for (const gap of gapsMs) {
            t += gap;
            const inWindow = accepted.filter((a) => a > t - windowSeconds * 1_000);
            const outcome = await at(t).hit(`key-${run}`);
            expect(outcome.allowed).toBe(inWindow.length < limit);
            if (outcome.allowed) accepted.push(t);
            else expect(outcome.retryAfterSeconds).toBeGreaterThanOrEqual(1);
          }
          // And so no window of 10 s holds more than `limit` accepted requests.
          for (const start of accepted) {
            const within = accepted.filter((a) => a >= start && a < start + windowSeconds * 1_000);
            expect(within.length).toBeLessThanOrEqual(limit);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('admits exactly `limit` of many concurrent requests on one key (one atomic upsert each)', async () => {
    // The database's clock, as in production.
    const limiter = createRateLimiter(tdb.handle.db, {
      name: 'burst',
      limit: 7,
      windowSeconds: 600,
    });
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => limiter.hit('burst-ip')));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(7);
    expect(
      outcomes
        .filter((o) => o.allowed)
        .map((o) => o.count)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const [row] = await tdb.handle.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, 'burst:burst-ip'));
    expect(row?.hits).toHaveLength(7);
  });

  it.runIf(usingPostgres)(
    'shares the limit between two connection pools (two processes) hitting at once',
    async () => {
      const second = await openDatabase({
        databaseUrl: tdb.url,
        pgliteDir: 'memory://',
        poolSize: 5,
      });
      try {
        const options = { name: 'shared', limit: 5, windowSeconds: 600 };
        const a = createRateLimiter(tdb.handle.db, options);
        const b = createRateLimiter(second.db, options);
        const outcomes = await Promise.all(
          Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).hit('203.0.113.9')),
        );
        expect(outcomes.filter((o) => o.allowed)).toHaveLength(5);
      } finally {
        await second.close();
      }
    },
  );

  it("prunes this limiter's finished keys in bounded batches, leaving the rest", async () => {
    const { at } = limiterAt({ name: 'fresh', limit: 5, windowSeconds: 60 });
    const expired = {
      hits: [new Date(boundary - 120_000)],
      expiresAt: new Date(boundary - 60_000),
      lastAllowed: true,
    };
    const finished = Array.from({ length: 25 }, (_, i) => ({ ...expired, key: `fresh:old-${i}` }));
    await tdb.handle.db.insert(rateLimits).values([
      ...finished,
      // Another limiter's finished key is its own to prune.
      { ...expired, key: 'unrelated:old-0' },
      // A key still in its window stays.
      {
        key: 'fresh:live',
        hits: [new Date(boundary - 30_000)],
        expiresAt: new Date(boundary + 30_000),
        lastAllowed: true,
      },
    ]);
    const limiter = at(boundary);
    expect(await limiter.prune({ batch: 10, maxBatches: 2 })).toBe(20);
    // Two prunes at once (two processes) share out the rest without failing.
    const [x, y] = await Promise.all([limiter.prune({ batch: 2 }), limiter.prune({ batch: 2 })]);
    expect((x ?? 0) + (y ?? 0)).toBe(5);
    const left = await tdb.handle.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(left.map((r) => r.key).sort()).toEqual(['fresh:live', 'unrelated:old-0']);
  });

  it('prunes by itself on the first request of a process', async () => {
    await tdb.handle.db.insert(rateLimits).values({
      key: 'auto:gone',
      hits: sql`array[now() - interval '2 hours']`,
      expiresAt: sql`now() - interval '1 hour'`,
      lastAllowed: true,
    });
    const limiter = createRateLimiter(tdb.handle.db, { name: 'auto', limit: 5, windowSeconds: 60 });
    expect(await limiter.hit('new')).toMatchObject({ allowed: true, count: 1 });
    const keys = await tdb.handle.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(keys.map((r) => r.key)).toEqual(['auto:new']);
  });

  it('refuses a limit or window that is not a whole number of at least 1', () => {
    const make = (limit: number, windowSeconds: number) => () =>
      createRateLimiter(tdb.handle.db, { name: 'bad', limit, windowSeconds });
    expect(make(0, 60)).toThrow(RangeError);
    expect(make(1.5, 60)).toThrow(RangeError);
    expect(make(5, 0)).toThrow(RangeError);
  });
});
