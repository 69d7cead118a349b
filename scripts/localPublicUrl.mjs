// The shop's address on this machine, shared by the commands that run it from a checkout:
// `npm start` serves the shop there and `npm run staff:create` makes its link there, so that the
// way from a fresh clone to a signed-in staff member needs no setting. Only for these commands:
// production starts `node dist/api/server.js` (the Dockerfile), which refuses to start without
// PUBLIC_URL (links in e-mails are built from it, never from a request's Host header).

/** `http://localhost:$PORT`, with PORT's default (3000, as in api/config.ts). */
export function localPublicUrl(env = process.env) {
  return `http://localhost:${env.PORT?.trim() || '3000'}`;
}

/** Sets `env.PUBLIC_URL` to `localPublicUrl(env)` when it is unset or blank. */
export function defaultPublicUrl(env = process.env) {
  if (!env.PUBLIC_URL?.trim()) env.PUBLIC_URL = localPublicUrl(env);
}
