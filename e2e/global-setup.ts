import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildProduction, productionEnv, projectRoot, startServer } from './serverProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** A stand-in analytics provider on another origin; GET /hits says how often it was asked. */
    analyticsURL: string;
    /** The server's DATA_DIR: without SMTP_URL, e-mail is written to DATA_DIR/mail as .eml files. */
    dataDir: string;
    /** A staff user made by `staff:create` before the server started, and its set-password token. */
    staff: { email: string; token: string };
  }
}

/**
 * `staff:create` on the production build, on the embedded database before the server starts (one
 * process per DATA_DIR): the back office's staff user, and the token of its one-time link.
 */
function createStaff(env: Record<string, string>, email: string): { email: string; token: string } {
  const made = spawnSync(process.execPath, ['dist/api/staff-create.js', email], {
    cwd: projectRoot,
    env: productionEnv(env),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (made.status !== 0) throw new Error(`staff:create failed: ${made.stderr}`);
  const link = /\S+\/user\/password-reset\?token=\S+/.exec(made.stdout)?.[0];
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`staff:create printed no link: ${made.stdout}`);
  return { email, token };
}

/** A stand-in for a privacy-friendly analytics provider, so consent gating can be observed. */
function startAnalyticsStub(): Promise<{ url: string; close: () => Promise<void> }> {
  let hits = 0;
  const server = createHttpServer((req, res) => {
    if (req.url === '/hits') {
      res.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
      });
      res.end(JSON.stringify({ hits }));
      return;
    }
    if (req.url?.startsWith('/script.js')) {
      hits += 1;
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end('window.__analyticsLoaded = true;');
      return;
    }
    res.writeHead(404);
    res.end();
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      done({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((closed) => server.close(() => closed())),
      });
    });
  });
}

export default async function setup(project: TestProject) {
  buildProduction();
  const analytics = await startAnalyticsStub();
  const dataDir = mkdtempSync(join(tmpdir(), 'fuelyard-e2e-'));
  // Production needs PUBLIC_URL; only the link's token is used here, the server's port is not
  // known yet.
  const staff = createStaff(
    { DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: 'http://127.0.0.1' },
    'staff@fuelyard.test',
  );
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    ANALYTICS_SCRIPT_URL: `${analytics.url}/script.js`,
    ANALYTICS_DOMAIN: 'fuelyard.test',
    // Every browser here comes from 127.0.0.1, so the suites' logins and registrations would
    // share one address's limit (10 per 15 minutes); the limit itself is tested in the API suite.
    LOGIN_RATE_LIMIT: '1000',
    // The same for new orders (10 per 10 minutes per address); tested in the API suite.
    CHECKOUT_RATE_LIMIT: '1000',
  });
  project.provide('baseURL', server.url);
  project.provide('analyticsURL', analytics.url);
  project.provide('dataDir', dataDir);
  project.provide('staff', staff);

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await analytics.close();
  };
}
