import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { stripScripts } from '../bench/stripScripts';
import { axeTags, describeViolations, runAxe } from './axe';
import { launchBrowser, waitForHydration } from './browser';
import { pagesToCheck } from './sitePages';

/**
 * axe (WCAG A/AA and best practices, e2e/axe.ts) over every page the sitemap lists, the 404 page
 * and the server-rendered targets (e2e/sitePages.ts), hydrated, at a phone's width (390 px) and a
 * desktop's (1280 px).
 */

const baseURL = inject('baseURL');
const widths = [1280, 390] as const;

// Every page is a test of its own (its own timeout and report): the list comes from the server.
const paths = await pagesToCheck(baseURL);

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ bypassCSP: true, serviceWorkers: 'block' });
  page = await context.newPage();
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

/**
 * axe's findings on the page as loaded (at the first width), then at each other width, one line
 * each, marked with the width.
 */
async function violationsAtEachWidth(target: Page): Promise<string[]> {
  const failures: string[] = [];
  for (const width of widths) {
    if (width !== widths[0]) {
      await target.setViewportSize({ width, height: 844 });
      // Let the media queries apply before the check.
      await target.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    }
    const { violations } = await runAxe(target);
    failures.push(...describeViolations(violations).map((line) => `@${String(width)}px: ${line}`));
  }
  return failures;
}

describe(`axe (${axeTags.join(', ')})`, () => {
  // Measured on the busy 2-core box: about 4.5 s a page (load, hydrate, two axe runs), 222 s for
  // the whole list; 60 s a page leaves room for a loaded CI box.
  it.each(paths)(
    'finds no violations on %s at 390 and 1280 px',
    { timeout: 60_000 },
    async (path) => {
      await page.setViewportSize({ width: widths[0], height: 900 });
      await page.goto(`${baseURL}${path}`);
      await waitForHydration(page);
      expect(await violationsAtEachWidth(page)).toEqual([]);
    },
  );
});

describe(`axe without scripts (${axeTags.join(', ')})`, () => {
  // The dialogs the server renders open differ most from what the script makes of them: checked
  // as a browser without JavaScript shows them. axe needs script itself, so the page's own
  // scripts are taken out of its HTML instead (the site has no <noscript> content).
  const targets = ['/contact?wsm', '/?menu', '/about?order-online', '/about?postcode'];
  let bare: BrowserContext;
  let barePage: Page;
  beforeAll(async () => {
    bare = await browser.newContext({ bypassCSP: true, serviceWorkers: 'block' });
    await bare.route(
      (url) => url.origin === new URL(baseURL).origin,
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.continue();
        const response = await route.fetch();
        return route.fulfill({ response, body: stripScripts(await response.text()).html });
      },
    );
    barePage = await bare.newPage();
  });
  afterAll(async () => {
    await bare.close();
  });

  it.each(targets)(
    'finds no violations on %s at 390 and 1280 px',
    { timeout: 60_000 },
    async (path) => {
      await barePage.setViewportSize({ width: widths[0], height: 900 });
      await barePage.goto(`${baseURL}${path}`);
      expect(await barePage.evaluate(() => document.scripts.length)).toBe(0);
      await barePage.locator('[data-static-modal], [data-static-side-panel]').waitFor();
      expect(await violationsAtEachWidth(barePage)).toEqual([]);
    },
  );
});
