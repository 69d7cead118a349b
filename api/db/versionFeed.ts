/**
 * A value the database announces whenever it changes (NOTIFY), kept so that reading it costs
 * nothing. Only sound where every change is heard: PGlite, which belongs to this one process.
 */
export interface VersionFeed {
  /** The version last announced or recorded; undefined until one is known. */
  latest(): string | undefined;
  /** How many announcements have arrived: a read notes it before it starts (see `record`). */
  announcements(): number;
  /**
   * Keeps a version that was read, unless an announcement arrived after the read started
   * (`announcementsAtStart`): that one is newer, or as new.
   */
  record(version: string, announcementsAtStart: number): void;
}

export interface AnnouncedVersion extends VersionFeed {
  /** The database announced `version` (on commit of the transaction that made it). */
  announce(version: string): void;
  /**
   * From now on every change is announced (the migration that announces has run): until then
   * `latest()` is undefined, so callers read.
   */
  trust(): void;
  /** The database is closing: from now on `latest()` is undefined again, so callers read (and fail). */
  stop(): void;
}

export function createVersionFeed(): AnnouncedVersion {
  let latest: string | undefined;
  let announcements = 0;
  let trusted = false;
  let stopped = false;
  return {
    latest: () => (trusted && !stopped ? latest : undefined),
    trust() {
      trusted = true;
    },
    stop() {
      stopped = true;
    },
    announcements: () => announcements,
    record(version, announcementsAtStart) {
      if (announcements === announcementsAtStart) latest = version;
    },
    announce(version) {
      announcements += 1;
      latest = version;
    },
  };
}

/**
 * Keys the database announces as changed (NOTIFY with the key; '*' for all), for a process that
 * keeps what it read until it changes. Like the version feed, only sound where every change is
 * heard (PGlite).
 */
export interface ChangeFeed {
  /** Whether every change is being announced (the migration that announces has run). */
  trusted(): boolean;
  /** Announcements so far: a read keeps its answer only if none arrived while it ran. */
  changes(): number;
  /** Calls `listener` with each changed key ('*': every key). Returns the unsubscribe. */
  subscribe(listener: (key: string) => void): () => void;
}

export interface AnnouncedChanges extends ChangeFeed {
  announce(key: string): void;
  trust(): void;
  stop(): void;
}

export function createChangeFeed(): AnnouncedChanges {
  const listeners = new Set<(key: string) => void>();
  let changes = 0;
  let trusted = false;
  let stopped = false;
  return {
    trusted: () => trusted && !stopped,
    changes: () => changes,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce(key) {
      changes += 1;
      for (const listener of listeners) listener(key);
    },
    trust() {
      trusted = true;
    },
    stop() {
      stopped = true;
      changes += 1;
      for (const listener of listeners) listener('*');
    },
  };
}
