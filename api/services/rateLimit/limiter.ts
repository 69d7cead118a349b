import { and, like, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema';

export interface RateLimitOutcome {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  limit: number;
  /** Whole seconds until the current window ends (at least 1). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one request for `key` and says whether it is within the limit. */
  hit(key: string): Promise<RateLimitOutcome>;
}

export interface RateLimiterOptions {
  /** Namespaces the keys in the shared table, e.g. "enquiry". */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * A fixed-window counter in the `rate_limits` table: one atomic upsert per request, timed by the
 * database's clock, so every process on a shared PostgreSQL counts against the same number.
 * Windows are aligned to the epoch (a 600 s window starts at :00, :10, :20 …).
 */
export function createRateLimiter(db: Database, options: RateLimiterOptions): RateLimiter {
  const { name, limit, windowSeconds } = options;
  const window = sql`${windowSeconds}::integer`;
  const windowStart = sql`to_timestamp(floor(extract(epoch from now()) / ${window}) * ${window})`;
  let lastPruned = 0;

  /** Drops this limiter's finished windows, at most once per window per process. */
  async function prune(): Promise<void> {
    if (Date.now() - lastPruned < windowSeconds * 1000) return;
    lastPruned = Date.now();
    await db
      .delete(rateLimits)
      .where(
        and(
          like(rateLimits.key, `${name}:%`),
          lt(rateLimits.windowStart, sql`now() - ${`${windowSeconds} seconds`}::interval`),
        ),
      );
  }

  return {
    async hit(key) {
      const [row] = await db
        .insert(rateLimits)
        .values({ key: `${name}:${key}`, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { count: sql`${rateLimits.count} + 1` },
        })
        .returning({
          count: rateLimits.count,
          secondsLeft: sql<string>`ceil(extract(epoch from ${rateLimits.windowStart}) + ${window} - extract(epoch from now()))`,
        });
      await prune();
      const count = row?.count ?? 1;
      return {
        allowed: count <= limit,
        count,
        limit,
        retryAfterSeconds: Math.max(1, Number(row?.secondsLeft ?? windowSeconds)),
      };
    },
  };
}

/**
 * The key a client is counted under. IPv4-mapped IPv6 addresses ("::ffff:10.0.0.1") count as
 * their IPv4 address. A full IPv6 address counts as its /64 network, because one host or home
 * connection usually holds a whole /64 and could otherwise rotate addresses to escape the limit.
 */
export function clientKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const groups = expandIpv6(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/** "2001:db8::1" -> ['2001', 'db8', '0', '0', '0', '0', '0', '1']; null when malformed. */
function expandIpv6(address: string): string[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const split = (part: string | undefined) => (part ? part.split(':') : []);
  const head = split(halves[0]);
  const tail = split(halves[1]);
  // An embedded IPv4 tail ("::1.2.3.4") fills two groups.
  const last = tail.length > 0 ? tail : head;
  const v4 =
    last.length > 0
      ? /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(last[last.length - 1] ?? '')
      : null;
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    last.splice(last.length - 1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}
