import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright';

/**
 * axe-core in a Playwright page: the site's CSP blocks an injected inline script, so open the
 * page in a context with `bypassCSP: true`.
 */

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * The rules every page is held to: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's
 * best practices (landmarks, one main, one h1, regions, …).
 */
export const axeTags = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
  'best-practice',
] as const;

/** Runs axe over the whole document; injects it first if the page does not have it yet. */
export async function runAxe(page: Page): Promise<AxeResults> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: axeSource });
  return page.evaluate(
    (tags) =>
      (
        window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }
      ).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    [...axeTags],
  );
}

/** One line per violation and node, readable in a failure message. */
export function describeViolations(violations: readonly Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? '?'}): ${node.target.join(' ')} – ${violation.help}`,
    ),
  );
}
