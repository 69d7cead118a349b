import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** All money columns are whole pence. */

export const productType = pgEnum('product_type', ['coal', 'oil', 'woodpellet', 'other']);
export const categoryKind = pgEnum('category_kind', ['coal', 'product']);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    kind: categoryKind('kind').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    ordering: integer('ordering').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_kind_slug_uq').on(t.kind, t.slug)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    type: productType('type').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    /** Whole pence; null when the product is priced only through its sizes. */
    price: integer('price'),
    purchasable: boolean('purchasable').notNull().default(true),
    bestSeller: boolean('best_seller').notNull().default(false),
    ordering: integer('ordering').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_slug_uq').on(t.slug), index('products_type_idx').on(t.type)],
);

export const productSizes = pgTable(
  'product_sizes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Whole pence; null falls back to the product's price. */
    price: integer('price'),
    ordering: integer('ordering').notNull().default(0),
  },
  (t) => [index('product_sizes_product_idx').on(t.productId)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** thumbnail | medium | large */
    size: text('size').notNull().default('medium'),
    ordering: integer('ordering').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId),
  ],
);

export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased, e.g. "northern-ireland", "oil". */
    title: text('title').notNull(),
    /** Delivery charge in pence. */
    rate: integer('rate').notNull().default(0),
    /** Minimum order value in pence. */
    minimumOrder: integer('minimum_order').notNull().default(0),
  },
  (t) => [uniqueIndex('shipping_zones_title_uq').on(t.title)],
);

export const shippingZonePostcodes = pgTable(
  'shipping_zone_postcodes',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    /** Lower-cased outward code, e.g. "bt1", "bt71". */
    prefix: text('prefix').notNull(),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.prefix] })],
);

/** Small key/value facts about the database itself (seed version, catalogue version). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
