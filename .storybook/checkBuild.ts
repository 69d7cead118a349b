/**
 * `npm run check:storybook`: opens every story and every Docs page of the static Storybook build
 * (`storybook-static/`, from `npm run build-storybook`) in Chromium, as a designer or QA tester
 * meets them, and fails when a story errors, a play function fails (or leaves an accessibility
 * violation: the a11y addon reports it as a failure), or a Docs page shows an error.
 *
 * The build is served from loopback by a small static server. Each entry is a fresh load of
 * `iframe.html`, so no story meets what another left; the preview's own channel events say how
 * each went (`storyFinished` with its status, `docsRendered`), and its error display is checked.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';

const root = resolve(import.meta.dirname, '..', 'storybook-static');
/** Entries open side by side, one per core. */
const workers = Math.max(1, Number(process.env.STORYBOOK_CHECK_WORKERS ?? 2));
/**
 * Every entry is a fresh load of the preview by default. STORYBOOK_CHECK_SWITCH=1 switches
 * stories inside one preview instead, as the manager does (about twice as fast, for a quick look
 * on a workstation); a story that fails that way is loaded afresh for its verdict.
 */
const switchInPage = process.env.STORYBOOK_CHECK_SWITCH === '1';
/** The longest a story's render and play function may take (explorers walk whole paths). */
const entryTimeoutMs = 60_000;

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

function serve(): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    stat(file).then(
      (info) => {
        if (!info.isFile()) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, {
          'content-type': types[extname(file)] ?? 'application/octet-stream',
          'content-length': info.size,
        });
        createReadStream(file).pipe(res);
      },
      () => res.writeHead(404).end(),
    );
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

interface Entry {
  id: string;
  type: 'story' | 'docs';
  title: string;
  name: string;
}

interface Outcome {
  entry: Entry;
  problem: string | null;
}

/**
 * Listens to the preview's channel from before its scripts run (the preview sets the global once).
 * Plain JavaScript in a string: it runs in the page as written.
 */
const watchChannel = `
  (() => {
    const seen = [];
    window.__checkEvents = seen;
    let channel;
    const names = ['storyFinished', 'storyErrored', 'storyThrewException',
      'playFunctionThrewException', 'storyMissing', 'docsRendered'];
    Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
      configurable: true,
      get() { return channel; },
      set(value) {
        channel = value;
        for (const name of names) {
          value.on(name, (payload) => {
            seen.push({ name, status: payload && payload.status,
              message: payload && (payload.message || payload.title) });
          });
        }
      },
    });
  })();
`;

/**
 * Shows `entry`: by the preview's own `setCurrentStory`, as the Storybook manager does when a
 * story is picked in the sidebar, or by loading `iframe.html` afresh (the first entry, and after
 * a failure, so that nothing a failed story left behind reaches the next).
 */
async function show(page: Page, base: string, entry: Entry, fresh: boolean): Promise<void> {
  if (fresh) {
    const url = `${base}/iframe.html?id=${encodeURIComponent(entry.id)}&viewMode=${entry.type}`;
    // A story that was left mid-way may still be navigating the page (a form it submitted):
    // that navigation is let finish, and the entry loaded again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await page.goto(url, { waitUntil: 'domcontentloaded' });
        return;
      } catch (error) {
        const interrupted = error instanceof Error && error.message.includes('interrupted');
        if (!interrupted || attempt === 3) throw error;
        await page.waitForLoadState('load').catch(() => {});
      }
    }
  }
  await page.evaluate(
    ({ id, viewMode }) => {
      const w = window as unknown as {
        __checkEvents: unknown[];
        __STORYBOOK_ADDONS_CHANNEL__: { emit(name: string, payload: unknown): void };
      };
      w.__checkEvents.length = 0;
      w.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId: id, viewMode });
    },
    { id: entry.id, viewMode: entry.type },
  );
}

/** The preview's events that mean an entry failed (beside `storyFinished` with an error). */
const failedEvents = [
  'storyErrored',
  'storyThrewException',
  'playFunctionThrewException',
  'storyMissing',
];

async function check(page: Page, base: string, entry: Entry, fresh: boolean): Promise<Outcome> {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on('pageerror', onError);
  try {
    await show(page, base, entry, fresh);
    const done = entry.type === 'docs' ? ['docsRendered'] : ['storyFinished'];
    await page.waitForFunction(
      ([doneNames, failedNames]) => {
        const events = (window as unknown as { __checkEvents?: { name: string }[] }).__checkEvents;
        const shown = document.body.classList.contains('sb-show-errordisplay');
        return (
          shown ||
          (events ?? []).some((e) => doneNames.includes(e.name) || failedNames.includes(e.name))
        );
      },
      [done, failedEvents] as const,
      { timeout: entryTimeoutMs, polling: 100 },
    );
    // A Docs page renders its stories after `docsRendered` is first sent: let them settle.
    if (entry.type === 'docs') await page.waitForTimeout(300);
    const state = await page.evaluate(() => ({
      events: (
        window as unknown as {
          __checkEvents: { name: string; status?: string; message?: string }[];
        }
      ).__checkEvents,
      shown: document.body.classList.contains('sb-show-errordisplay'),
      shownText: document.querySelector('#error-message')?.textContent ?? '',
    }));
    const bad = state.events.find(
      (e) =>
        failedEvents.includes(e.name) || (e.name === 'storyFinished' && e.status !== 'success'),
    );
    if (state.shown) return { entry, problem: `error display: ${state.shownText.trim()}` };
    if (bad) {
      return {
        entry,
        problem: `${bad.name}${bad.status ? ` (${bad.status})` : ''}${bad.message ? `: ${bad.message}` : ''}${errors.length ? ` — ${errors.join('; ')}` : ''}`,
      };
    }
    return { entry, problem: null };
  } catch (error) {
    return {
      entry,
      problem: `${error instanceof Error ? error.message.split('\n')[0] : String(error)}${errors.length ? ` — ${errors.join('; ')}` : ''}`,
    };
  } finally {
    page.off('pageerror', onError);
  }
}

async function main(): Promise<number> {
  const index = JSON.parse(await readFile(join(root, 'index.json'), 'utf8')) as {
    entries: Record<string, Entry>;
  };
  const only = process.argv.slice(2);
  const entries = Object.values(index.entries).filter(
    (e) => only.length === 0 || only.some((id) => e.id.startsWith(id)),
  );
  const server = await serve();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let browser: Browser | undefined;
  const started = Date.now();
  try {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
    const queue = [...entries];
    const outcomes: Outcome[] = [];
    const afterOthers: string[] = [];
    await Promise.all(
      Array.from({ length: Math.min(workers, queue.length) }, async () => {
        const context = await (browser as Browser).newContext({
          viewport: { width: 1280, height: 900 },
        });
        await context.addInitScript({ content: watchChannel });
        const page = await context.newPage();
        let fresh = true;
        for (let entry = queue.shift(); entry; entry = queue.shift()) {
          let outcome = await check(page, base, entry, fresh);
          // Shown after another story, a story may meet what that one left (or navigated to):
          // the verdict is the story's own, loaded afresh.
          if (outcome.problem !== null && !fresh) {
            const before = `${entry.id}: ${outcome.problem.split('\n')[0] ?? ''}`;
            outcome = await check(page, base, entry, true);
            if (outcome.problem === null) afterOthers.push(before);
          }
          fresh = !switchInPage || outcome.problem !== null;
          outcomes.push(outcome);
          if (outcome.problem) {
            process.stdout.write(
              `FAIL ${entry.id} (${entry.title} › ${entry.name}): ${outcome.problem}\n`,
            );
          }
        }
        await context.close();
      }),
    );
    const failures = outcomes.filter((o) => o.problem !== null);
    for (const line of afterOthers) {
      process.stdout.write(
        `Shown after another story, then passed on its own: ${line.slice(0, 300)}\n`,
      );
    }
    const stories = outcomes.filter((o) => o.entry.type === 'story').length;
    const docs = outcomes.length - stories;
    process.stdout.write(
      `Storybook build: ${stories} stories and ${docs} Docs pages opened in ${Math.round((Date.now() - started) / 1000)} s; ${failures.length} failed.\n`,
    );
    return failures.length === 0 ? 0 : 1;
  } finally {
    await browser?.close();
    server.close();
  }
}

process.exitCode = await main();
