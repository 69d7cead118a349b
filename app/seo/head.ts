import { escapeHtml } from '../../api/domain/html';
import { site } from '../../api/domain/site';
import type { Catalogue, Product } from '../features/catalogue';
import type { PageMeta } from '../meta';
import {
  breadcrumbNode,
  jsonLdScript,
  organisationNode,
  productNode,
  websiteNode,
  type JsonLdNode,
} from './jsonLd';
import {
  ogImagePath,
  ogImageSize,
  productCardFor,
  shopCard,
  shopLogo,
  type OgImage,
} from './ogImages';
import {
  asListing,
  asSectionIndex,
  breadcrumbs,
  canonicalPath,
  isIndexableRoute,
  type RouteLike,
} from './pages';

/**
 * The head tags for search engines and link previews: the canonical link, Open Graph and Twitter
 * tags and the JSON-LD structured data of an indexable page, or `noindex` for any other. Server
 * only (app/entry-server.tsx): the browser's bundle never carries it. Crawlers and link previews
 * read the server's HTML, so a client-side navigation does not rewrite these.
 */
export interface SeoPage {
  /**
   * The address rendered. Its origin is the site's, as the API worked it out for this request:
   * PUBLIC_URL's, else the request's validated protocol and Host (api/ssr/middleware.ts), the
   * same rule as sitemap.xml's.
   */
  url: URL;
  /** The page's title and description (app/meta.ts). */
  meta: PageMeta;
  /** The page answers 200 and shows no error. */
  ok: boolean;
  /** The deepest matched route and its loader data. */
  route: RouteLike | undefined;
  data: unknown;
  /** The catalogue the page was rendered from (the root loader's), when it loaded. */
  catalogue: Catalogue | null;
}

/** "Smokeless Fuels | Bagged Coal Delivered | Fuelyard" -> without the shop's name (og:site_name says it). */
export function socialTitle(title: string): string {
  const suffix = ` | ${site.companyName}`;
  return title.endsWith(suffix) && title.length > suffix.length
    ? title.slice(0, -suffix.length)
    : title;
}

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/** The first product on the page with a picture that has a card, else the shop's card. */
function pageImage(products: readonly Product[]): OgImage {
  for (const product of products) {
    for (const image of product.images) {
      const card = productCardFor(image.url);
      if (card) return card;
    }
  }
  return shopCard;
}

const absolute = (origin: string, image: OgImage) => `${origin}${ogImagePath}${image.file}`;

/** A product's picture for its structured data: its card (a PNG), else the picture itself. */
function productImage(origin: string, product: Product): string | null {
  const first = product.images[0];
  if (!first) return null;
  const card = productCardFor(first.url);
  if (card) return absolute(origin, card);
  try {
    return new URL(first.url, `${origin}/`).href;
  } catch {
    return null;
  }
}

export function seoHeadTags(page: SeoPage): string {
  if (!page.ok || !isIndexableRoute(page.route)) {
    // Not for search engines: one visitor's own page, or an error or 404 page.
    return meta('name', 'robots', 'noindex');
  }
  const origin = page.url.origin;
  const listing = asListing(page.data);
  const sectionIndex = listing ? null : asSectionIndex(page.data);
  const path = canonicalPath(page.url, listing, page.catalogue);
  const canonical = `${origin}${path}`;
  const image = pageImage(listing?.products ?? []);

  const nodes: JsonLdNode[] = [];
  if (page.route?.index === true) {
    nodes.push(
      organisationNode(origin, {
        logo: absolute(origin, shopLogo),
        image: absolute(origin, shopCard),
      }),
      websiteNode(origin),
    );
  }
  const heading = listing?.heading ?? sectionIndex?.heading;
  if (heading !== undefined && page.url.pathname.startsWith('/products/')) {
    const category = listing?.categories.find((c) => c.current)?.title ?? null;
    nodes.push(breadcrumbNode(breadcrumbs(origin, page.url.pathname, path, heading, category)));
  }
  // Offers only where the page sells them: a page that sends its buyers to a wholesale enquiry
  // instead (the Republic of Ireland's, priced in euro by the office) offers nothing at these prices.
  for (const product of listing?.orderOnline ? listing.products : []) {
    const node = productNode(product, {
      origin,
      pageUrl: canonical,
      image: productImage(origin, product),
    });
    if (node) nodes.push(node);
  }

  const tags = [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('property', 'og:site_name', site.companyName),
    meta('property', 'og:locale', 'en_GB'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', socialTitle(page.meta.title)),
    meta('property', 'og:description', page.meta.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', absolute(origin, image)),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(ogImageSize.width)),
    meta('property', 'og:image:height', String(ogImageSize.height)),
    meta('property', 'og:image:alt', image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    jsonLdScript(nodes),
  ];
  return tags.filter(Boolean).join('\n');
}
