/**
 * Lighthouse (mobile preset, the default) against the production build, the median of 3 runs per
 * page (BENCH_RUNS). The static offline page is measured in the same run as a baseline for the
 * machine, and every other page also with its scripts removed (the no-script baseline: the
 * physical limit for that page), interleaved with it: real, no-script, real, no-script…
 *
 *   npm run bench:lighthouse            builds first
 *   BENCH_SKIP_BUILD=1 npm run bench:lighthouse
 *   npm run bench:lighthouse:check      (BENCH_CHECK=1) exits non-zero when a page misses a target
 *
 * Both variants go through bench/scriptStripProxy.ts, a proxy in front of the production server:
 * one listener passes everything through, the other removes every `<script>` element and script
 * preload from the HTML answers. Same server, same cookies, same assets from the page's origin.
 *
 * Targets, for every page but the baseline: performance ≥ 95, TBT ≤ 200 ms, LCP ≤ 1800 ms; and
 * against its no-script baseline, performance at most 3 points lower and TBT at most 100 ms more.
 * "CPU idx" is Lighthouse's benchmarkIndex of the machine: the mobile preset slows the CPU 4x
 * whatever the machine, so on a slow one (a low index) even the script-free baseline page shows
 * blocking time.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { defaultConfig } from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { startChildServer } from './childServer';
import { buildUnlessSkipped, startProductionServer } from './productionServer';

const runs = Number(process.env.BENCH_RUNS ?? 3);
/**
 * The simulated CPU slowdown (BENCH_CPU_SLOWDOWN; the mobile preset's is 4). A machine twice as
 * fast as another measures at 8 what the other measures at 4: a way to see how the pages fare on
 * a slower machine than the one at hand (compare the CPU idx column).
 */
const cpuSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 0) || undefined;
const baselinePage = '/offline.html';
/** The pages measured; BENCH_PAGES (comma-separated paths) measures only those, with the baseline. */
const pages = [
  baselinePage,
  ...(process.env.BENCH_PAGES?.split(',').filter((page) => page.startsWith('/')) ?? [
    '/',
    '/products/domestic/oil',
    '/products/domestic/bagged-coal',
    '/cart',
  ]),
];
const targets = { performance: 95, tbtMs: 200, lcpMs: 1800 };
/** The issue's targets against the page's own no-script baseline. */
const noScriptTargets = { performanceBelow: 3, tbtAboveMs: 100 };

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  /** Lighthouse's measure of this machine's CPU speed (higher is faster). */
  benchmarkIndex: number;
}

/** The median of each figure on its own (the figures of one page need not come from one run). */
function median(values: Figures[]): Figures {
  const of = (key: keyof Figures) => {
    const sorted = values.map((v) => v[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    jsBytes: of('jsBytes'),
    benchmarkIndex: of('benchmarkIndex'),
  };
}

/** The targets a page's medians miss, e.g. `TBT 250 > 200`. */
function misses(m: Figures): string[] {
  return [
    ...(m.performance < targets.performance
      ? [`perf ${m.performance} < ${targets.performance}`]
      : []),
    ...(m.lcpMs > targets.lcpMs ? [`LCP ${m.lcpMs} > ${targets.lcpMs}`] : []),
    ...(m.tbtMs > targets.tbtMs ? [`TBT ${m.tbtMs} > ${targets.tbtMs}`] : []),
  ];
}

/** The no-script targets a page misses against its baseline's medians. */
function missesAgainstNoScript(real: Figures, noScript: Figures): string[] {
  const perfBelow = noScript.performance - real.performance;
  const tbtAbove = real.tbtMs - noScript.tbtMs;
  return [
    ...(perfBelow > noScriptTargets.performanceBelow
      ? [`perf ${perfBelow} below no-script > ${noScriptTargets.performanceBelow}`]
      : []),
    ...(tbtAbove > noScriptTargets.tbtAboveMs
      ? [`TBT ${tbtAbove} ms above no-script > ${noScriptTargets.tbtAboveMs}`]
      : []),
  ];
}

async function measure(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    ...(cpuSlowdown === undefined
      ? {}
      : {
          throttling: {
            ...defaultConfig.settings?.throttling,
            cpuSlowdownMultiplier: cpuSlowdown,
          },
        }),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const items =
    (
      audits['network-requests']?.details as
        { items?: { resourceType?: string; transferSize?: number }[] } | undefined
    )?.items ?? [];
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
    seo: Math.round((categories.seo?.score ?? 0) * 100),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    jsBytes: items
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
  };
}

/**
 * Fetches each page through both listeners once: the script-free one must answer the same status
 * with no script left in it, or the comparison would be meaningless.
 */
async function checkProxy(passUrl: string, stripUrl: string): Promise<void> {
  for (const page of pages.filter((p) => p !== baselinePage)) {
    const get = async (base: string) => {
      const res = await fetch(`${base}${page}`);
      return { status: res.status, html: await res.text() };
    };
    const [real, stripped] = await Promise.all([get(passUrl), get(stripUrl)]);
    if (real.status !== stripped.status || /<script\b|modulepreload/i.test(stripped.html)) {
      throw new Error(
        `The script-free proxy answered ${page} with ${stripped.status} (real ${real.status}) ` +
          'or left a script in it',
      );
    }
  }
}

const pad = (value: number | string, width: number) => String(value).padStart(width);
const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

async function main() {
  buildUnlessSkipped();
  const server = await startProductionServer();
  const missed: string[] = [];
  const comparisons: { page: string; real: Figures; noScript: Figures; misses: string[] }[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let proxy: Awaited<ReturnType<typeof startChildServer>> | undefined;
  try {
    proxy = await startChildServer('bench/scriptStripProxy.ts', [server.url]);
    const [passPort, stripPort] = proxy.ports;
    const passUrl = `http://127.0.0.1:${String(passPort)}`;
    const stripUrl = `http://127.0.0.1:${String(stripPort)}`;
    await checkProxy(passUrl, stripUrl);
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: ['--headless=new', ...chromiumArgs],
    });

    console.log(
      `Lighthouse ${runs}x per page and variant (mobile preset${cpuSlowdown === undefined ? '' : `, CPU slowed ${String(cpuSlowdown)}x`}, the median of each figure)`,
    );
    console.log(
      `Targets: perf ≥ ${targets.performance}, LCP ≤ ${targets.lcpMs} ms, TBT ≤ ${targets.tbtMs} ms`,
    );
    console.log(
      [
        'page'.padEnd(44),
        'perf',
        'a11y',
        'b.p.',
        'seo',
        'LCP ms',
        'TBT ms',
        'CLS',
        'JS KiB',
        'CPU idx',
        'targets',
      ].join('  '),
    );
    for (const page of pages) {
      const baseline = page === baselinePage;
      const real: Figures[] = [];
      const noScript: Figures[] = [];
      // Interleaved, so that a change in the machine's load weighs on both variants alike.
      for (let i = 0; i < runs; i++) {
        real.push(await measure(`${passUrl}${page}`, chrome.port));
        if (!baseline) noScript.push(await measure(`${stripUrl}${page}`, chrome.port));
      }
      const m = median(real);
      const pageMisses = baseline ? [] : misses(m);
      if (!baseline) {
        const n = median(noScript);
        const against = missesAgainstNoScript(m, n);
        comparisons.push({ page, real: m, noScript: n, misses: against });
        pageMisses.push(...against);
      }
      missed.push(...pageMisses.map((miss) => `${page}: ${miss}`));
      console.log(
        [
          (baseline ? `${page} (baseline)` : page).padEnd(44),
          pad(m.performance, 4),
          pad(m.accessibility, 4),
          pad(m.bestPractices, 4),
          pad(m.seo, 3),
          pad(m.lcpMs, 6),
          pad(m.tbtMs, 6),
          pad(m.cls, 5),
          (m.jsBytes / 1024).toFixed(1).padStart(6),
          pad(m.benchmarkIndex, 7),
          baseline ? '' : misses(m).length === 0 ? 'met' : `not met (${misses(m).join(', ')})`,
        ].join('  '),
      );
    }
  } finally {
    await chrome?.kill();
    await proxy?.stop();
    await server.stop();
  }

  console.log(
    `\nAgainst the no-script baseline (the same page with every script removed, same origin), ` +
      `medians of ${runs}`,
  );
  console.log(
    `Targets: perf at most ${noScriptTargets.performanceBelow} points below, ` +
      `TBT at most ${noScriptTargets.tbtAboveMs} ms above`,
  );
  console.log(
    ['page'.padEnd(32), 'perf', 'no-JS', ' Δ perf', 'TBT ms', ' no-JS', ' Δ TBT', 'targets'].join(
      '  ',
    ),
  );
  for (const c of comparisons) {
    console.log(
      [
        c.page.padEnd(32),
        pad(c.real.performance, 4),
        pad(c.noScript.performance, 5),
        pad(signed(c.real.performance - c.noScript.performance), 7),
        pad(c.real.tbtMs, 6),
        pad(c.noScript.tbtMs, 6),
        pad(signed(c.real.tbtMs - c.noScript.tbtMs), 6),
        c.misses.length === 0 ? 'met' : `not met (${c.misses.join(', ')})`,
      ].join('  '),
    );
  }

  if (missed.length > 0 && process.env.BENCH_CHECK === '1') {
    console.error(`\nTargets not met:\n  ${missed.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
