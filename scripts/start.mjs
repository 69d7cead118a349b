// `npm start`: build, then become the server, in this one process.
//
// Why not `npm run build && npm run serve`: npm runs a script through `sh -c`, and forwards SIGTERM
// and SIGINT only to that shell. A shell running `a && b` is not replaced by `b`; on SIGTERM it
// dies without passing the signal on, and `npm run serve` with its server carried on serving,
// orphaned. Here npm's child is this process (the script says `exec node …`), it forwards a
// signal to the whole build while building, and then loads the server into itself, so npm's
// SIGTERM reaches the server's own graceful shutdown. Ctrl-C works the same way.
//
// Production does not use this: it starts `node dist/api/server.js` directly (see the Dockerfile).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defaultPublicUrl } from './localPublicUrl.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// npm sets npm_execpath to the npm that runs this script; run the build with that same npm.
const npmCli = process.env.npm_execpath;
const [command, args] = npmCli
  ? [process.execPath, [npmCli, 'run', 'build']]
  : ['npm', ['run', 'build']];

// The build is several nested npm and sh processes: give it a process group of its own, so one
// signal reaches all of them.
const build = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true });
const forward = (signal) => {
  try {
    process.kill(-build.pid, signal);
  } catch {
    // The build has just ended.
  }
};
process.on('SIGTERM', forward);
process.on('SIGINT', forward);
const [code, signal] = await once(build, 'exit');
process.off('SIGTERM', forward);
process.off('SIGINT', forward);

if (signal) {
  // Stopped while building: end the same way (npm reports the signal).
  process.kill(process.pid, signal);
} else if (code !== 0) {
  process.exit(code ?? 1);
} else {
  process.env.NODE_ENV = 'production';
  // Production refuses to start without PUBLIC_URL (links in e-mails are built from it, never
  // from a request's Host header). Trying the shop on this machine, it is this machine: the same
  // default as `npm run staff:create`'s, so its link leads here.
  defaultPublicUrl(process.env);
  // One process on a development machine, behind no load balancer: Ctrl-C stops at once rather
  // than after production's drain (SHUTDOWN_DRAIN_MS may still be set to try it).
  process.env.SHUTDOWN_DRAIN_MS ??= '0';
  await import(pathToFileURL(resolve(root, 'dist/api/server.js')).href);
}
