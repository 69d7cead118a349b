import { buildSchema, type GraphQLSchema } from 'graphql';
import { applyLimit, parseSort, woodpelletCategoryTitle, type SortSpec } from '../domain/catalogue';
import { coalIconForSlug } from '../domain/coal';
import { lowestPrice } from '../domain/money';
import type {
  CatalogueCategory,
  CatalogueProduct,
  CatalogueSnapshot,
  CatalogueZone,
} from '../services/catalogue/repository';

export const typeDefs = /* GraphQL */ `
  "Prices are whole pence (GBP, VAT included)."
  type Query {
    "Purchasable heating oils with their litre amounts."
    oils(limit: Int = -1, sort: String): [Product!]!
    "Coal categories that have coal products, by ordering then title."
    coalCategories(limit: Int = -1, sort: String): [CoalCategory!]!
    "Purchasable wood-pellet products (category Woodpellets)."
    woodpellets(limit: Int = -1, sort: String): [Product!]!
    "Purchasable products in the other product categories (briquettes, kindling, logs...)."
    otherProducts(limit: Int = -1, sort: String): [Product!]!
    "Shipping zones with their postcode districts (lower-cased)."
    shippingZones(limit: Int = -1, sort: String): [ShippingZone!]!
    "One purchasable product by its slug."
    product(slug: String!): Product
  }

  enum ProductType {
    coal
    oil
    woodpellet
    other
  }

  type Product {
    id: ID!
    type: ProductType!
    title: String!
    slug: String!
    description: String!
    "Whole pence, or null when the product is priced by its sizes."
    price: Int
    bestSeller: Boolean!
    sizes: [Size!]!
    images: [Image!]!
    categories: [Category!]!
  }

  type Size {
    id: ID!
    title: String!
    "Whole pence, or null to use the product's price."
    price: Int
    "Litres of oil in one of this size, or null when it is not sold by the litre."
    litres: Int
    "When the price was last set, as an ISO 8601 timestamp in UTC (2026-11-26T09:30:00.000Z)."
    priceSetAt: String!
  }

  type Image {
    url: String!
    size: String!
  }

  type Category {
    id: ID!
    title: String!
    slug: String!
  }

  type CoalCategory {
    id: ID!
    title: String!
    slug: String!
    ordering: Int!
    "best-sellers, open-fire, gravity-fed, smokeless or check."
    icon: String!
    coals(limit: Int = -1, sort: String): [Product!]!
  }

  type ShippingZone {
    id: ID!
    title: String!
    "Delivery charge in pence."
    rate: Int!
    "Minimum order value in pence."
    minimumOrder: Int!
    postcodes: [String!]!
  }
`;

export const schema: GraphQLSchema = buildSchema(typeDefs);

interface ListArgs {
  limit?: number | null;
  sort?: string | null;
}

/** Each request gets its own view of the catalogue, loaded at most once. */
export type GraphQLContext = {
  catalogue: () => Promise<CatalogueSnapshot>;
};

type ProductSortField = 'title' | 'price' | 'ordering';
type CategorySortField = 'title' | 'ordering';

function sortBy<T>(
  items: T[],
  spec: SortSpec<string> | null,
  value: (item: T, field: string) => string | number | null,
): T[] {
  if (!spec) return items;
  const factor = spec.direction === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => {
    const x = value(a, spec.field);
    const y = value(b, spec.field);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    const cmp =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), 'en');
    return cmp * factor;
  });
}

/** The "from" price: the same rule as the browser's (api/domain lowestPrice). */
function lowestProductPrice(p: CatalogueProduct): number | null {
  return lowestPrice([p.price, ...p.sizes.map((s) => s.price ?? p.price)]);
}

function listProducts(items: CatalogueProduct[], args: ListArgs) {
  const spec = parseSort<ProductSortField>(args.sort, ['title', 'price', 'ordering']);
  const sorted = sortBy(items, spec, (p, field) =>
    field === 'title' ? p.title : field === 'price' ? lowestProductPrice(p) : p.ordering,
  );
  return applyLimit(sorted, args.limit).map(productView);
}

function productView(p: CatalogueProduct) {
  return {
    id: String(p.id),
    type: p.type,
    title: p.title,
    slug: p.slug,
    description: p.description,
    price: p.price,
    bestSeller: p.bestSeller,
    sizes: p.sizes.map((s) => ({
      id: String(s.id),
      title: s.title,
      price: s.price,
      litres: s.litres,
      priceSetAt: s.priceSetAt.toISOString(),
    })),
    images: p.images,
    categories: p.categories.map((c) => ({ id: String(c.id), title: c.title, slug: c.slug })),
  };
}

function coalCategoryView(category: CatalogueCategory, coals: CatalogueProduct[]) {
  return {
    id: String(category.id),
    title: category.title,
    slug: category.slug,
    ordering: category.ordering,
    icon: coalIconForSlug(category.slug),
    coals: (args: ListArgs) => listProducts(coals, args),
  };
}

function zoneView(zone: CatalogueZone) {
  return { ...zone, id: String(zone.id) };
}

const purchasable = (p: CatalogueProduct) => p.purchasable;
const inCategoryTitled = (title: string) => (p: CatalogueProduct) =>
  p.categories.some((c) => c.kind === 'product' && c.title === title);

export const rootValue = {
  oils: async (args: ListArgs, ctx: GraphQLContext) => {
    const { products } = await ctx.catalogue();
    return listProducts(
      products.filter((p) => p.type === 'oil' && purchasable(p)),
      args,
    );
  },
  coalCategories: async (args: ListArgs, ctx: GraphQLContext) => {
    const { products, categories } = await ctx.catalogue();
    const coals = products.filter((p) => p.type === 'coal' && purchasable(p));
    const withCoals = categories
      .filter((c) => c.kind === 'coal')
      .map((c) => ({
        category: c,
        coals: coals.filter((p) => p.categories.some((pc) => pc.id === c.id)),
      }))
      .filter((entry) => entry.coals.length > 0);
    const spec = parseSort<CategorySortField>(args.sort, ['title', 'ordering']);
    const sorted = sortBy(withCoals, spec, (e, field) =>
      field === 'title' ? e.category.title : e.category.ordering,
    );
    return applyLimit(sorted, args.limit).map((e) => coalCategoryView(e.category, e.coals));
  },
  woodpellets: async (args: ListArgs, ctx: GraphQLContext) => {
    const { products } = await ctx.catalogue();
    return listProducts(
      products.filter((p) => purchasable(p) && inCategoryTitled(woodpelletCategoryTitle)(p)),
      args,
    );
  },
  otherProducts: async (args: ListArgs, ctx: GraphQLContext) => {
    const { products } = await ctx.catalogue();
    const others = products.filter(
      (p) =>
        purchasable(p) &&
        p.type !== 'oil' &&
        p.type !== 'coal' &&
        !inCategoryTitled(woodpelletCategoryTitle)(p) &&
        p.categories.some((c) => c.kind === 'product'),
    );
    return listProducts(others, args);
  },
  shippingZones: async (args: ListArgs, ctx: GraphQLContext) => {
    const { zones } = await ctx.catalogue();
    const spec = parseSort<'title'>(args.sort, ['title']);
    return applyLimit(
      sortBy(zones, spec, (z) => z.title),
      args.limit,
    ).map(zoneView);
  },
  product: async (args: { slug: string }, ctx: GraphQLContext) => {
    const { products } = await ctx.catalogue();
    const found = products.find((p) => p.slug === args.slug && purchasable(p));
    return found ? productView(found) : null;
  },
};
