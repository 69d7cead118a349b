import { data } from 'react-router-dom';
import { messages } from '../../../api/domain/messages';
import {
  allProducts,
  type Catalogue,
  type CoalCategory,
  type Product,
} from '../../features/catalogue';
import { domesticCoalHref, paths } from '../../features/navigation';

/**
 * Wholesale markets. `uk` is trade in Northern Ireland and Great Britain: the range can be ordered
 * online to BT postcodes at the shop's prices (VAT included); trade prices, quoted without VAT as
 * the FAQs say, and delivery to Great Britain are by wholesale enquiry. `ie` is trade in the
 * Republic of Ireland: delivery outside NI is arranged through the office, so the page's action is
 * the wholesale enquiry.
 */
export type Market = 'uk' | 'ie';
export const markets: Record<Market, { label: string; orderOnline: boolean; note: string }> = {
  uk: {
    label: 'UK',
    orderOnline: true,
    note: 'Order online for delivery to Northern Ireland (BT) postcodes at the prices shown, which include VAT. Trade prices are quoted without VAT, and delivery to Great Britain is arranged by our office: send a wholesale enquiry.',
  },
  ie: {
    label: 'Ireland',
    orderOnline: false,
    note: 'Cross-border supply to the Republic of Ireland is arranged by our office: send a wholesale enquiry for euro prices and delivery dates.',
  },
};

export type Audience = 'domestic' | 'wholesale' | 'industrial';

export interface CataloguePageData {
  heading: string;
  title: string;
  description: string;
  intro: string;
  audience: Audience;
  market: Market | null;
  /** Can the listed products be ordered online on this page? */
  orderOnline: boolean;
  products: Product[];
  /** Coal category links shown above the products, with the current one marked. */
  categories: { title: string; slug: string; icon: string; href: string; current: boolean }[];
}

export const notFound = () => data(messages.notFound.framework, { status: 404 });

export function parseMarket(value: string | undefined): Market {
  if (value === 'uk' || value === 'ie') return value;
  throw notFound();
}

/** `?category=` picks a coal category; none means best sellers; an unknown slug is a 404. */
export function pickCoalCategory(catalogue: Catalogue, url: URL): CoalCategory {
  const slug = url.searchParams.get('category') ?? 'best-sellers';
  const category =
    catalogue.coal.find((c) => c.slug === slug) ??
    (url.searchParams.has('category') ? undefined : catalogue.coal[0]);
  if (!category) throw notFound();
  return category;
}

function categoryLinks(
  catalogue: Catalogue,
  current: CoalCategory,
  href: (slug: string) => string,
) {
  return catalogue.coal.map((c) => ({
    title: c.title,
    slug: c.slug,
    icon: c.icon,
    href: href(c.slug),
    current: c.slug === current.slug,
  }));
}

const uniqueCoal = (catalogue: Catalogue) =>
  allProducts({ ...catalogue, oil: [], woodpellet: [], other: [] });

const base: Pick<CataloguePageData, 'market' | 'categories' | 'orderOnline'> = {
  market: null,
  categories: [],
  orderOnline: true,
};

export function industrialFuel(catalogue: Catalogue): CataloguePageData {
  return {
    ...base,
    heading: 'Industrial Fuel',
    title: 'Industrial Solid Fuel',
    description:
      'Bulk coal, anthracite and briquettes for industrial boilers, kilns and dryers in Northern Ireland.',
    intro:
      'Solid fuel for industrial boilers, kilns, dryers and process heat, supplied by the bag or the lorry load. For contract supply, talk to our office.',
    audience: 'industrial',
    products: [
      ...uniqueCoal(catalogue),
      ...catalogue.other.filter((p) => p.categories.some((c) => c.slug === 'briquettes')),
    ],
  };
}

export function domesticBaggedCoal(catalogue: Catalogue, url: URL): CataloguePageData {
  const category = pickCoalCategory(catalogue, url);
  return {
    ...base,
    heading: `Prepacked Coal: ${category.title}`,
    title: `${category.title} | Bagged Coal Delivered`,
    description: `Order ${category.title.toLowerCase()} in sealed bags for delivery to your home anywhere in Northern Ireland.`,
    intro:
      'Sealed, weighed bags of coal and smokeless fuel delivered to your door. A minimum order applies depending on your postcode.',
    audience: 'domestic',
    products: category.coals,
    categories: categoryLinks(catalogue, category, domesticCoalHref),
  };
}

export function domesticOil(catalogue: Catalogue): CataloguePageData {
  return {
    ...base,
    heading: 'Home Heating Oil',
    title: 'Home Heating Oil | Kerosene Delivered',
    description:
      'Order kerosene home heating oil in 300, 500 or 900 litre amounts, delivered by tanker in Northern Ireland.',
    intro:
      'Kerosene for your boiler, delivered by our own tankers. Choose an amount and check your postcode is in our oil delivery area.',
    audience: 'domestic',
    products: catalogue.oil,
  };
}

function wholesale(
  heading: string,
  description: string,
  intro: string,
  products: Product[],
  market: Market | null = null,
  extra: Partial<CataloguePageData> = {},
): CataloguePageData {
  const marketInfo = market ? markets[market] : null;
  return {
    ...base,
    heading: marketInfo ? `${heading} (${marketInfo.label})` : heading,
    title: marketInfo ? `Wholesale ${heading} (${marketInfo.label})` : `Wholesale ${heading}`,
    description,
    intro: marketInfo ? `${intro} ${marketInfo.note}` : intro,
    audience: 'wholesale',
    market,
    orderOnline: marketInfo ? marketInfo.orderOnline : true,
    products,
    ...extra,
  };
}

export function wholesaleBestSellers(catalogue: Catalogue, market: Market): CataloguePageData {
  return wholesale(
    'Best Sellers',
    // Each market's page is a page of its own to search engines: each says whom it is for.
    market === 'ie'
      ? 'Our best-selling coal, oil, pellets and briquettes for fuel distributors and retailers in the Republic of Ireland, with euro prices and cross-border delivery on enquiry.'
      : 'Our best-selling coal, oil, pellets and briquettes for fuel distributors and retailers in Northern Ireland and Great Britain, with trade prices on enquiry.',
    'The lines our trade customers reorder most, from house coal and smokeless ovals to kerosene and pellets.',
    allProducts(catalogue).filter((p) => p.bestSeller),
    market,
  );
}

export function wholesaleBaggedCoal(
  catalogue: Catalogue,
  market: Market,
  url: URL,
): CataloguePageData {
  const category = pickCoalCategory(catalogue, url);
  return wholesale(
    `Prepacked Coal: ${category.title}`,
    market === 'ie'
      ? `Wholesale ${category.title.toLowerCase()} in sealed, branded bags for shops, forecourts and merchants in the Republic of Ireland, with euro prices on enquiry.`
      : `Wholesale ${category.title.toLowerCase()} in sealed, branded bags for shops, forecourts and merchants in Northern Ireland and Great Britain.`,
    'Prepacked coal and smokeless fuel on pallets for retailers, forecourts and coal merchants.',
    category.coals,
    market,
    {
      categories: categoryLinks(
        catalogue,
        category,
        (slug) => `/products/wholesale/coal/bagged/${market}?category=${encodeURIComponent(slug)}`,
      ),
    },
  );
}

export function wholesaleBulkCoal(catalogue: Catalogue): CataloguePageData {
  return wholesale(
    'Bulk Coal',
    'Bulk coal and anthracite by the tonne for merchants, farms and industry in Northern Ireland.',
    'Loose loads by the tonne from our depots. Bagged prices are shown for reference; ask us for bulk rates.',
    uniqueCoal(catalogue),
  );
}

export function wholesaleOil(catalogue: Catalogue): CataloguePageData {
  return wholesale(
    'Oil',
    'Kerosene and gas oil delivered by tanker across our Northern Ireland oil area, with trade prices on enquiry.',
    'Kerosene and gas oil for resellers, farms and businesses. Larger loads and accounts by arrangement.',
    catalogue.oil,
  );
}

export function wholesaleWoodPellets(catalogue: Catalogue): CataloguePageData {
  return wholesale(
    'Wood Pellets',
    'ENplus A1 wood pellets by the bag or pallet for resellers and biomass boiler owners.',
    'Certified wood pellets by the bag or pallet for resellers and biomass boilers. For delivery outside NI please contact our office.',
    catalogue.woodpellet,
  );
}

export function wholesaleOtherProducts(catalogue: Catalogue): CataloguePageData {
  return wholesale(
    'Wood & Other Products',
    'Briquettes, kindling, heat logs and kiln-dried logs for resellers, with trade prices on enquiry.',
    'Briquettes, kindling, firelogs and kiln-dried logs, by the bale, net or pallet.',
    catalogue.other,
  );
}

export function hayesLigniteBriquettes(catalogue: Catalogue): CataloguePageData {
  return wholesale(
    'Hayes Lignite Briquettes',
    'Hayes lignite briquettes by the bale or pallet for Northern Ireland retailers, with trade prices on enquiry.',
    'Clean to handle, quick to light and long burning: lignite briquettes by the bale or the pallet of 40.',
    catalogue.other.filter((p) => p.slug === 'hayes-lignite-briquettes'),
  );
}

/** The index pages of the product sections. */
export interface SectionIndexData {
  heading: string;
  title: string;
  description: string;
  intro: string;
  links: { label: string; href: string; description: string }[];
}

export function domesticIndex(catalogue: Catalogue): SectionIndexData {
  return {
    heading: 'Home Heating Fuel',
    title: 'Home Heating Fuel',
    description:
      'Bagged coal, smokeless fuel and kerosene heating oil delivered to homes across Northern Ireland.',
    intro: 'Everything to keep your home warm, delivered to your door.',
    links: [
      ...catalogue.coal.map((c) => ({
        label: c.title,
        href: domesticCoalHref(c.slug),
        description: `${c.coals.length} bagged fuels`,
      })),
      {
        label: 'Home Heating Oil',
        href: paths.domesticOil,
        description: 'Kerosene in 300, 500 and 900 litre amounts',
      },
    ],
  };
}

export function wholesaleIndex(): SectionIndexData {
  return {
    heading: 'Wholesale Fuel',
    title: 'Wholesale Fuel',
    description:
      'Wholesale coal, oil, wood pellets and briquettes for fuel distributors, retailers and merchants.',
    intro:
      'Trade supply for fuel distributors, forecourts, garden centres and merchants across Ireland.',
    links: [
      {
        label: 'Best Sellers (UK)',
        href: paths.wholesaleBestSellersUk,
        description: 'Our most reordered trade lines',
      },
      {
        label: 'Best Sellers (Ireland)',
        href: '/products/wholesale/best-sellers/ie',
        description: 'Cross-border supply by enquiry',
      },
      {
        label: 'Prepacked Coal',
        href: '/products/wholesale/coal/bagged',
        description: 'Sealed bags on pallets',
      },
      {
        label: 'Bulk Coal',
        href: paths.wholesaleBulkCoal,
        description: 'Loose loads by the tonne',
      },
      { label: 'Wholesale Oil', href: paths.wholesaleOil, description: 'Kerosene and gas oil' },
      {
        label: 'Wood Pellets',
        href: paths.wholesaleWoodPellets,
        description: 'ENplus A1, bags and pallets',
      },
      {
        label: 'Wood & Other Products',
        href: paths.wholesaleOtherProducts,
        description: 'Briquettes, kindling and logs',
      },
      {
        label: 'Hayes Lignite Briquettes',
        href: paths.hayesLigniteBriquettes,
        description: 'By the bale or pallet',
      },
    ],
  };
}

export function marketIndex(
  section: 'best-sellers' | 'coal/bagged',
  heading: string,
): SectionIndexData {
  const suffix = section === 'coal/bagged' ? '?category=best-sellers' : '';
  return {
    heading,
    title: `Wholesale ${heading}`,
    description: `Wholesale ${heading.toLowerCase()} for trade buyers in the UK and Ireland.`,
    intro: 'Choose your market.',
    links: (Object.keys(markets) as Market[]).map((market) => ({
      label: `${heading} (${markets[market].label})`,
      href: `/products/wholesale/${section}/${market}${suffix}`,
      description: markets[market].note,
    })),
  };
}

export function wholesaleCoalIndex(): SectionIndexData {
  return {
    heading: 'Wholesale Coal',
    title: 'Wholesale Coal',
    description: 'Prepacked and bulk coal for merchants, retailers and industry.',
    intro: 'Prepacked on pallets or loose by the tonne.',
    links: [
      {
        label: 'Prepacked Coal',
        href: '/products/wholesale/coal/bagged',
        description: 'Sealed bags on pallets',
      },
      {
        label: 'Bulk Coal',
        href: paths.wholesaleBulkCoal,
        description: 'Loose loads by the tonne',
      },
    ],
  };
}
