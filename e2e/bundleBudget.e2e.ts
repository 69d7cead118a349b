import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { entryFiles, firstLoadJs, kib } from '../bench/firstLoad';
import { projectRoot } from './serverProcess';

/**
 * Size budgets for a first visit, with no timing in them: the JavaScript a page loads with it (the
 * entry, its static imports and anything the page preloads; see bench/firstLoad.ts), gzip at
 * level 9, measured on the build the global set-up has just made. The home page, the catalogue
 * pages and the cart hydrate only their islands, whose code comes after the page's (README, "The
 * home page, the catalogue pages and the cart are islands"); the other pages are the client
 * router's, which they load with them.
 */
const baseURL = inject('baseURL');
const distClientDir = join(projectRoot, 'dist/client');
const budgets = [
  { path: '/', bytes: 100 * 1024 },
  // Islands too since the catalogue pages became islands (150.6 KiB before, as the router's).
  { path: '/products/domestic/bagged-coal', bytes: 100 * 1024 },
  { path: '/products/domestic/oil', bytes: 100 * 1024 },
  { path: '/cart', bytes: 100 * 1024 },
  // A page of the client router's: 150.6 KiB when the home page became islands.
  { path: '/about', bytes: 152 * 1024 },
];

describe('first-load JavaScript budget', () => {
  it.each(budgets)('keeps the first-load JS of $path within its budget gzip', async (budget) => {
    const res = await fetch(`${baseURL}${budget.path}`);
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
      `The first-load JS of ${budget.path} is ${kib(totalGzipBytes)} gzip, over its ${kib(budget.bytes)} budget:\n${listing}`,
    ).toBeLessThanOrEqual(budget.bytes);
  });
});
