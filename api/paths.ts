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

const moduleDir = dirname(fileURLToPath(import.meta.url));
export const projectRoot = findProjectRoot(moduleDir);

/**
 * True when this code runs from the built bundle (dist/api/server.js). The build copies the
 * migrations and the uploads into dist/, so a production install needs only dist/ and package*.json
 * (see `build:api`); from source (development, tests) they are read where they are edited.
 */
const fromBundle = moduleDir === resolve(projectRoot, 'dist/api');

export const migrationsDir = fromBundle
  ? resolve(projectRoot, 'dist/api/migrations')
  : resolve(projectRoot, 'api/db/migrations');
export const uploadsDir = fromBundle
  ? resolve(projectRoot, 'dist/uploads')
  : resolve(projectRoot, 'api/uploads');
export const clientDistDir = resolve(projectRoot, 'dist/client');
export const serverEntryPath = resolve(projectRoot, 'dist/server/entry-server.js');
/** The 1,000 most common passwords, refused for new passwords (api/services/auth). */
export const commonPasswordsPath = fromBundle
  ? resolve(projectRoot, 'dist/api/common-passwords.txt')
  : resolve(projectRoot, 'api/services/auth/common-passwords.txt');
