/**
 * The JavaScript a first visit downloads before the page can hydrate, measured from the build's
 * own manifest (`dist/client/.vite/manifest.json`, Vite's `build.manifest`):
 *  - the entry chunk (`isEntry`) and, recursively, every chunk it imports statically;
 *  - every chunk the served HTML names with `<link rel="modulepreload">`,
 *    `<script type="module" src>` or in the inline script that starts the page's scripts after
 *    its first paint (api/ssr/runtime.ts), with its static imports too (a preloaded chunk is
 *    fetched on first load as surely as the entry is).
 * Dynamic imports are not counted unless the HTML preloads them. Sizes are gzip at level 9, the
 * most a server could compress them to with gzip.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FirstLoadFile {
  /** Relative to the client build directory, e.g. `assets/index-B0rX1vx3.js`. */
  file: string;
  gzipBytes: number;
}

export interface FirstLoad {
  files: FirstLoadFile[];
  totalGzipBytes: number;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export const gzipLevel = 9;

export function readManifest(distClientDir: string): Manifest {
  const path = join(distClientDir, '.vite', 'manifest.json');
  if (!existsSync(path)) {
    throw new Error(`No build manifest at ${path}: run \`npm run build\` first.`);
  }
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The files of the manifest's entry chunks (`isEntry`), e.g. `assets/index-B0rX1vx3.js`. */
export function entryFiles(distClientDir: string): string[] {
  return Object.values(readManifest(distClientDir))
    .filter((chunk) => chunk.isEntry === true)
    .map((chunk) => chunk.file);
}

/** Reads an attribute from one tag's source text, quoted or not. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * The same-origin scripts the HTML makes the browser fetch on first load: `<link
 * rel="modulepreload">` hrefs, `<script type="module">` srcs and the quoted `/assets/….js`
 * paths of inline scripts, as paths relative to the client build directory.
 */
export function scriptsNamedIn(html: string): string[] {
  const paths: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attribute(tag, 'href');
    if (rel.includes('modulepreload') && href) paths.push(href);
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if ((attribute(tag, 'type') ?? '').toLowerCase() === 'module' && src) paths.push(src);
  }
  for (const [, attributes = '', text = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
  )) {
    if (attribute(`<script${attributes}>`, 'src') !== undefined) continue;
    for (const [, path = ''] of text.matchAll(/"(\/assets\/[^"\s]+\.m?js)"/g)) paths.push(path);
  }
  return paths
    .filter((path) => !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(path)) // another origin is not ours
    .map((path) => path.replace(/[?#].*$/, '').replace(/^\.?\//, ''));
}

/**
 * The first-load JavaScript of a page: the entry, its static imports and whatever `html` (the
 * page as served) preloads, each with its gzip size, and the total.
 */
export function firstLoadJs(distClientDir: string, html?: string): FirstLoad {
  const manifest = readManifest(distClientDir);
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const files: string[] = [];
  const seen = new Set<string>();

  const addFile = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    files.push(file);
  };
  const addChunk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest names a chunk it does not hold: ${key}`);
    if (seen.has(chunk.file)) return;
    addFile(chunk.file);
    for (const imported of chunk.imports ?? []) addChunk(imported);
  };

  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
  if (entries.length === 0) throw new Error('The build manifest has no entry chunk (isEntry).');
  for (const key of entries) addChunk(key);

  for (const path of html === undefined ? [] : scriptsNamedIn(html)) {
    const key = keyOfFile.get(path);
    if (key !== undefined) addChunk(key);
    else if (existsSync(join(distClientDir, path))) addFile(path);
    else {
      throw new Error(
        `The page names ${path}, which is neither in the build manifest nor in ${distClientDir}: ` +
          'is the running server serving another build?',
      );
    }
  }

  const measured = files
    .filter((file) => file.endsWith('.js') || file.endsWith('.mjs'))
    .map((file) => ({
      file,
      gzipBytes: gzipSync(readFileSync(join(distClientDir, file)), { level: gzipLevel }).length,
    }));
  return {
    files: measured,
    totalGzipBytes: measured.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

/** `12.3 KiB` */
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * The lazy parts of the site (islands, dialogs, pages) by source path in the manifest, with what
 * each is: its cost is the JavaScript it adds to a visit beyond the first load of `/`.
 */
export const islands: readonly { name: string; source: string }[] = [
  { name: 'Islands: session, router, cart', source: 'app/features/layout/headerIslandState.ts' },
  { name: 'Header (island)', source: 'app/features/layout/startHeaderIsland.tsx' },
  { name: "Header island's overlays", source: 'app/features/layout/HeaderIslandOverlays.tsx' },
  { name: "Content islands' starter", source: 'app/client/contentIslands.tsx' },
  { name: 'Order form (catalogue island)', source: 'app/pages/catalogue/orderFormIsland.tsx' },
  { name: 'Cart (island)', source: 'app/pages/cartIsland.tsx' },
  { name: 'Footer (island)', source: 'app/features/layout/SiteFooter.tsx' },
  { name: 'Side menu', source: 'app/features/layout/SideMenu.tsx' },
  { name: 'Order Online dialog', source: 'app/features/order-form/OrderOnlineDialog.tsx' },
  { name: 'Set Postcode dialog', source: 'app/features/postcode/PostcodeModal.tsx' },
  { name: 'Wholesale enquiry dialog', source: 'app/features/enquiry/WholesaleEnquiryModal.tsx' },
  { name: 'Notifications', source: 'ui/components/Toast/Toast.tsx' },
  { name: 'Typing replay', source: 'app/features/forms/replayTyped.ts' },
  { name: 'Home page (static sections)', source: 'app/pages/HomePage.tsx' },
  { name: 'Information page (static)', source: 'app/pages/InfoPage.tsx' },
  {
    name: 'Catalogue page (deferred order forms)',
    source: 'app/pages/catalogue/CataloguePage.tsx',
  },
  { name: 'Cart page', source: 'app/pages/CartPage.tsx' },
];

export interface IslandCost {
  name: string;
  /** Gzip bytes of the island's chunk and its static imports not in `firstLoad`. */
  gzipBytes: number;
  files: number;
}

/** What each of `islands` adds to a visit that has loaded `firstLoad` already. */
export function islandCosts(distClientDir: string, firstLoad: FirstLoad): IslandCost[] {
  const manifest = readManifest(distClientDir);
  const loaded = new Set(firstLoad.files.map((f) => f.file));
  return islands.map(({ name, source }) => {
    if (!manifest[source]) throw new Error(`The build manifest has no chunk for ${source}`);
    const files = new Set<string>();
    const add = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || loaded.has(chunk.file) || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) add(imported);
    };
    add(source);
    let gzipBytes = 0;
    for (const file of files) {
      if (!file.endsWith('.js')) continue;
      gzipBytes += gzipSync(readFileSync(join(distClientDir, file)), { level: gzipLevel }).length;
    }
    return { name, gzipBytes, files: files.size };
  });
}
