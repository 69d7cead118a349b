// `npm run staff:create -- <email>`: creates or promotes a staff user (api/cli/staffCreate.ts).
// In a development checkout it runs the source with tsx; in a production install (no dev
// dependencies) the built dist/api/staff-create.js, which `npm run build` makes.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = resolve(root, 'api/cli/staffCreate.ts');
const built = resolve(root, 'dist/api/staff-create.js');

function hasTsx() {
  try {
    createRequire(import.meta.url).resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

const args = process.argv.slice(2);
const command =
  hasTsx() && existsSync(source)
    ? [process.execPath, ['--import', 'tsx', source, ...args]]
    : existsSync(built)
      ? [process.execPath, [built, ...args]]
      : null;
if (!command) {
  console.error('No build in dist/: run `npm run build` first.');
  process.exit(1);
}
const child = spawn(command[0], command[1], { cwd: root, stdio: 'inherit' });
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
