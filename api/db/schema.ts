import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
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
    /** The icon's name in the shop's icon set (coal categories); '' for none. */
    icon: text('icon').notNull().default(''),
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
    /** Litres of oil in one of this size (VAT: HMRC Notice 701/19's 2,300-litre limit). */
    litres: integer('litres'),
    /** Kilograms of solid fuel in one of this size (VAT: the 1-tonne limit). */
    kilograms: integer('kilograms'),
    ordering: integer('ordering').notNull().default(0),
    /** When staff last set this size's price (shown beside oil prices: "Price set 27 November"). */
    priceSetAt: timestamp('price_set_at', { withTimezone: true }).notNull().defaultNow(),
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
    /** When staff marked it handled (the back office); null while it is not. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
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

/**
 * Customer accounts (issue 16). `email` is stored lower-cased, so its unique index is
 * case-insensitive. A deleted account is anonymised in place (`deleted_at` set, personal fields
 * cleared, the e-mail replaced by an address that cannot receive mail), so its orders keep their
 * `customer_id`; the orders hold their own snapshot of the customer's details.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    town: text('town'),
    postcode: text('postcode'),
    /** argon2id, PHC string ($argon2id$v=19$m=19456,t=2,p=1$…); '!' for a deleted account. */
    passwordHash: text('password_hash').notNull(),
    /** 'customer', or 'staff' (the back office). */
    role: text('role').notNull().default('customer'),
    /**
     * When the owner of `email` proved it (followed a verification, password-reset or staff invite
     * link); null until then, and such an account cannot log in. Accounts from before migration
     * 0010 count as verified from their creation.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Server-side sessions. The browser's cookie holds 32 random bytes (base64url); only their
 * SHA-256 (hex) is stored here, so a leaked table does not give working cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** last_seen_at + SESSION_TTL_DAYS, capped at created_at + the absolute limit. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Password reset tokens: only the SHA-256 (hex) of the token in the e-mailed link; single use. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * E-mail verification links: only the SHA-256 (hex) of the token in the e-mailed link; single use,
 * expiring. `email` is the address the link proves: the account's own (`purpose` 'register'), or
 * the new address of an e-mail change ('change_email'), which becomes the account's only when the
 * link is followed.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** 'register' or 'change_email'. */
    purpose: text('purpose').notNull(),
    /**
     * 'register' links only: the argon2id hash of the password chosen in the registration that
     * made this link, and the name given with it. Confirming the link asks for that password, and
     * only then do the two become the account's: a password chosen by someone who never proved
     * the mailbox never becomes the account's password, whoever registered first or last.
     */
    passwordHash: text('password_hash'),
    fullName: text('full_name'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_verification_tokens_user_idx').on(t.userId),
    check('email_verification_tokens_purpose', sql`${t.purpose} in ('register', 'change_email')`),
  ],
);

/** Order statuses; they only move forward (api/domain/order.ts). */
export const orderStatus = pgEnum('order_status', [
  'pending_payment',
  'paid',
  'payment_failed',
  'cancelled',
  'expired',
  'needs_review',
  'out_for_delivery',
  'delivered',
  'refunded',
]);

/** Order numbers: FY-100001, FY-100002, … (gaps are fine: a rolled-back order uses one up). */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 100001 });

/**
 * Orders: a snapshot of a priced cart and the customer's details, made at checkout. Prices never
 * change after creation; only `status` (forward only) and the payment timestamps do.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    number: text('number')
      .notNull()
      .default(sql`('FY-' || nextval('order_number_seq'))`),
    status: orderStatus('status').notNull().default('pending_payment'),
    /** The cart it came from (no foreign key: the cart is emptied or swept later). */
    cartId: uuid('cart_id'),
    /** The signed-in customer (or the account it was claimed into); null for a guest. */
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    town: text('town').notNull(),
    postcode: text('postcode').notNull(),
    instructions: text('instructions'),
    /** Where the oil tank is (a `tankLocations` key, api/domain/checkout.ts); null if not said. */
    tankLocation: text('tank_location'),
    /** How the tanker reaches it (gate code, narrow lane, hose length); shown to the driver. */
    tankAccess: text('tank_access'),
    /** The customer declared domestic use (VAT at 5 % above the automatic limits). */
    domesticUse: boolean('domestic_use').notNull().default(false),
    subtotal: integer('subtotal').notNull(),
    deliveryCharge: integer('delivery_charge').notNull(),
    /** Priority (next-day) delivery's surcharge (catalogue pence, VAT at 5 % included); 0 for standard. */
    prioritySurcharge: integer('priority_surcharge').notNull().default(0),
    /** The extra VAT when a supply above the limits is charged at 20 % (0 otherwise). */
    vatAdjustment: integer('vat_adjustment').notNull().default(0),
    vatTotal: integer('vat_total').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').notNull().default('GBP'),
    /** SHA-256 (hex) of the guest's access token; the token itself is never stored. */
    accessTokenHash: text('access_token_hash').notNull(),
    /** The checkout request's Idempotency-Key, and a digest of what it asked for. */
    idempotencyKey: text('idempotency_key'),
    requestDigest: text('request_digest'),
    /** The payment provider (PAYMENT_PROVIDER when the order was made). */
    provider: text('provider').notNull(),
    /** The booked delivery day (Europe/London date); null for orders from before booking. */
    deliveryDay: date('delivery_day', { mode: 'string' }),
    /** When the customer's browser came back from the payment page (starts reconciliation). */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When staff marked it out for delivery, and delivered (the back office). */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Pence given back so far (succeeded or pending refunds); never more than `total`. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.number),
    uniqueIndex('orders_cart_idempotency_uq').on(t.cartId, t.idempotencyKey),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_customer_idx').on(t.customerId),
    check('orders_money_non_negative', sql`${t.subtotal} >= 0 and ${t.total} >= 0`),
    check(
      'orders_refunded_within_total',
      sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.total}`,
    ),
    index('orders_dispatched_idx').on(t.dispatchedAt),
  ],
);

/** One line of an order, as priced when the order was made. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The catalogue ids at the time (no foreign keys: products may be removed later). */
    productId: integer('product_id').notNull(),
    sizeId: integer('size_id'),
    type: productType('type').notNull(),
    title: text('title').notNull(),
    sizeTitle: text('size_title'),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
    /** VAT rate in basis points: 500 is 5 %, 2000 is 20 %. */
    vatRate: integer('vat_rate').notNull(),
    /** The VAT included in the line total, in pence. */
    vatAmount: integer('vat_amount').notNull(),
    ordering: integer('ordering').notNull().default(0),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/**
 * A payment attempt: one provider session for an order. `reference` is what the provider echoes
 * back (a transaction reference, a session id) so webhooks and queries find the order.
 */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    attempt: integer('attempt').notNull(),
    /** The provider's id for the session (the test provider's sessionId, Stripe's cs_…). */
    providerSessionId: text('provider_session_id').notNull(),
    reference: text('reference').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_sessions_order_attempt_uq').on(t.orderId, t.attempt),
    uniqueIndex('payment_sessions_provider_session_uq').on(t.provider, t.providerSessionId),
    uniqueIndex('payment_sessions_provider_reference_uq').on(t.provider, t.reference),
  ],
);

/**
 * Every verified provider event, once: the primary key de-duplicates replays. `outcome` records
 * what it did to the order (applied, ignored, needs_review).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    amount: integer('amount'),
    currency: text('currency'),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('payment_events_order_idx').on(t.orderId),
  ],
);

/**
 * The built-in test provider's own sessions (PAYMENT_PROVIDER=test). It plays an outside payment
 * provider, so it keeps its state apart from the shop's orders: the shop learns outcomes only
 * from its signed webhooks or by asking it (`retrieve`).
 */
export const testPaymentSessions = pgTable(
  'test_payment_sessions',
  {
    id: text('id').primaryKey(),
    reference: text('reference').notNull(),
    orderId: uuid('order_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** open, succeeded, failed, cancelled, expired */
    status: text('status').notNull().default('open'),
    /** The id of the event that settled it (the same id for its webhook and for `retrieve`). */
    eventId: text('event_id'),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_payment_sessions_reference_uq').on(t.reference)],
);

/** The test provider's refunds, keyed by the shop's idempotency key (one refund per key). */
export const testPaymentRefunds = pgTable('test_payment_refunds', {
  id: text('id').primaryKey(),
  sessionId: text('session_id').notNull(),
  amount: integer('amount').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Refunds made in the back office. A row is written `pending` (reserving its amount) before the
 * provider is asked, then becomes `succeeded` (or `failed`, which frees the amount again).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull().default(''),
    /** pending, succeeded, failed */
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    /** The staff member's Idempotency-Key for the request: a repeat answers the same refund. */
    requestKey: text('request_key').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_order_request_key_uq').on(t.orderId, t.requestKey),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Staff's internal notes on an order (never shown to the customer). */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId)],
);

/**
 * The back office's audit log: every write by staff, with who, when, what and the entity's state
 * before and after (null before a create, null after a delete). Written in the write's transaction.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member's e-mail at the time (kept when the account goes). */
    actorEmail: text('actor_email').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** create, update, delete, status, refund, note, resend, … */
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/**
 * How a delivery zone books its days (api/domain/deliveryCalendar.ts). A zone without a row uses
 * the built-in defaults (`defaultDeliveryCalendar`). Capacity is litres for the oil zone and drops
 * (orders) for the others.
 */
export const deliveryCalendars = pgTable(
  'delivery_calendars',
  {
    zoneId: integer('zone_id')
      .primaryKey()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    /** The weekdays the lorries run: mon … sun. */
    weekdays: text('weekdays').array().notNull(),
    /** Next-day cut-off, HH:MM on the Europe/London clock. */
    cutoff: text('cutoff').notNull(),
    leadDays: integer('lead_days').notNull(),
    horizonDays: integer('horizon_days').notNull(),
    /** What a new day holds: litres (oil) or drops. */
    dailyCapacity: integer('daily_capacity').notNull(),
    closedOnBankHolidays: boolean('closed_on_bank_holidays').notNull().default(true),
    /** Priority (next-day) delivery's surcharge in pence (VAT at 5 % included). */
    prioritySurcharge: integer('priority_surcharge').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'delivery_calendars_capacity',
      sql`${t.dailyCapacity} >= 0 and ${t.prioritySurcharge} >= 0`,
    ),
    check(
      'delivery_calendars_days',
      sql`${t.leadDays} between 1 and 366 and ${t.horizonDays} between 1 and 366`,
    ),
  ],
);

/**
 * One zone's room on one day, made when the day is first booked or changed. `booked` is the sum
 * of the day's bookings and never exceeds `capacity` (the check holds it even against a bug).
 */
export const deliveryDays = pgTable(
  'delivery_days',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
    /** Closed by staff (snow, a lorry off the road): nothing more is booked. */
    closed: boolean('closed').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.day] }),
    check(
      'delivery_days_room',
      sql`${t.booked} >= 0 and ${t.capacity} >= 0 and ${t.booked} <= ${t.capacity}`,
    ),
  ],
);

/**
 * The room an order takes on its day, per zone it needs (an order of oil and coal takes both).
 * Held from the order's creation (`released_at` null) until it is cancelled, expires, its payment
 * fails or it is refunded in full (`released_at` set, the room given back to the day); a paid
 * order keeps it. A released booking keeps its amount, so paying late can book again.
 */
export const deliveryBookings = pgTable(
  'delivery_bookings',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Litres (oil) or 1 drop. */
    amount: integer('amount').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.zoneId] }),
    foreignKey({
      columns: [t.zoneId, t.day],
      foreignColumns: [deliveryDays.zoneId, deliveryDays.day],
      name: 'delivery_bookings_day_fk',
    }),
    index('delivery_bookings_day_idx').on(t.zoneId, t.day),
    check('delivery_bookings_amount', sql`${t.amount} > 0`),
  ],
);
