/**
 * `npm run qa:scripts`: writes a manual test plan for every machine of the QA registry
 * (app/qa/machines.ts) to docs/qa/<machine>.md, and docs/qa/README.md listing them. The plans are
 * docs: check them in. `npm run qa:scripts -- --check` writes nothing and fails when a plan is
 * out of date.
 *
 * The registry loads the features (their machines come through each feature's index.ts, with its
 * components), so the generator runs through Vite's SSR loader, as the development server renders
 * pages, rather than straight in Node.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = fileURLToPath(new URL('../docs/qa/', import.meta.url));
const check = process.argv.includes('--check');

const vite = await createServer({
  root,
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'warn',
});
try {
  const { testPlanFiles } = (await vite.ssrLoadModule('/app/qa/testPlan.ts')) as {
    testPlanFiles: () => Map<string, string>;
  };
  const files = testPlanFiles();
  await mkdir(dir, { recursive: true });
  const stale: string[] = [];
  for (const [name, text] of files) {
    const path = `${dir}${name}`;
    const current = await readFile(path, 'utf8').catch(() => null);
    if (current === text) continue;
    if (check) stale.push(name);
    else await writeFile(path, text);
  }
  if (check && stale.length > 0) {
    console.error(`Out of date in docs/qa/: ${stale.join(', ')}. Run npm run qa:scripts.`);
    process.exitCode = 1;
  } else {
    console.log(`docs/qa/: ${files.size} files ${check ? 'up to date' : 'written'}.`);
  }
} finally {
  await vite.close();
}
