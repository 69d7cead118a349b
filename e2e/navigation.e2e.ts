import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, waitForHydration, watchConsole } from './browser';

const baseURL = inject('baseURL');
const analyticsURL = inject('analyticsURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function open(path: string, options: Parameters<Browser['newContext']>[0] = {}) {
  // The service worker is blocked unless a test is about it: requests it makes cannot be
  // intercepted by page.route().
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
    ...options,
  });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${baseURL}${path}`);
  await waitForHydration(page);
  return { context, page, problems };
}

/** Whether the server rendered the page at `path` as islands (`<html data-islands>`). */
const islandsPage = async (path: string) =>
  /<html[^>]*\sdata-islands[\s>]/.test(await (await fetch(`${baseURL}${path}`)).text());

/** The slug of the first coal category the bagged coal page links to. */
async function firstCoalCategory(): Promise<string> {
  const html = await (await fetch(`${baseURL}/products/domestic/bagged-coal`)).text();
  const slug = /href="\/products\/domestic\/bagged-coal\?category=([a-z0-9-]+)"/.exec(html)?.[1];
  if (slug === undefined) throw new Error('The bagged coal page links to no category.');
  return slug;
}

/**
 * Holds every request for route chunks until the returned release is called, so that a client
 * navigation stays pending as long as the test needs: on a loaded machine a fixed delay can run
 * out before the page's own 200 ms timer has had its turn.
 */
async function holdChunks(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    /\/assets\/(CataloguePage|InfoPage|SectionIndexPage|about|faqs)-[^/]+\.js$/,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/** Records every change of the page's transition phase, with its CSS transition duration. */
async function recordTransitions(page: Page): Promise<() => { phase: string; duration: string }[]> {
  const seen: { phase: string; duration: string }[] = [];
  await page.exposeFunction('recordTransition', (phase: string, duration: string) => {
    seen.push({ phase, duration });
  });
  await page.evaluate(() => {
    const main = document.querySelector('main#main');
    if (!main) throw new Error('no main element');
    const record = (
      window as unknown as { recordTransition: (phase: string, duration: string) => void }
    ).recordTransition;
    new MutationObserver(() => {
      record(main.getAttribute('data-transition') ?? '', getComputedStyle(main).transitionDuration);
    }).observe(main, { attributes: true, attributeFilter: ['data-transition'] });
  });
  return () => [...seen];
}

async function analyticsHits(): Promise<number> {
  return ((await (await fetch(`${analyticsURL}/hits`)).json()) as { hits: number }).hits;
}

describe('navigation in Chromium', () => {
  it('opens the side menu from the header button, and Esc closes it', async () => {
    const { context, page, problems } = await open('/', { viewport: { width: 400, height: 800 } });
    const button = page.getByRole('button', { name: 'Menu' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.waitFor();
    for (const label of [
      'Wholesale Solid Fuel',
      'Industrial Solid Fuel',
      'Home Heating Fuel',
      'Biomass Fuel',
    ]) {
      await expect(dialog.getByText(label, { exact: true }).count()).resolves.toBeGreaterThan(0);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await button.click();
    await dialog.waitFor();
    await dialog.getByRole('link', { name: 'Home Heating Oil' }).click();
    await page.waitForURL(`${baseURL}/products/domestic/oil`);
    await dialog.waitFor({ state: 'detached' });
    expect(problems.map((m) => m.text())).toEqual([]);
    await context.close();
  });

  // The server renders these addresses with their dialog open as plain HTML (DESIGN.md,
  // Rendering); the hydrated marker means the page is its script's, so it waits for the modal.
  it.each(['/contact?wsm', '/about?menu', '/about?order-online', '/about?postcode'])(
    '%s is marked hydrated only once the script has taken over its dialog',
    async (path) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const problems = watchConsole(page);
      // What the page holds the moment it is marked hydrated.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.documentElement.dataset.hydrated !== 'true') return;
          observer.disconnect();
          (window as unknown as { atHydrated: unknown }).atHydrated = {
            serverDialog:
              document.querySelector('[data-static-modal], [data-static-side-panel]') !== null,
            dialogs: document.querySelectorAll('[role="dialog"]').length,
          };
        }).observe(document, { subtree: true, attributeFilter: ['data-hydrated'] });
      });
      // The modals that take over later than a render are held back a while, so that a marker
      // set too early would be seen.
      let held = 0;
      await page.route(/\/assets\/(OrderOnlineDialog|PostcodeModal)-[^/]+\.js$/, async (route) => {
        held += 1;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await page.goto(`${baseURL}${path}`);
      await waitForHydration(page);
      expect(
        await page.evaluate(() => (window as unknown as { atHydrated: unknown }).atHydrated),
      ).toEqual({
        serverDialog: false,
        dialogs: 1,
      });
      if (/order-online|postcode/.test(path)) expect(held).toBeGreaterThan(0);
      expect(problems.map((m) => m.text())).toEqual([]);
      await context.close();
    },
  );

  it.each([390, 1280])(
    'leaves room under "Browse our fuels" before the group headings at %i px',
    async (width) => {
      const { context, page, problems } = await open('/', { viewport: { width, height: 900 } });
      const section = page.getByRole('region', { name: 'Browse our fuels' });
      const gap = await section.evaluate((root) => {
        const heading = root.querySelector('h2');
        const group = root.querySelector('nav h3');
        if (!heading || !group) return null;
        return group.getBoundingClientRect().top - heading.getBoundingClientRect().bottom;
      });
      // The theme's space[5] (24 px) apart, not touching.
      expect(gap).toBeGreaterThanOrEqual(16);
      expect(problems.map((m) => m.text())).toEqual([]);
      await context.close();
    },
  );

  it('operates a navigation dropdown by keyboard alone', async () => {
    const { context, page } = await open('/');
    const trigger = page.getByRole('button', { name: 'Wholesale Fuel' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await expect(menu.getByRole('menuitem').count()).resolves.toBe(6);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect(trigger.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('ArrowDown');
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/products/wholesale/coal/bulk`);
    await page.getByRole('heading', { level: 1, name: 'Bulk Coal' }).waitFor();
    await context.close();
  });

  it('shows the Loading... overlay for a slow navigation and fades the page out then in', async () => {
    // A page of the client router's (the home page's links load their page, see below).
    const { context, page } = await open('/about');
    const release = await holdChunks(page);
    const phases = await recordTransitions(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'FAQs' })
      .click();
    await page.getByText('Loading...').waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    await page.getByText('Loading...').waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => !document.querySelector('main#main')?.hasAttribute('data-transition'),
    );
    const seen = phases();
    expect(seen.map((p) => p.phase)).toEqual(['out', 'in', '']);
    expect(seen[0]?.duration).toBe('0.3s');
    expect(seen[1]?.duration).toBe('0.2s');
    await context.close();
  });

  it('does not show the overlay for a quick navigation', async () => {
    const { context, page } = await open('/');
    let overlaySeen = false;
    await page.exposeFunction('overlaySeen', () => {
      overlaySeen = true;
    });
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.body.textContent?.includes('Loading...'))
          (window as unknown as { overlaySeen: () => void }).overlaySeen();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About Us' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    expect(overlaySeen).toBe(false);
    await context.close();
  });

  it('skips the fades under prefers-reduced-motion', async () => {
    const { context, page } = await open('/about', { reducedMotion: 'reduce' });
    const release = await holdChunks(page);
    const phases = await recordTransitions(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'FAQs' })
      .click();
    // The navigation is slow (the overlay shows), yet the page never fades.
    await page.getByText('Loading...').waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    expect(phases()).toEqual([]);
    await context.close();
  });

  it('from the home page (islands, no client router) a link loads its page, with the overlay when slow', async () => {
    // The home page, the catalogue pages (a coal category is the page's own query) and the cart,
    // as a first visit sees them; with a dialog asked for, they are the router's, as every other
    // page is.
    for (const path of [
      '/',
      '/products/domestic/oil',
      '/products/domestic/bagged-coal',
      `/products/domestic/bagged-coal?category=${await firstCoalCategory()}`,
      '/products/wholesale/coal/bulk',
      '/cart',
    ]) {
      await expect(islandsPage(path), path).resolves.toBe(true);
    }
    for (const path of [
      '/?menu',
      '/?wsm',
      '/?order-online',
      '/about',
      '/cart?postcode',
      '/cart?checkout=blocked',
      '/products/domestic',
      '/products/domestic/oil?menu',
      '/products/domestic/bagged-coal?wsm',
      '/products/domestic/bagged-coal?utm_source=mail',
    ]) {
      await expect(islandsPage(path), path).resolves.toBe(false);
    }
    const { context, page, problems } = await open('/');
    // The router's start (app/client/start.tsx) is never loaded: only the header island hydrates.
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(scripts.some((path) => /^\/assets\/startHeaderIsland-/.test(path))).toBe(true);
    expect(scripts.filter((path) => /^\/assets\/start-/.test(path))).toEqual([]);

    // Playwright waits for a pending page load before it looks at the page, so the home page
    // notes the overlay itself, in the tab's storage (which outlives it).
    const noteOverlay = () =>
      page.evaluate(() => {
        sessionStorage.removeItem('overlaySeen');
        (window as { homePage?: boolean }).homePage = true;
        new MutationObserver(() => {
          if (document.body.textContent?.includes('Loading...')) {
            sessionStorage.setItem('overlaySeen', 'yes');
          }
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    const overlaySeen = () => page.evaluate(() => sessionStorage.getItem('overlaySeen'));
    const mainLink = (name: string) =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

    // The FAQ page takes a while to come from the server: the overlay shows meanwhile.
    await page.route(`${baseURL}/faqs`, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await noteOverlay();
    await mainLink('FAQs').click();
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    await expect(overlaySeen()).resolves.toBe('yes');
    // A page load, not a client navigation: the home page's window is gone.
    await expect(page.evaluate(() => (window as { homePage?: boolean }).homePage)).resolves.toBe(
      undefined,
    );
    await waitForHydration(page);

    // A quick one shows no overlay.
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await noteOverlay();
    await mainLink('About Us').click();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await expect(overlaySeen()).resolves.toBeNull();
    expect(problems.map((problem) => problem.text())).toEqual([]);
    await context.close();
  });

  it("a catalogue page is islands: the header and each card's order form hydrate, and share the cart", async () => {
    const { context, page, problems } = await open('/products/domestic/bagged-coal');
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(scripts.some((path) => /^\/assets\/contentIslands-/.test(path))).toBe(true);
    expect(scripts.filter((path) => /^\/assets\/start-/.test(path))).toEqual([]);
    const forms = page.locator('[data-island="order-form"]');
    expect(await forms.count()).toBeGreaterThan(1);
    const cart = page.getByRole('link', { name: /^Cart(, \d+ items?)?$/ });
    await expect(cart.getAttribute('aria-label')).resolves.toBe('Cart');

    // A card's Add to Cart, with its postcode typed in the card: the header's badge follows.
    const card = forms.first();
    await card.getByRole('textbox', { name: /postcode/i }).fill('BT1 1AA');
    await card.getByRole('button', { name: /add to cart/i }).click();
    await page.getByRole('alertdialog', { name: 'Added to cart.' }).waitFor();
    await page.waitForFunction(() =>
      document.querySelector('a[aria-label^="Cart,"]')?.getAttribute('aria-label'),
    );
    await expect(cart.getAttribute('aria-label')).resolves.toMatch(/^Cart, \d+ items?$/);
    // Still the same page: no navigation happened.
    expect(page.url()).toBe(`${baseURL}/products/domestic/bagged-coal`);

    // The badge is a link of the server's HTML: the browser loads /cart, and the notice follows.
    await cart.click();
    await page.waitForURL(`${baseURL}/cart`);
    await page.getByRole('alertdialog', { name: 'Added to cart.' }).waitFor();
    expect(problems.map((problem) => problem.text())).toEqual([]);
    await context.close();
  });

  it('registers the service worker and serves the offline page when the network is down', async () => {
    const { context, page } = await open('/', { serviceWorkers: 'allow' });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseURL}/`);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto(`${baseURL}/faqs`).catch(() => undefined);
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it('never lets the service worker answer API requests from a cache', async () => {
    const { context, page } = await open('/', { serviceWorkers: 'allow' });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names)
        for (const req of await (await caches.open(name)).keys())
          urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(
      cached.filter(
        (path) =>
          !path.startsWith('/assets/') && path !== '/offline.html' && path !== '/favicon.svg',
      ),
    ).toEqual([]);
    await context.close();
  });
});

describe('cookie consent', () => {
  async function freshContext(): Promise<{ context: BrowserContext; page: Page }> {
    const { context, page } = await open('/about');
    return { context, page };
  }

  it('loads analytics only after the visitor accepts, and remembers the choice', async () => {
    const before = await analyticsHits();
    const { context, page } = await freshContext();
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    expect(await analyticsHits()).toBe(before);
    await banner.getByRole('button', { name: 'Accept analytics' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => (window as unknown as { __analyticsLoaded?: boolean }).__analyticsLoaded === true,
    );
    expect(await analyticsHits()).toBe(before + 1);
    await page.reload();
    await waitForHydration(page);
    await page.waitForFunction(
      () => (window as unknown as { __analyticsLoaded?: boolean }).__analyticsLoaded === true,
    );
    await expect(page.getByRole('region', { name: 'Cookie consent' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('never loads analytics when the visitor rejects', async () => {
    const before = await analyticsHits();
    const { context, page } = await freshContext();
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Reject analytics' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await waitForHydration(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'FAQs' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    expect(await analyticsHits()).toBe(before);
    await expect(
      page.evaluate(() => (window as unknown as { __analyticsLoaded?: boolean }).__analyticsLoaded),
    ).resolves.toBeUndefined();
    await context.close();
  });
});
