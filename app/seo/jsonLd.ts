import { unitPrice } from '../../api/domain/cart';
import { isPence, type Pence } from '../../api/domain/money';
import { site, type Office } from '../../api/domain/site';
import type { Product } from '../features/catalogue';

/**
 * schema.org structured data (JSON-LD) for the server's HTML. Server only: built in
 * app/entry-server.tsx, never in the browser's bundle.
 */
export type JsonLdNode = { [key: string]: JsonLdValue };
export type JsonLdValue = string | number | boolean | null | JsonLdNode | JsonLdValue[];

export const schemaContext = 'https://schema.org';

/**
 * `value` as JSON that can sit inside a `<script>` element: `<` (and so `</script>` and `<!--`),
 * `>` and `&` are written as JSON's \u escapes, which a JSON parser reads back unchanged, and so
 * are U+2028 and U+2029, which older JavaScript parsers took as line ends.
 */
export function serialiseJsonLd(value: JsonLdNode): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** One `<script type="application/ld+json">` with the nodes as a schema.org @graph. */
export function jsonLdScript(nodes: readonly JsonLdNode[]): string {
  if (nodes.length === 0) return '';
  const document: JsonLdNode = { '@context': schemaContext, '@graph': [...nodes] };
  return `<script type="application/ld+json">${serialiseJsonLd(document)}</script>`;
}

/** Whole pence as schema.org wants a price: pounds with a full stop and two decimals. */
export function schemaPrice(pence: Pence): string {
  if (!isPence(pence) || pence < 0) throw new RangeError(`Not a price in pence: ${String(pence)}`);
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

/** The shop's node id, so offers on any page name it as their seller. */
export const organisationId = (origin: string) => `${origin}/#organization`;

/** "028 9649 6010" as an international number: "+44 28 9649 6010". */
export function internationalPhone(phone: string): string {
  const trimmed = phone.trim();
  return trimmed.startsWith('0') ? `+44 ${trimmed.slice(1)}` : trimmed;
}

const ukPostcode = /^[A-Z]{1,2}[0-9][0-9A-Z]? ?[0-9][A-Z]{2}$/i;

/**
 * An office's address lines as a PostalAddress: the postcode is the last line, a county
 * ("Co. Tyrone") is the region, the line before the postcode (or county) the town, and the rest
 * the street address. Northern Ireland when no county is named.
 */
export function postalAddress(lines: readonly string[]): JsonLdNode {
  const rest = [...lines];
  const postcode =
    rest.length > 0 && ukPostcode.test(rest[rest.length - 1] ?? '') ? rest.pop() : undefined;
  const countyAt = rest.findIndex((line) => /^(?:Co\.|County)\s/i.test(line));
  const county = countyAt >= 0 ? rest.splice(countyAt, 1)[0] : undefined;
  const town = rest.pop();
  return {
    '@type': 'PostalAddress',
    ...(rest.length > 0 ? { streetAddress: rest.join(', ') } : {}),
    ...(town ? { addressLocality: town } : {}),
    addressRegion: county ?? 'Northern Ireland',
    ...(postcode ? { postalCode: postcode.toUpperCase() } : {}),
    addressCountry: 'GB',
  };
}

function officeNode(office: Office): JsonLdNode {
  return {
    '@type': 'LocalBusiness',
    name: `${site.companyName} ${office.name}`,
    telephone: internationalPhone(office.phone),
    email: site.email,
    address: postalAddress(office.addressLines),
  };
}

/**
 * The company (api/domain/site.ts) with both offices as its departments, each with its address
 * and phone number, and the enquiry e-mail address. `image` is the shop's social card.
 */
export function organisationNode(
  origin: string,
  images: { logo: string; image: string },
): JsonLdNode {
  return {
    '@type': 'Organization',
    '@id': organisationId(origin),
    name: site.companyName,
    legalName: site.legalName,
    description: site.tagline,
    url: `${origin}/`,
    logo: images.logo,
    image: images.image,
    email: site.email,
    telephone: internationalPhone(site.offices[0].phone),
    areaServed: { '@type': 'AdministrativeArea', name: 'Northern Ireland' },
    contactPoint: site.offices.map((office): JsonLdNode => ({
      '@type': 'ContactPoint',
      contactType: 'customer service',
      name: office.name,
      telephone: internationalPhone(office.phone),
      email: site.email,
      areaServed: 'GB',
      availableLanguage: 'en-GB',
    })),
    department: site.offices.map(officeNode),
    sameAs: site.social.map((link) => link.href),
  };
}

/** The site itself, so search engines show its name. */
export function websiteNode(origin: string): JsonLdNode {
  return {
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name: site.companyName,
    url: `${origin}/`,
    publisher: { '@id': organisationId(origin) },
    inLanguage: 'en-GB',
  };
}

export interface Crumb {
  name: string;
  /** Absolute URL. */
  url: string;
}

export function breadcrumbNode(crumbs: readonly Crumb[]): JsonLdNode {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index): JsonLdNode => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/**
 * The offers of a product exactly as the cart prices them (api/domain/cart.ts `unitPrice`): a
 * product with sizes is only sold by size, each at its own price or else the product's; one
 * without is sold at the product's price. A choice with no price cannot be added to the cart, so
 * it is no offer.
 */
export function productOffers(
  product: Product,
): { name: string; pence: Pence; priceSetAt: string | null }[] {
  if (product.sizes.length === 0) {
    const pence = unitPrice(product, null);
    return pence === null ? [] : [{ name: product.title, pence, priceSetAt: null }];
  }
  return product.sizes.flatMap((size) => {
    const pence = unitPrice(product, size);
    return pence === null ? [] : [{ name: size.title, pence, priceSetAt: size.priceSetAt }];
  });
}

/**
 * A Product with one Offer per size it can be bought in. Every product the catalogue serves is
 * on sale (the API lists purchasable products only), so each offer is in stock. `validFrom` is
 * when the price was set: the shop's prices hold until staff change them, so there is no end
 * date to give.
 */
export function productNode(
  product: Product,
  context: { origin: string; pageUrl: string; image: string | null },
): JsonLdNode | null {
  const offers = productOffers(product);
  if (offers.length === 0) return null;
  return {
    '@type': 'Product',
    name: product.title,
    ...(product.description ? { description: product.description } : {}),
    sku: product.slug,
    ...(context.image ? { image: context.image } : {}),
    offers: offers.map((offer): JsonLdNode => ({
      '@type': 'Offer',
      name: offer.name,
      price: schemaPrice(offer.pence),
      priceCurrency: 'GBP',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      url: context.pageUrl,
      ...(offer.priceSetAt && Number.isFinite(Date.parse(offer.priceSetAt))
        ? { validFrom: offer.priceSetAt }
        : {}),
      // Named in full: the Organization node itself is only on the home page.
      seller: {
        '@type': 'Organization',
        '@id': organisationId(context.origin),
        name: site.companyName,
      },
    })),
  };
}
