/**
 * "First working tap": how long after a primary control of the home page shows does a tap on it
 * do its job, on a phone-class CPU. In Chromium (Playwright) with 4x CPU throttling
 * (Emulation.setCPUThrottlingRate), a fresh context per measurement (a new cart with a postcode
 * and one item, so the cart badge and the cards' Add to Cart show), a 390 px wide touch screen.
 *
 * For each control, two fresh page loads per run (BENCH_RUNS, default 3):
 *  - polled: from the moment the control is visible it is tapped every 100 ms until a tap works;
 *  - early: it is tapped once as soon as it is visible, then nothing for 8 s: lost if nothing
 *    happened.
 * A tap "works" when, after it: a navigation to another URL starts (a native link or form, or a
 * client-side route change), a request other than GET is sent (a form post, POST /api/cart/…), or
 * a dialog or menu opens (an element with role dialog, or aria-expanded="true"). A native
 * navigation before hydration counts as working: it is what the visitor wanted.
 *
 * Times are from the start of the navigation (Node's clock; the page's timestamps are on the same
 * wall clock). Each control is measured where it is visible: the first of its places (path and
 * width) where the hydrated page shows it, e.g. Order Online sits in the side navigation on
 * small screens (SPEC §2), so it is measured on a 1280 px wide screen unless `/` shows it at
 * 390 px.
 */
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright';
import { launchBrowser } from '../e2e/browser';
import { makeCart } from './pageFigures';
import { startProductionServer } from './productionServer';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const cpuSlowdown = 4;
const tapEveryMs = 100;
const earlyWaitMs = 8_000;
/** How long a control may take to show, and a polled control to work, before giving up. */
const giveUpMs = 20_000;

type Width = 390 | 1280;
const screens: Record<Width, BrowserContextOptions> = {
  390: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
  1280: { viewport: { width: 1280, height: 800 }, hasTouch: true },
};

interface Place {
  path: string;
  width: Width;
}

interface Control {
  name: string;
  places: Place[];
  locate(page: Page): Locator;
}

/** A button or a link (the team is turning buttons into native links and forms). */
const buttonOrLink = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true }));

export const controls: Control[] = [
  {
    name: 'Order Online',
    places: [
      { path: '/', width: 390 },
      { path: '/', width: 1280 },
    ],
    locate: (page) => buttonOrLink(page, 'Order Online'),
  },
  {
    name: 'Menu / View all products',
    places: [{ path: '/', width: 390 }],
    locate: (page) => buttonOrLink(page, /^\s*(Menu|View all products)\s*$/i),
  },
  {
    name: 'Cart badge',
    places: [{ path: '/', width: 390 }],
    locate: (page) => page.getByRole('link', { name: /^Cart\b/ }),
  },
  {
    name: 'First card: Add to Cart',
    places: [
      { path: '/', width: 390 },
      { path: '/products/domestic/bagged-coal', width: 390 },
    ],
    locate: (page) => page.getByRole('button', { name: 'Add to Cart', exact: true }),
  },
];

declare global {
  interface Window {
    /** What bench/firstTap.ts's init script saw happen, each kind once, with Date.now(). */
    __benchSignals?: { kind: string; at: number }[];
  }
}

/**
 * Runs in the page before its own scripts: notes when a dialog or menu first opens, and when the
 * page has hydrated. Plain JavaScript in a string: a function would go through tsx's transform,
 * which adds helpers (`__name`) the page does not have.
 */
const observeSignals = `(() => {
  const signals = [];
  window.__benchSignals = signals;
  const seen = new Set();
  const note = (kind) => {
    if (seen.has(kind)) return;
    seen.add(kind);
    signals.push({ kind, at: Date.now() });
  };
  const check = () => {
    const dialogs = document.querySelectorAll(
      '[role="dialog"], [role="alertdialog"], dialog[open], [aria-modal="true"]',
    );
    for (const dialog of dialogs) if (dialog.getClientRects().length > 0) note('dialog opened');
    if (document.querySelector('[aria-expanded="true"]')) note('menu opened');
    if (document.documentElement && document.documentElement.dataset.hydrated === 'true') {
      note('hydrated');
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-expanded', 'open', 'role', 'aria-modal', 'data-hydrated'],
  });
})();`;

/** Origin, path and query (an empty `?`, as a form without fields sends, is no query). */
function normalized(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}${u.search}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Trial {
  visibleAt: number;
  hydratedAt?: number;
  /** When the (first) tap that worked had its effect; absent if none did. */
  workedAt?: number;
  how?: string;
}

/** Fresh context, cart and page, throttled; the control tapped as `mode` says. */
async function trial(
  browser: Browser,
  base: string,
  control: Control,
  place: Place,
  mode: 'polled' | 'early',
): Promise<Trial> {
  const cookie = await makeCart(base, 'BT1 1AB', 0);
  const [name = '', value = ''] = cookie.split('=');
  const context = await browser.newContext(screens[place.width]);
  try {
    await context.addCookies([{ name, value, url: base }]);
    await context.addInitScript({ content: observeSignals });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const target = normalized(`${base}${place.path}`);
    const locator = control.locate(page).filter({ visible: true }).first();

    let firstTapAt: number | undefined;
    let worked: { at: number; how: string } | undefined;
    const mark = (how: string, at = Date.now()) => {
      if (firstTapAt !== undefined && at >= firstTapAt && (!worked || at < worked.at)) {
        worked = { at, how };
      }
    };
    page.on('request', (request) => {
      const isOurs = request.frame() === page.mainFrame();
      if (isOurs && request.isNavigationRequest() && normalized(request.url()) !== target) {
        mark(`navigation to ${new URL(request.url()).pathname}${new URL(request.url()).search}`);
      } else if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method())) {
        mark(`${request.method()} ${new URL(request.url()).pathname}`);
      }
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && normalized(frame.url()) !== target) {
        mark(`navigation to ${new URL(frame.url()).pathname}${new URL(frame.url()).search}`);
      }
    });
    let hydratedAt: number | undefined;
    /** The page's own signals (a closed or navigating page has none to give). */
    const readSignals = async () => {
      const signals = await page.evaluate(() => window.__benchSignals ?? []).catch(() => []);
      for (const signal of signals) {
        // Only this page's hydration, not that of the page a native navigation went to.
        if (signal.kind === 'hydrated') {
          if (normalized(page.url()) === target) hydratedAt ??= signal.at;
        } else mark(signal.kind, signal.at);
      }
    };
    const tap = async () => {
      const box = await locator.boundingBox({ timeout: 1_000 }).catch(() => null);
      const height = page.viewportSize()?.height ?? 0;
      if (!box || box.y < 0 || box.y + box.height > height) {
        // Below the fold (a product card): scroll it into view as a visitor would.
        await locator
          .evaluate((el) => el.scrollIntoView({ block: 'nearest' }), undefined, { timeout: 1_000 })
          .catch(() => undefined);
        return;
      }
      firstTapAt ??= Date.now();
      await page.touchscreen
        .tap(box.x + box.width / 2, box.y + box.height / 2)
        .catch(() => undefined);
    };

    const start = Date.now();
    await page.goto(`${base}${place.path}`, { waitUntil: 'commit' });
    let visibleAt: number | undefined;
    while (visibleAt === undefined && Date.now() - start < giveUpMs) {
      if (await locator.isVisible().catch(() => false)) visibleAt = Date.now();
      else await sleep(20);
    }
    if (visibleAt === undefined) throw new Error(`${control.name} never showed on ${place.path}`);

    if (mode === 'polled') {
      while (!worked && Date.now() - visibleAt < giveUpMs) {
        await tap();
        await readSignals();
        if (!worked) await sleep(tapEveryMs);
      }
    } else {
      while (firstTapAt === undefined && Date.now() - visibleAt < giveUpMs) await tap();
      const tappedAt = firstTapAt ?? Date.now();
      while (!worked && Date.now() - tappedAt < earlyWaitMs) {
        await readSignals();
        if (!worked) await sleep(tapEveryMs);
      }
    }
    // The hydration time is reported too: a tap can work before the whole page has hydrated.
    const done = Date.now();
    await readSignals();
    while (
      hydratedAt === undefined &&
      normalized(page.url()) === target &&
      Date.now() - done < giveUpMs
    ) {
      await sleep(tapEveryMs);
      await readSignals();
    }
    return {
      visibleAt: visibleAt - start,
      hydratedAt: hydratedAt === undefined ? undefined : hydratedAt - start,
      workedAt: worked ? worked.at - start : undefined,
      how: worked?.how,
    };
  } finally {
    await context.close();
  }
}

/**
 * Where each control is measured: the first of its places where the page, loaded unthrottled
 * and hydrated, shows it.
 */
async function findPlaces(browser: Browser, base: string): Promise<Map<Control, Place>> {
  const found = new Map<Control, Place>();
  const cookie = await makeCart(base, 'BT1 1AB', 0);
  const [name = '', value = ''] = cookie.split('=');
  const key = (p: Place) => `${p.path}@${p.width}`;
  const places = [...new Map(controls.flatMap((c) => c.places).map((p) => [key(p), p])).values()];
  for (const place of places) {
    const waiting = controls.filter(
      (c) => !found.has(c) && c.places.some((p) => key(p) === key(place)),
    );
    if (waiting.length === 0) continue;
    const context = await browser.newContext(screens[place.width]);
    try {
      await context.addCookies([{ name, value, url: base }]);
      const page = await context.newPage();
      await page.goto(`${base}${place.path}`);
      await page
        .waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, {
          timeout: 15_000,
        })
        .catch(() => undefined);
      for (const control of waiting) {
        const shown = control.locate(page).filter({ visible: true }).first();
        if (await shown.isVisible()) found.set(control, place);
      }
    } finally {
      await context.close();
    }
  }
  return found;
}

function median(values: number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export interface FirstTapRow {
  control: string;
  place?: Place;
  visibleAt?: number;
  hydratedAt?: number;
  workingAt?: number;
  visibleToWorking?: number;
  /** Polled runs in which no tap worked. */
  neverWorked: number;
  earlyLost: number;
  runs: number;
  how?: string;
}

/** Measures every control on the production build in dist/ (started here, not built). */
export async function measureFirstTaps(): Promise<FirstTapRow[]> {
  const server = await startProductionServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const places = await findPlaces(browser, server.url);
    const rows: FirstTapRow[] = [];
    for (const control of controls) {
      const place = places.get(control);
      if (!place) {
        rows.push({ control: control.name, neverWorked: 0, earlyLost: 0, runs: 0 });
        continue;
      }
      const polled: Trial[] = [];
      const early: Trial[] = [];
      for (let i = 0; i < runs; i++) {
        polled.push(await trial(browser, server.url, control, place, 'polled'));
        early.push(await trial(browser, server.url, control, place, 'early'));
      }
      const worked = polled.filter(
        (t): t is Trial & { workedAt: number } => t.workedAt !== undefined,
      );
      rows.push({
        control: control.name,
        place,
        visibleAt: median(polled.map((t) => t.visibleAt)),
        hydratedAt: median(
          polled.flatMap((t) => (t.hydratedAt === undefined ? [] : [t.hydratedAt])),
        ),
        workingAt: median(worked.map((t) => t.workedAt)),
        visibleToWorking: median(worked.map((t) => t.workedAt - t.visibleAt)),
        neverWorked: polled.length - worked.length,
        earlyLost: early.filter((t) => t.workedAt === undefined).length,
        runs,
        how: [...new Set(worked.map((t) => t.how))].join('; '),
      });
    }
    printFirstTaps(rows);
    return rows;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

export function printFirstTaps(rows: FirstTapRow[]): void {
  const ms = (value: number | undefined) => (value === undefined ? '—' : String(Math.round(value)));
  console.log(
    `\nFirst working tap: Chromium, ${cpuSlowdown}x CPU throttling, fresh page and cart per ` +
      `load, median of ${runs} (ms from navigation start; polled: a tap every ${tapEveryMs} ms ` +
      `from visible; early: one tap at visible, lost if nothing happened in ${earlyWaitMs / 1000} s)`,
  );
  console.log(
    [
      'control'.padEnd(26),
      'page'.padEnd(36),
      'visible at',
      'hydrated at',
      'working at',
      'visible→working',
      'early tap lost',
      'how it worked',
    ].join('  '),
  );
  for (const r of rows) {
    const page = r.place ? `${r.place.path} @${r.place.width}px` : 'not found';
    const working =
      r.neverWorked > 0 ? `${ms(r.workingAt)} (${r.neverWorked} never)` : ms(r.workingAt);
    const lost =
      r.runs === 0 ? '—' : `${r.earlyLost > 0 ? 'yes' : 'no'} (${r.earlyLost}/${r.runs})`;
    console.log(
      [
        r.control.padEnd(26),
        page.padEnd(36),
        ms(r.visibleAt).padStart(10),
        ms(r.hydratedAt).padStart(11),
        working.padStart(10),
        ms(r.visibleToWorking).padStart(15),
        lost.padStart(14),
        r.how ?? '',
      ].join('  '),
    );
  }
}
