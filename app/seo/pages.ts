import type { Catalogue } from '../features/catalogue';
import {
  markets,
  pickCoalCategory,
  type CataloguePageData,
  type Market,
  type SectionIndexData,
} from '../pages/catalogue/definitions';
import type { Crumb } from './jsonLd';

/**
 * Which pages search engines may index, and the one address each is indexed under. Server only.
 *
 * Indexable: the home page, the information pages and the catalogue (everything under
 * /products/). Everything else (cart, checkout, orders, accounts, payment pages, the back office,
 * the auth callback, and every error or 404 page) is one visitor's own or no page at all: it gets
 * `noindex` and no canonical link. A route is named here by its pattern in app/routes.tsx, so a
 * new page stays out of search engines until it is added.
 */
const indexableRoutes = new Set([
  'about',
  'contact',
  'faqs',
  'privacy-policy',
  'terms-of-purchase',
]);

/** The deepest matched route, as React Router's match names it. */
export interface RouteLike {
  path?: string | undefined;
  index?: boolean | undefined;
}

export function isIndexableRoute(route: RouteLike | undefined): boolean {
  if (!route) return false;
  if (route.index === true) return true;
  const path = route.path ?? '';
  return indexableRoutes.has(path) || path.startsWith('products/');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A catalogue page's loader data (app/pages/catalogue/definitions.ts), told by its shape. */
export function asListing(data: unknown): CataloguePageData | null {
  return isRecord(data) &&
    typeof data.heading === 'string' &&
    Array.isArray(data.products) &&
    Array.isArray(data.categories)
    ? (data as unknown as CataloguePageData)
    : null;
}

/** A section index page's loader data (the links to its sub-pages). */
export function asSectionIndex(data: unknown): SectionIndexData | null {
  return isRecord(data) && typeof data.heading === 'string' && Array.isArray(data.links)
    ? (data as unknown as SectionIndexData)
    : null;
}

/**
 * The address of a coal category's page at `pathname` (a page with `?category=`): the path alone
 * for the category the path shows without `?category=` (best sellers), since both are one page;
 * the path with `?category={slug}` for any other, a page of its own with its own products.
 */
export function coalCategoryPath(pathname: string, slug: string, catalogue: Catalogue): string {
  let shownByDefault: string | undefined;
  try {
    shownByDefault = pickCoalCategory(catalogue, new URL(pathname, 'http://localhost')).slug;
  } catch {
    // No coal categories at all: there is no default to fold into.
    shownByDefault = undefined;
  }
  return slug === shownByDefault ? pathname : `${pathname}?category=${encodeURIComponent(slug)}`;
}

/**
 * The canonical path (and query) of an indexable page: its path without any query (`?postcode`,
 * `?wsm`, `?order-online`, `?menu` and the like only open something on the same page), except a
 * coal category page's category (see `coalCategoryPath`).
 */
export function canonicalPath(
  url: URL,
  listing: CataloguePageData | null,
  catalogue: Catalogue | null,
): string {
  const current = listing?.categories.find((category) => category.current);
  if (!current || !catalogue) return url.pathname;
  return coalCategoryPath(url.pathname, current.slug, catalogue);
}

/** The names of the catalogue's section pages, as their headings read. */
const sectionNames: Readonly<Record<string, string>> = {
  '/products/domestic': 'Home Heating Fuel',
  '/products/domestic/bagged-coal': 'Prepacked Coal',
  '/products/wholesale': 'Wholesale Fuel',
  '/products/wholesale/best-sellers': 'Best Sellers',
  '/products/wholesale/coal': 'Wholesale Coal',
  '/products/wholesale/coal/bagged': 'Prepacked Coal',
};

/** The name of a page that is a step on the way to others, or undefined when it is no page. */
export function sectionName(path: string): string | undefined {
  if (Object.hasOwn(sectionNames, path)) return sectionNames[path];
  const market = /^\/products\/wholesale\/coal\/bagged\/(uk|ie)$/.exec(path)?.[1] as
    Market | undefined;
  return market ? `Prepacked Coal (${markets[market].label})` : undefined;
}

/**
 * The breadcrumb trail of a catalogue page, with absolute URLs: Home, then each section page the
 * path passes through (/products itself is no page), then the page under its heading. A coal
 * category of its own (not the one its path shows by default) is a step below the path's page.
 */
export function breadcrumbs(
  origin: string,
  pathname: string,
  canonical: string,
  heading: string,
  currentCategory: string | null,
): Crumb[] {
  const trail: Crumb[] = [{ name: 'Home', url: `${origin}/` }];
  const segments = pathname.split('/').filter(Boolean);
  for (let i = 1; i < segments.length; i++) {
    const path = `/${segments.slice(0, i).join('/')}`;
    const name = sectionName(path);
    if (name) trail.push({ name, url: `${origin}${path}` });
  }
  if (canonical !== pathname && currentCategory) {
    trail.push({ name: sectionName(pathname) ?? heading, url: `${origin}${pathname}` });
    trail.push({ name: currentCategory, url: `${origin}${canonical}` });
  } else {
    trail.push({ name: heading, url: `${origin}${canonical}` });
  }
  return trail;
}
