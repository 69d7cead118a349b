import { loadCatalogueSafely, type CatalogueSource } from '../features/catalogue';
import { coalCategoryPath } from './pages';

/** The pages with a fixed address, for sitemap.xml. */
const fixedPaths = [
  '/',
  '/about',
  '/contact',
  '/faqs',
  '/privacy-policy',
  '/terms-of-purchase',
  '/products/industrial-fuel',
  '/products/domestic',
  '/products/domestic/oil',
  '/products/wholesale',
  '/products/wholesale/best-sellers',
  '/products/wholesale/best-sellers/uk',
  '/products/wholesale/best-sellers/ie',
  '/products/wholesale/coal',
  '/products/wholesale/coal/bagged',
  '/products/wholesale/coal/bulk',
  '/products/wholesale/oil',
  '/products/wholesale/wood-pellets',
  '/products/wholesale/other-products',
  '/products/wholesale/hayes-lignite-briquettes',
];

/** The pages that list one coal category at a time (`?category=`). */
const coalCategoryPages = [
  '/products/domestic/bagged-coal',
  '/products/wholesale/coal/bagged/uk',
  '/products/wholesale/coal/bagged/ie',
];

/**
 * Every indexable page for sitemap.xml, each under its canonical address (app/seo/pages.ts) and
 * once: the fixed pages, and each coal category page, the one shown by default under the bare
 * path. Rejects with the server's PageDataError when its database failed (no sitemap without the
 * categories).
 */
export async function sitemapPaths(catalogue: CatalogueSource): Promise<string[]> {
  const loaded = await loadCatalogueSafely(catalogue);
  const perCategory = coalCategoryPages.flatMap((path) =>
    loaded.coal.map((category) => coalCategoryPath(path, category.slug, loaded)),
  );
  return [...new Set([...fixedPaths, ...perCategory])];
}
