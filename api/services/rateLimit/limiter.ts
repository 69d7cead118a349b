import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deleteInBatches, positiveInteger, rowsOf, type BatchBounds } from '../../db/raw';

export interface RateLimitOutcome {
  allowed: boolean;
  /**
   * Accepted requests in the sliding window that ends now, this one included when it was
   * accepted. Refused requests are never counted, so a refused request sees `limit`.
   */
  count: number;
  limit: number;
  /** How many more would be accepted right now (0 when refused or when this took the last). */
  remaining: number;
  /**
   * Whole seconds (at least 1) until the oldest counted request leaves the window, i.e. until one
   * more would be accepted. Sent as Retry-After when refused.
   */
  retryAfterSeconds: number;
  /**
   * The accepted request's time as the log keeps it (to the microsecond), for `release`; null
   * when refused.
   */
  stamp: string | null;
}

export interface RateLimitCount {
  /** Accepted requests for the key in the sliding window that ends now. */
  count: number;
  /** Whole seconds (at least 1) until the oldest of them leaves the window; 0 when none. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one request for `key` and says whether it is within the limit. */
  hit(key: string): Promise<RateLimitOutcome>;
  /** How many requests for `key` the window holds now, without counting one. */
  peek(key: string): Promise<RateLimitCount>;
  /**
   * Takes back one accepted request (the `stamp` its `hit` returned): for a caller that counts a
   * request before doing it, then finds it refused for another reason with nothing done. The
   * slot was held while the request ran, so concurrent requests never saw more room than there
   * was. Nothing happens when the stamp has left the window (or was released already).
   */
  release(key: string, stamp: string): Promise<void>;
  /**
   * Deletes this limiter's keys with no request left in their window, in batches of `batch`, at
   * most `maxBatches` of them. Returns how many went. `hit` runs it now and then by itself.
   */
  prune(options?: Partial<BatchBounds>): Promise<number>;
}

export interface RateLimiterOptions {
  /** Namespaces the keys in the shared table, e.g. "enquiry" or "login". */
  name: string;
  /** At most this many requests are accepted per key in any `windowSeconds`. */
  limit: number;
  windowSeconds: number;
  /**
   * The time of a request. By default the database's `now()`, one clock for every process; tests
   * pass their own to step over window edges without sleeping.
   */
  clock?: () => Date;
  /** Told when pruning old keys fails (the request itself is still answered). */
  onPruneError?: (error: unknown) => void;
}

/** Most keys one prune deletes per statement, and statements per prune. */
const pruneBatch = 500;
const pruneMaxBatches = 20;
/** A process prunes at most this often (and at most once per window). */
const pruneEveryMs = 60_000;

/**
 * An exact sliding-window limiter (a "sliding log") in the `rate_limit_log` table, shared by every
 * process on one database: at most `limit` requests per key are accepted in ANY interval of
 * `windowSeconds`, not just in windows aligned to the clock.
 *
 * Each key has one row holding the times of its accepted requests still in the window (at most
 * `limit` of them). A request is one INSERT … ON CONFLICT DO UPDATE: the row is locked, the times
 * that have left the window are dropped, and the request's time is appended only when fewer than
 * `limit` remain. Concurrent requests on one key (from any process) therefore take turns on the row
 * lock, and each decides on the row as the previous one left it.
 *
 * A request's time is the database's `now()`, but never earlier than the newest time already kept,
 * so the log stays in order even when a statement waited for the lock; with times in the order
 * they were accepted, a request is refused exactly when `limit` accepted requests lie within the
 * window before it, which is the guarantee above.
 *
 * Refused requests are not recorded: a client that keeps trying is let in again as soon as its
 * oldest accepted request is `windowSeconds` old, and retrying cannot extend its lock-out.
 */
export function createRateLimiter(db: Database, options: RateLimiterOptions): RateLimiter {
  const { name, clock, onPruneError } = options;
  const limit = positiveInteger(options.limit, 'The rate limit');
  const windowSeconds = positiveInteger(options.windowSeconds, 'The rate-limit window');
  const prefix = `${name}:`;
  const window = sql`(${windowSeconds}::integer * interval '1 second')`;
  const now = (): SQL => (clock ? sql`${clock().toISOString()}::timestamptz` : sql`now()`);
  let lastPruned = Number.NEGATIVE_INFINITY;

  async function prune(bounds: Partial<BatchBounds> = {}): Promise<number> {
    // A row whose newest accepted request has left the window holds nothing that counts.
    // SKIP LOCKED: rows in use by a request (or by another process's prune) are left for later.
    return deleteInBatches(
      db,
      (batch) => sql`
        delete from rate_limit_log where key in (
          select key from rate_limit_log
          where expires_at <= ${now()} and starts_with(key, ${prefix})
          order by expires_at
          limit ${batch}
          for update skip locked)
        returning 1 as gone`,
      { batch: bounds.batch ?? pruneBatch, maxBatches: bounds.maxBatches ?? pruneMaxBatches },
    );
  }

  /** Prunes at most once a minute (and once a window) per process; a failure is only reported. */
  async function pruneNowAndThen(): Promise<void> {
    const wallClock = Date.now();
    if (wallClock - lastPruned < Math.min(pruneEveryMs, windowSeconds * 1000)) return;
    lastPruned = wallClock;
    try {
      await prune();
    } catch (error) {
      onPruneError?.(error);
    }
  }

  return {
    async hit(key) {
      const at = now();
      const result = await db.execute(sql`
        insert into rate_limit_log as r (key, hits, expires_at, last_allowed)
        values (${prefix + key}, array[${at}], ${at} + ${window}, true)
        on conflict (key) do update set (hits, expires_at, last_allowed) = (
          select
            case when next.ok then next.kept || next.stamp else next.kept end,
            case when next.ok then next.stamp + ${window} else r.expires_at end,
            next.ok
          from (
            select kept.times as kept, clock.stamp, cardinality(kept.times) < ${limit}::integer as ok
            from (select greatest(excluded.hits[1], r.hits[cardinality(r.hits)]) as stamp) as clock
            cross join lateral (
              select coalesce(array_agg(h order by h), '{}'::timestamptz[]) as times
              from unnest(r.hits) as h
              where h > clock.stamp - ${window}
            ) as kept
          ) as next
        )
        returning
          last_allowed as "allowed",
          cardinality(hits)::integer as "count",
          ceil(extract(epoch from (hits[1] + ${window} - ${at})))::integer as "retryAfter",
          ${stampText(sql`hits[cardinality(hits)]`)} as "stamp"`);
      await pruneNowAndThen();
      const row = rowsOf(result)[0];
      if (!row) throw new Error('The rate-limit statement returned no row.');
      const allowed = row.allowed === true;
      const count = Number(row.count);
      return {
        allowed,
        count,
        limit,
        remaining: allowed ? Math.max(0, limit - count) : 0,
        retryAfterSeconds: Math.min(windowSeconds, Math.max(1, Number(row.retryAfter))),
        // An accepted request's time is the log's newest (appended under the row's lock).
        stamp: allowed && typeof row.stamp === 'string' ? row.stamp : null,
      };
    },
    async peek(key) {
      const at = now();
      const result = await db.execute(sql`
        select
          cardinality(kept.times)::integer as "count",
          ceil(extract(epoch from (kept.times[1] + ${window} - ${at})))::integer as "retryAfter"
        from rate_limit_log as r
        cross join lateral (
          select coalesce(array_agg(h order by h), '{}'::timestamptz[]) as times
          from unnest(r.hits) as h
          where h > ${at} - ${window}
        ) as kept
        where r.key = ${prefix + key}`);
      const row = rowsOf(result)[0];
      const count = row ? Number(row.count) : 0;
      return {
        count,
        retryAfterSeconds:
          count === 0 ? 0 : Math.min(windowSeconds, Math.max(1, Number(row?.retryAfter))),
      };
    },
    async release(key, stamp) {
      // One occurrence only: two requests accepted in the same microsecond share a time, and
      // each release gives back its own slot.
      const at = sql`array_position(hits, ${stamp}::timestamptz)`;
      await db.execute(sql`
        update rate_limit_log
        set hits = hits[:${at} - 1] || hits[${at} + 1:]
        where key = ${prefix + key} and ${at} is not null`);
    },
    prune,
  };
}

/**
 * A log time as text that reads back as the same instant to the microsecond, whatever the
 * session's time zone and DateStyle (a JavaScript Date would drop the microseconds).
 */
function stampText(value: SQL): SQL {
  return sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
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
