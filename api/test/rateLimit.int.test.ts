import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema';
import { createRateLimiter } from '../services/rateLimit/limiter';
import { createTestDatabase, type TestDatabase } from './harness';

/** The fixed-window limiter against a real database (shared by every process in production). */

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

describe('fixed-window rate limiter', () => {
  it('allows `limit` requests per key and window, then refuses with the time left', async () => {
    const limiter = createRateLimiter(tdb.handle.db, {
      name: 'test',
      limit: 2,
      windowSeconds: 600,
    });
    const outcomes = [];
    for (let i = 0; i < 3; i += 1) outcomes.push(await limiter.hit('198.51.100.1'));
    expect(outcomes.map((o) => [o.allowed, o.count])).toEqual([
      [true, 1],
      [true, 2],
      [false, 3],
    ]);
    const refused = outcomes[2];
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(600);
    // Another client, and the same client under another limiter, have their own counts.
    expect((await limiter.hit('198.51.100.2')).count).toBe(1);
    const other = createRateLimiter(tdb.handle.db, { name: 'other', limit: 2, windowSeconds: 600 });
    expect((await other.hit('198.51.100.1')).count).toBe(1);
  });

  it('counts concurrent requests exactly (one atomic upsert each)', async () => {
    const limiter = createRateLimiter(tdb.handle.db, {
      name: 'burst',
      limit: 5,
      windowSeconds: 600,
    });
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('burst-ip')));
    expect(outcomes.map((o) => o.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(5);
  });

  it('starts every window afresh and prunes finished windows', async () => {
    await tdb.handle.db.insert(rateLimits).values([
      { key: 'fresh:old-ip', windowStart: sql`now() - interval '2 hours'`, count: 99 },
      { key: 'unrelated:old-ip', windowStart: sql`now() - interval '2 hours'`, count: 99 },
    ]);
    const limiter = createRateLimiter(tdb.handle.db, {
      name: 'fresh',
      limit: 5,
      windowSeconds: 60,
    });
    const outcome = await limiter.hit('old-ip');
    expect(outcome).toMatchObject({ allowed: true, count: 1 });
    expect(outcome.retryAfterSeconds).toBeLessThanOrEqual(60);
    const left = await tdb.handle.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, '%:old-ip'));
    // Only this limiter's finished window is pruned; other limiters' rows are theirs to manage.
    expect(left.map((r) => [r.key, r.count]).sort()).toEqual([
      ['fresh:old-ip', 1],
      ['unrelated:old-ip', 99],
    ]);
    const [current] = await tdb.handle.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, 'fresh:old-ip'));
    // Windows are aligned to the epoch.
    expect((current?.windowStart.getTime() ?? 1) % 60_000).toBe(0);
  });
});
