import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: the nearest folder above this module whose package.json is Fuelyard's. */
function findProjectRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (pkg.name === 'fuelyard') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the Fuelyard project root above ${start}`);
    dir = parent;
  }
}

export const projectRoot = findProjectRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = resolve(projectRoot, 'api/db/migrations');
export const uploadsDir = resolve(projectRoot, 'api/uploads');
export const publicDir = resolve(projectRoot, 'api/public');
export const clientDistDir = resolve(projectRoot, 'dist/client');
export const serverEntryPath = resolve(projectRoot, 'dist/server/entry-server.js');
