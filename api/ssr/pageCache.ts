import { randomBytes } from 'node:crypto';

/**
 * Rendered pages for anonymous visitors (no session, no cart), kept per process. A page's HTML
 * is the same for every such visitor, except for the CSP nonce: it is rendered once with a
 * placeholder nonce (random per process, so no page content can guess it) that each answer
 * replaces with its own. The key holds the catalogue's version, so a price change in the database
 * makes every process render afresh on its next request; old versions age out of the LRU.
 */
export interface CachedPage {
  status: number;
  /** The full document, with `nonce` where the request's nonce goes. */
  html: string;
}

export interface PageCache {
  /** The placeholder the cached HTML carries instead of a nonce. */
  readonly nonce: string;
  get(key: string): CachedPage | undefined;
  set(key: string, page: CachedPage): void;
  /** The page with `nonce` in place of the placeholder. */
  fill(page: CachedPage, nonce: string): string;
  readonly size: number;
}

export interface PageCacheOptions {
  /** Pages kept at most (least recently used go first). */
  maxEntries?: number;
  /** Characters of HTML kept at most, over all pages. */
  maxChars?: number;
}

export function createPageCache({
  maxEntries = 200,
  maxChars = 32 * 1024 * 1024,
}: PageCacheOptions = {}): PageCache {
  const placeholder = `pagecache${randomBytes(12).toString('hex')}`;
  const pages = new Map<string, CachedPage>();
  let chars = 0;
  const evictOldest = () => {
    const oldest = pages.entries().next();
    if (oldest.done) return;
    pages.delete(oldest.value[0]);
    chars -= oldest.value[1].html.length;
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
      if (page.html.length > maxChars / 4) return;
      const old = pages.get(key);
      if (old) {
        pages.delete(key);
        chars -= old.html.length;
      }
      pages.set(key, page);
      chars += page.html.length;
      while (pages.size > maxEntries || chars > maxChars) evictOldest();
    },
    fill(page, nonce) {
      return page.html.replaceAll(placeholder, nonce);
    },
    get size() {
      return pages.size;
    },
  };
}

/** Addresses whose pages are one visitor's own (cart, checkout, orders, account, payment). */
const privatePrefixes = ['/cart', '/checkout', '/order', '/pay', '/user'];

/** Whether the page at `path` is the same for every anonymous visitor (so it may be cached). */
export function isSharedPage(path: string): boolean {
  const lower = path.toLowerCase();
  return !privatePrefixes.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}
