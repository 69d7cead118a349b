import { createHash, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/**
 * Rendered pages for anonymous visitors (no session, no cart), kept per process. A page's HTML
 * is the same for every such visitor, except for the CSP nonce: it is rendered once with a
 * placeholder nonce (random per process, so no page content can guess it). The key holds the
 * catalogue's version, so a price change in the database makes every process render afresh on its
 * next request; old versions age out of the LRU. Only a page's own address is kept (no query, or
 * only the parameters the page reads: RenderResult.ownAddress), so the addresses that can fill it
 * are the site's own pages, and no run of unique queries pushes them out.
 *
 * A kept page is then sent as the same bytes to everyone (see `sharePage`): without nonces, its
 * inline scripts allowed by their SHA-256 hashes in the Content-Security-Policy instead, and
 * compressed once.
 */
export interface CachedPage {
  status: number;
  /** The full document, with `nonce` where the request's nonce goes. */
  html: string;
  /** The same bytes for everyone; undefined when the page cannot go without its nonce. */
  shared?: SharedPage | undefined;
}

/** A page whose inline scripts are allowed by hash: one answer, for every visitor. */
export interface SharedPage {
  body: Buffer;
  /** `body`, gzip-compressed. */
  gzip: Buffer;
  /** The CSP script sources for its inline scripts: `'sha256-…'` each, space-separated. */
  scriptHashes: string;
}

export interface PageCache {
  /** The placeholder the cached HTML carries instead of a nonce. */
  readonly nonce: string;
  get(key: string): CachedPage | undefined;
  set(key: string, page: CachedPage): void;
  /** The page with `nonce` in place of the placeholder. */
  fill(page: CachedPage, nonce: string): string;
  readonly size: number;
  /**
   * Whether a page was kept at some time for this address (path and query), of any version:
   * a request for anything else (a script, an image) goes on without a version or cart read.
   */
  hasAddress(address: string): boolean;
  noteAddress(address: string): void;
}

/** Inline <script> elements: their attributes, and their text as the browser hashes it. */
const scriptElement = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * `html` (rendered with `placeholder` as its nonce) without nonce attributes, and the hashes
 * that allow its inline scripts. Undefined when the placeholder is left anywhere else in the page
 * (a use this does not know), so such a page keeps its per-answer nonce.
 */
export function sharePage(html: string, placeholder: string): SharedPage | undefined {
  const stripped = html.replaceAll(` nonce="${placeholder}"`, '');
  if (stripped.includes(placeholder)) return undefined;
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of stripped.matchAll(scriptElement)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  const body = Buffer.from(stripped, 'utf8');
  return { body, gzip: gzipSync(body), scriptHashes: [...hashes].join(' ') };
}

/** The cache key of a page: the site's origin, the address, the catalogue version and the year. */
export function pageKey(origin: string, path: string, search: string, version: string): string {
  // The year: the footer's copyright line.
  return [origin, path, search, version, new Date().getFullYear()].join('\n');
}

/** What a page holds in memory, in UTF-16 code units and bytes. */
function weight(page: CachedPage): number {
  return page.html.length + (page.shared ? page.shared.body.length + page.shared.gzip.length : 0);
}

export interface PageCacheOptions {
  /** Pages kept at most (least recently used go first). */
  maxEntries?: number;
  /** Characters of HTML and bytes of shared pages kept at most, over all pages. */
  maxChars?: number;
}

/** Addresses remembered by `hasAddress` at most (then it starts again). */
const maxAddresses = 10_000;

export function createPageCache({
  maxEntries = 200,
  maxChars = 32 * 1024 * 1024,
}: PageCacheOptions = {}): PageCache {
  const placeholder = `pagecache${randomBytes(12).toString('hex')}`;
  const pages = new Map<string, CachedPage>();
  const addresses = new Set<string>();
  let chars = 0;
  const evictOldest = () => {
    const oldest = pages.entries().next();
    if (oldest.done) return;
    pages.delete(oldest.value[0]);
    chars -= weight(oldest.value[1]);
  };
  return {
    nonce: placeholder,
    get(key) {
      const page = pages.get(key);
      if (page) {
        // Most recently used last.
        pages.delete(key);
        pages.set(key, page);
      }
      return page;
    },
    set(key, page) {
      if (weight(page) > maxChars / 4) return;
      const old = pages.get(key);
      if (old) {
        pages.delete(key);
        chars -= weight(old);
      }
      pages.set(key, page);
      chars += weight(page);
      while (pages.size > maxEntries || chars > maxChars) evictOldest();
    },
    fill(page, nonce) {
      return page.html.replaceAll(placeholder, nonce);
    },
    get size() {
      return pages.size;
    },
    hasAddress: (address) => addresses.has(address),
    noteAddress(address) {
      if (addresses.size >= maxAddresses) addresses.clear();
      addresses.add(address);
    },
  };
}

/** Addresses whose pages are one visitor's own (cart, checkout, orders, account, payment, staff). */
const privatePrefixes = ['/cart', '/checkout', '/order', '/pay', '/user', '/admin'];

/** Whether the page at `path` is the same for every anonymous visitor (so it may be cached). */
export function isSharedPage(path: string): boolean {
  const lower = path.toLowerCase();
  return !privatePrefixes.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}
