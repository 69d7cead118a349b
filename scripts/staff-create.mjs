// `npm run staff:create -- <email>`: creates or promotes a staff user (api/cli/staffCreate.ts).
// In a development checkout it runs the source with tsx; in a production install (no dev
// dependencies) the built dist/api/staff-create.js, which `npm run build` makes.
//
// Without PUBLIC_URL it makes its link on `npm start`'s default address (http://localhost:$PORT),
// where the shop it is for, started with `npm start`, serves: on a fresh clone the documented
// command works with no setting, as `npm start` does, and the address is there to see in the link
// it prints. (`node dist/api/staff-create.js`, the way in a production image, still requires
// PUBLIC_URL.)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultPublicUrl } from './localPublicUrl.mjs';

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
defaultPublicUrl(process.env);
const child = spawn(command[0], command[1], { cwd: root, stdio: 'inherit' });
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
