#!/usr/bin/env bash
# The production install, as the Dockerfile's final stage does it: only the built dist/ and
# package*.json, `npm ci --omit=dev`, then `node dist/api/server.js`. It proves that everything
# the server loads at run time is a production dependency and that the build is self-contained
# (migrations and uploads are copied into dist/ by `npm run build`).
#
# Expects a build in dist/ (`npm run build`; .ci/run has one from the end-to-end lane); builds one
# when it is missing. Fails unless GET / and GET /api/health answer 200 and SIGTERM stops the
# server cleanly (exit code 0).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

# The Dockerfile must do what this script tests.
grep -q '^RUN npm ci --omit=dev' Dockerfile
grep -q '^CMD \["node", "dist/api/server.js"\]' Dockerfile

if [ ! -f dist/api/server.js ] || [ ! -f dist/server/entry-server.js ]; then
  echo "No build in dist/: running npm run build."
  npm run build
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/fuelyard-prod-XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

cp -R dist package.json package-lock.json "$work/"
cd "$work"
echo "Installing production dependencies in $work"
npm ci --omit=dev --no-audit --no-fund 2>&1 | tee npm-ci.log
if grep -v 'Unknown user config' npm-ci.log | grep -qi '^npm warn'; then
  echo "npm ci --omit=dev printed warnings (see above)." >&2
  exit 1
fi
for dev_only in vite vitest esbuild typescript eslint storybook; do
  if [ -e "node_modules/$dev_only" ]; then
    echo "node_modules/$dev_only is installed by a production install: it should be a devDependency." >&2
    exit 1
  fi
done

port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
base="http://127.0.0.1:$port"
NODE_ENV=production HOST=127.0.0.1 PORT="$port" PUBLIC_URL="$base" DATA_DIR="$work/data" LOG_LEVEL=info \
  DATABASE_URL='' SMTP_URL='' node dist/api/server.js >server.log 2>&1 &
server_pid=$!

status_of() { curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$1" || true; }
healthy=""
for _ in $(seq 1 120); do
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  if [ "$(status_of "$base/api/health")" = "200" ]; then healthy=1; break; fi
  sleep 0.5
done
if [ -z "$healthy" ]; then
  echo "The production install did not start:" >&2
  cat server.log >&2
  exit 1
fi

failed=""
for path in / /api/health /products/domestic/oil; do
  code="$(status_of "$base$path")"
  echo "GET $path -> $code"
  [ "$code" = "200" ] || failed=1
done
if [ -n "$failed" ]; then
  cat server.log >&2
  exit 1
fi

kill -TERM "$server_pid"
exit_code=0
wait "$server_pid" || exit_code=$?
server_pid=""
if [ "$exit_code" -ne 0 ]; then
  echo "The server exited with $exit_code on SIGTERM:" >&2
  cat server.log >&2
  exit 1
fi
echo "Production install OK: $(du -sh node_modules | cut -f1) of node_modules, from $root/dist."
