import { randomUUID } from 'node:crypto';
import {
  closeSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { StartupError } from '../startupError';

/**
 * One process per PGlite DATA_DIR. PGlite is PostgreSQL compiled to WebAssembly, running inside
 * the process, with no shared memory or locking between processes: two processes on one folder
 * each answer from their own copy and overwrite each other's writes (acknowledged carts and
 * enquiries were lost). So the first process takes DATA_DIR/fuelyard.lock and a second one
 * refuses to start.
 *
 * Node has no flock(), so the lock is a file created with O_CREAT|O_EXCL (`wx`), which exactly one
 * of several processes starting at once can do. It holds the owner's pid, host name and start
 * time; it is removed on close and on exit. A process that died without removing it (SIGKILL,
 * crash, power loss) leaves a stale lock, taken over by the next start when:
 *  - on the same host, its pid is not running (`kill(pid, 0)` says ESRCH), or is this process's
 *    own pid (a container whose server is always pid 1), or — on Linux — is running but started at
 *    another time or in another boot than the owner (the pid was reused after the crash);
 *  - on another host (a shared or network folder, a re-created container), its modification time,
 *    which the owner refreshes every 15 s, is older than 60 s.
 * Taking over happens under a second lock file (`fuelyard.lock.takeover`, also `wx`), and only
 * if the lock still holds the same content that was judged stale, so two processes starting
 * together after a crash cannot both win.
 *
 * Limits: outside Linux a pid reused by an unrelated process keeps the lock "in use" until that
 * process ends or the file is deleted; across hosts the check trusts the clocks to within about
 * 45 s; two containers that share one folder *and* one host name look like one host. A takeover
 * guard left by a process that died inside the takeover (microseconds) is itself judged stale by
 * the same rules.
 */

export const LOCK_FILE = 'fuelyard.lock';
const HEARTBEAT_MS = 15_000;
const FOREIGN_STALE_AFTER_MS = 60_000;
/** An empty or half-written lock file younger than this is being written: wait for it. */
const WRITING_GRACE_MS = 2_000;
const ACQUIRE_PATIENCE_MS = 10_000;

export interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
  /** Linux: /proc/sys/kernel/random/boot_id and the process's start time (clock ticks since boot). */
  bootId?: string;
  procStart?: string;
  /** Makes every lock file's content unique, so a takeover removes exactly the file it judged. */
  nonce: string;
}

export interface DataDirLock {
  readonly path: string;
  readonly owner: LockOwner;
  /** Removes the lock file (if it is still ours). Harmless twice. */
  release(): void;
}

/** Another live process holds DATA_DIR. */
export class DataDirBusyError extends StartupError {
  constructor(
    readonly dataDir: string,
    readonly holder: Pick<LockOwner, 'pid' | 'host'>,
    sameProcess = false,
  ) {
    const who = sameProcess
      ? 'this process already'
      : holder.host === hostname()
        ? `another Fuelyard process (pid ${holder.pid})`
        : `another Fuelyard process (pid ${holder.pid} on host ${holder.host}; if it has stopped, delete ${join(dataDir, LOCK_FILE)})`;
    super(
      `DATA_DIR ${dataDir} is in use by ${who}. The embedded database serves one process only; to run several processes, set DATABASE_URL to a PostgreSQL database.`,
    );
    this.name = 'DataDirBusyError';
  }
}

/** Lock files held by this process, so that opening the same folder twice here is refused too. */
const heldHere = new Set<string>();

/** Takes DATA_DIR's lock or throws DataDirBusyError. File-system errors (EACCES, …) pass through. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const path = join(dataDir, LOCK_FILE);
  if (heldHere.has(path)) throw new DataDirBusyError(dataDir, ownerRecord(), true);
  const owner = ownerRecord();
  const content = `${JSON.stringify(owner)}\n`;
  const deadline = Date.now() + ACQUIRE_PATIENCE_MS;
  for (;;) {
    if (createExclusive(path, content)) return held(path, owner, content);
    const seen = readLock(path);
    if (seen) {
      const verdict = judge(path, seen);
      if (verdict === 'live' && seen.owner) throw new DataDirBusyError(dataDir, seen.owner);
      if (verdict === 'stale') removeStaleLock(path, seen.content, content);
    }
    if (Date.now() > deadline) {
      throw new StartupError(
        `DATA_DIR ${dataDir}: could not take the lock file ${path} within ${ACQUIRE_PATIENCE_MS / 1000} s. If no other Fuelyard process uses this folder, delete the file.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30));
  }
}

function held(path: string, owner: LockOwner, content: string): DataDirLock {
  heldHere.add(path);
  // Another host can only tell that this lock is alive from its modification time.
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {
      // The folder went away or turned read-only: nothing better to do here.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    heldHere.delete(path);
    process.off('exit', release);
    try {
      if (readFileSync(path, 'utf8') === content) unlinkSync(path);
    } catch {
      // Already gone.
    }
  };
  // process.exit() (a forced shutdown, a start-up failure) still removes the file.
  process.on('exit', release);
  return { path, owner, release };
}

/** O_CREAT|O_EXCL: true when this call created the file (with `content`), false when it existed. */
function createExclusive(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } catch (error) {
    closeSync(fd);
    unlinkSync(path);
    throw error;
  }
  closeSync(fd);
  return true;
}

interface SeenLock {
  content: string;
  owner: LockOwner | null;
  mtimeMs: number;
}

/** The lock file as it is now; null when it has gone in the meantime. */
function readLock(path: string): SeenLock | null {
  try {
    const { mtimeMs } = statSync(path);
    const content = readFileSync(path, 'utf8');
    return { content, owner: parseOwner(content), mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function parseOwner(content: string): LockOwner | null {
  try {
    const value = JSON.parse(content) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) {
      return null;
    }
    if (typeof value.host !== 'string') return null;
    return {
      pid: value.pid,
      host: value.host,
      startedAt: String(value.startedAt ?? ''),
      ...(typeof value.bootId === 'string' ? { bootId: value.bootId } : {}),
      ...(typeof value.procStart === 'string' ? { procStart: value.procStart } : {}),
      nonce: String(value.nonce ?? ''),
    };
  } catch {
    return null;
  }
}

/** 'live': refuse; 'stale': take over; 'unsure': being written, look again shortly. */
function judge(path: string, seen: SeenLock): 'live' | 'stale' | 'unsure' {
  const age = Date.now() - seen.mtimeMs;
  const { owner } = seen;
  if (!owner) return age < WRITING_GRACE_MS ? 'unsure' : 'stale';
  if (owner.host !== hostname()) return age > FOREIGN_STALE_AFTER_MS ? 'stale' : 'live';
  // This pid: held by this very process, or left by a previous life of the pid (pid 1 in a
  // container).
  if (owner.pid === process.pid) return heldHere.has(path) ? 'live' : 'stale';
  if (!isRunning(owner.pid)) return 'stale';
  // Running: the same process, or a newer one that was given the dead owner's pid?
  const bootId = readBootId();
  if (owner.bootId && bootId && owner.bootId !== bootId) return 'stale';
  const procStart = readProcStart(owner.pid);
  if (owner.procStart && procStart && owner.procStart !== procStart) return 'stale';
  return 'live';
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Removes the stale lock whose content is `staleContent`, holding the takeover guard so that of
 * several processes that judged it stale at once only one removes it, and only while the file
 * still is that stale lock (not the fresh one of a process that took over in the meantime); the
 * caller then races for a fresh `wx` create like any other start. Exported for its test.
 */
export function removeStaleLock(path: string, staleContent: string, content: string): void {
  const guard = `${path}.takeover`;
  if (!createExclusive(guard, content)) {
    const seen = readLock(guard);
    // A process that died inside its takeover: remove its guard, then try again.
    if (seen && judge(guard, seen) === 'stale') unlinkQuietly(guard);
    return;
  }
  try {
    const now = readLock(path);
    if (now && now.content === staleContent) unlinkSync(path);
  } finally {
    unlinkQuietly(guard);
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function ownerRecord(): LockOwner {
  const bootId = readBootId();
  const procStart = readProcStart(process.pid);
  return {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    ...(bootId ? { bootId } : {}),
    ...(procStart ? { procStart } : {}),
    nonce: randomUUID(),
  };
}

function readBootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks after boot (Linux). */
function readProcStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command name) state ppid …": the name may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] || undefined;
  } catch {
    return undefined;
  }
}
