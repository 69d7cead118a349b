import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A file holding a new, empty PGlite cluster (`dumpDataDir`), or '' on PostgreSQL. Initialising
     * a cluster is most of the cost of a new in-memory PGlite (about 1.5 s of CPU, against 0.3 s
     * to load this dump): the API lane makes one per run and every test database starts from it.
     */
    pgliteSnapshotPath: string;
  }
}

/** The API lane's global set-up: the empty cluster its in-memory databases start from. */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshotPath', '');
    return () => undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'fuelyard-pglite-'));
  const path = join(dir, 'cluster.tar');
  const cluster = await PGlite.create();
  try {
    const dump = await cluster.dumpDataDir('none');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await cluster.close();
  }
  project.provide('pgliteSnapshotPath', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
