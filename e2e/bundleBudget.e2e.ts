import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { entryFiles, firstLoadJs, kib } from '../bench/firstLoad';
import { projectRoot } from './serverProcess';

/**
 * A size budget for the first visit, with no timing in it: the JavaScript the home page needs
 * before it can hydrate (the entry, its static imports and anything the page preloads; see
 * bench/firstLoad.ts), gzip at level 9, measured on the build the global set-up has just made.
 */
const baseURL = inject('baseURL');
const budgetBytes = 150 * 1024;
const distClientDir = join(projectRoot, 'dist/client');

describe('first-load JavaScript budget', () => {
  it(`keeps the first-load JS of / within ${kib(budgetBytes)} gzip`, async () => {
    const res = await fetch(`${baseURL}/`);
    expect(res.status).toBe(200);
    const html = await res.text();

    const { files, totalGzipBytes } = firstLoadJs(distClientDir, html);
    const listing = [
      ...files.map((f) => `  ${f.file.padEnd(50)} ${kib(f.gzipBytes).padStart(10)}`),
      `  ${'total'.padEnd(50)} ${kib(totalGzipBytes).padStart(10)}`,
    ].join('\n');

    // It cannot pass by measuring nothing: the entry chunk is there and weighs something.
    const entries = entryFiles(distClientDir);
    expect(entries.length, 'the build manifest names an entry chunk').toBeGreaterThan(0);
    for (const entry of entries) {
      expect(
        files.map((f) => f.file),
        `the entry ${entry} is counted`,
      ).toContain(entry);
    }
    expect(totalGzipBytes, `nothing was measured:\n${listing}`).toBeGreaterThan(0);

    expect(
      totalGzipBytes,
      `The first-load JS of / is ${kib(totalGzipBytes)} gzip, over the ${kib(budgetBytes)} budget:\n${listing}`,
    ).toBeLessThanOrEqual(budgetBytes);
  });
});
