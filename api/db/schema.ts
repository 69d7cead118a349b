import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
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

/** An item a visitor tried to add before setting a postcode (SPEC §4 "pending item"). */
export interface PendingCartItem {
  type: 'coal' | 'oil' | 'woodpellet' | 'other';
  productId: number;
  attributeId: number | null;
  quantity: number;
}

/**
 * Server-side carts, keyed by the uuid v4 in the visitor's httpOnly cookie. Lines hold only ids
 * and quantities: price, title and image always come from the catalogue when the cart is read.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey(),
    postcode: text('postcode'),
    pendingItem: jsonb('pending_item').$type<PendingCartItem>(),
    showPostcodeModal: boolean('show_postcode_modal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('carts_updated_idx').on(t.updatedAt)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id').references(() => productSizes.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_line_uq').on(t.cartId, t.productId, sql`coalesce(${t.sizeId}, 0)`),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Wholesale enquiries, committed before any e-mail is attempted. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    companyName: text('company_name').notNull(),
    telephone: text('telephone').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enquiries_created_idx').on(t.createdAt)],
);

export const mailStatus = pgEnum('mail_status', ['pending', 'sending', 'sent', 'failed']);

/**
 * The transactional outbox: a row is written in the same transaction as the thing it reports on,
 * and a worker sends it later with retries. At-least-once, recognisable by its Message-ID.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    messageId: text('message_id').notNull(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** What the mail is about, e.g. "enquiry". */
    topic: text('topic').notNull(),
    topicId: text('topic_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_outbox_message_id_uq').on(t.messageId),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * Sliding-window rate limits shared by every process (api/services/rateLimit): one row per limited
 * key ("enquiry:203.0.113.7"), holding the times of its accepted requests still in the window.
 */
export const rateLimits = pgTable(
  'rate_limit_log',
  {
    key: text('key').primaryKey(),
    /** Accepted requests, oldest first; never more than the limit. */
    hits: timestamp('hits', { withTimezone: true }).array().notNull(),
    /** When the newest accepted request leaves the window: the row can be pruned from then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Whether the last request was accepted (how the upsert reports its decision). */
    lastAllowed: boolean('last_allowed').notNull(),
  },
  (t) => [index('rate_limit_log_expires_idx').on(t.expiresAt)],
);

/**
 * @deprecated The fixed-window counters of releases before migration 0003, no longer used. Kept
 * so that processes of the previous release keep working during a rolling deploy; drop the table
 * in a later release.
 */
export const legacyRateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
