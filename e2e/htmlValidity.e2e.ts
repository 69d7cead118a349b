import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { notFoundPath, pagesToCheck } from './sitePages';

/**
 * The W3C Nu HTML Checker (vnu-jar) over the production server's HTML of every page: the
 * sitemap's, the 404 page and a few more (e2e/sitePages.ts). All pages go to one Java process
 * (its start-up costs seconds). Errors fail the test; warnings are only printed.
 */

const baseURL = inject('baseURL');
const vnuJar = join(
  dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build/dist/vnu.jar',
);

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Fails with what to do when Java is not there, rather than skipping the check. */
function requireJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'The HTML validity test needs Java to run the Nu HTML Checker (vnu.jar), and `java` was not ' +
        'found. Install it with `bash .ci/ensure-java.sh` (Debian: apt-get install -y ' +
        `default-jre-headless). (${probe.error?.message ?? probe.stderr})`,
    );
  }
}

const workDir = mkdtempSync(join(tmpdir(), 'fuelyard-vnu-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('HTML validity (Nu HTML Checker)', () => {
  // Measured on the busy 2-core box: 25 s in all (fetching every page, then one vnu run); the
  // timeout leaves room for a loaded CI box.
  it('finds no errors in the server HTML of every page', { timeout: 240_000 }, async () => {
    requireJava();
    const paths = await pagesToCheck(baseURL);
    const fileOf = new Map<string, string>();
    for (const [index, path] of paths.entries()) {
      const res = await fetch(`${baseURL}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(path === notFoundPath ? 404 : 200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      const file = join(workDir, `page-${String(index).padStart(3, '0')}.html`);
      writeFileSync(file, await res.text());
      fileOf.set(pathToFileURL(file).href, path);
    }

    const run = spawnSync(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--stdout', '--exit-zero-always', ...fileOf.keys()],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
    );
    if (run.error || run.status !== 0) {
      throw new Error(`vnu.jar failed: ${run.error?.message ?? ''}\n${run.stderr}`);
    }
    const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] };
    const describeMessage = (m: VnuMessage) =>
      `${fileOf.get(m.url ?? '') ?? m.url ?? '?'}:${String(m.lastLine ?? '?')} ${m.message}` +
      (m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ').trim()}` : '');
    const warnings = messages.filter((m) => m.type === 'info' && m.subType === 'warning');
    if (warnings.length > 0) {
      console.info(
        `vnu warnings (${String(warnings.length)}):\n${warnings.map(describeMessage).join('\n')}`,
      );
    }
    const errors = messages.filter((m) => m.type !== 'info');
    expect(errors.map(describeMessage), `vnu errors over ${String(paths.length)} pages`).toEqual(
      [],
    );
  });
});
