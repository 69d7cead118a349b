import { isAbsolute, resolve } from 'node:path';
import * as yup from 'yup';
import { isWellFormedEmail } from './domain/enquiry';
import { site } from './domain/site';
import { projectRoot } from './paths';

/** The payment providers PAYMENT_PROVIDER may name. */
export const paymentProviders = ['test', 'worldpay', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];
const paymentProviderLabels: Record<PaymentProviderName, string | null> = {
  test: null,
  worldpay: 'Worldpay',
  stripe: 'Stripe',
};

/** The provider's name as customers know it (the footer's payment logo); null for `test`. */
export function paymentProviderLabel(name: string): string | null {
  return Object.hasOwn(paymentProviderLabels, name)
    ? paymentProviderLabels[name as PaymentProviderName]
    : null;
}

/** A setting PAYMENT_PROVIDER=`provider` cannot do without: the server refuses to start. */
function requiredFor(provider: PaymentProviderName, name: string) {
  return yup
    .string()
    .trim()
    .when('PAYMENT_PROVIDER', {
      is: (chosen: unknown) =>
        String(chosen ?? '')
          .trim()
          .toLowerCase() === provider,
      then: (field) => field.required(`${name} is required when PAYMENT_PROVIDER=${provider}`),
      otherwise: (field) => field.optional(),
    });
}

const worldpayRequired = (name: string) => requiredFor('worldpay', name);

/**
 * Every environment variable Fuelyard reads, validated once at start-up. A bad value stops the
 * process with a message that names the variable. The README's configuration table mirrors this.
 */
const schema = yup.object({
  NODE_ENV: yup.string().oneOf(['development', 'production', 'test']).default('production'),
  HOST: yup.string().trim().default('0.0.0.0'),
  PORT: yup.number().integer().min(0).max(65535).default(3000),
  DATABASE_URL: yup
    .string()
    .trim()
    .matches(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  // Migrations hold one connection for their advisory lock and run on another: at least 2.
  DATABASE_POOL_SIZE: yup
    .number()
    .integer()
    .min(
      2,
      'DATABASE_POOL_SIZE must be at least 2 (at start-up the migrations hold one connection for their lock and run on another)',
    )
    .max(200)
    .default(10),
  // Every PostgreSQL connection gets these limits (see api/db/client.ts); PGlite ignores them.
  // The client-side query timeout catches a link that stops answering altogether, so it must be
  // longer than the server's own statement timeout (which answers with an error first).
  DATABASE_STATEMENT_TIMEOUT_MS: yup.number().integer().min(100).max(600_000).default(5_000),
  DATABASE_LOCK_TIMEOUT_MS: yup.number().integer().min(100).max(600_000).default(2_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: yup
    .number()
    .integer()
    .min(100)
    .max(3_600_000)
    .default(10_000),
  DATABASE_QUERY_TIMEOUT_MS: yup
    .number()
    .integer()
    .min(100)
    .max(600_000)
    .optional()
    .test(
      'longer-than-statement',
      'DATABASE_QUERY_TIMEOUT_MS must be longer than DATABASE_STATEMENT_TIMEOUT_MS',
      (value, context) => {
        const statement = (context.parent as { DATABASE_STATEMENT_TIMEOUT_MS?: unknown })
          .DATABASE_STATEMENT_TIMEOUT_MS;
        return (
          value === undefined ||
          typeof statement !== 'number' ||
          !Number.isFinite(statement) ||
          value > statement
        );
      },
    ),
  DATABASE_CONNECT_TIMEOUT_MS: yup.number().integer().min(100).max(600_000).default(5_000),
  // GET /api/health gives up on the database after this and answers 503.
  HEALTH_TIMEOUT_MS: yup.number().integer().min(50).max(60_000).default(1_000),
  DATA_DIR: yup.string().trim().default('data'),
  LOG_LEVEL: yup
    .string()
    .oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info'),
  SEED_DEMO_CATALOGUE: yup.boolean().default(true),
  UPLOADS_BASE_URL: yup
    .string()
    .trim()
    .url('UPLOADS_BASE_URL must be an absolute URL')
    .default('https://storage.googleapis.com/fuelyard-uploads/'),
  // The site's public origin. Every link that leaves a request (e-mails, the staff invite) is built
  // from it, never from a Host header, so production cannot start without it.
  PUBLIC_URL: yup
    .string()
    .trim()
    .test('public-url', (value, context) => {
      if (value === undefined) return true;
      const problem = publicUrlProblem(value);
      return problem === null ? true : context.createError({ message: problem });
    })
    .when('NODE_ENV', {
      is: (env: unknown) => env === undefined || env === 'production',
      then: (field) =>
        field.required(
          "PUBLIC_URL is required in production: the site's public origin, e.g. https://shop.example.co.uk (links in e-mails are built from it, never from a request's Host header)",
        ),
      otherwise: (field) => field.optional(),
    }),
  // The whole graceful stop, drain included: after this the process exits anyway (code 1).
  SHUTDOWN_TIMEOUT_MS: yup.number().integer().min(0).max(120_000).default(10_000),
  // How long the server keeps accepting and answering after SIGTERM/SIGINT, with readiness at 503,
  // before it closes the listener. Part of SHUTDOWN_TIMEOUT_MS, so it must be shorter; the rest is
  // what the requests still in flight then get. The default depends on NODE_ENV (loadConfig).
  SHUTDOWN_DRAIN_MS: yup
    .number()
    .integer()
    .min(0)
    .max(120_000)
    .optional()
    .test(
      'shorter-than-shutdown',
      'SHUTDOWN_DRAIN_MS must be shorter than SHUTDOWN_TIMEOUT_MS, which includes the drain',
      (value, context) => {
        const timeout = (context.parent as { SHUTDOWN_TIMEOUT_MS?: unknown }).SHUTDOWN_TIMEOUT_MS;
        return (
          value === undefined ||
          value === 0 ||
          typeof timeout !== 'number' ||
          !Number.isFinite(timeout) ||
          value < timeout
        );
      },
    ),
  // Slow clients: how long a request's headers, and the whole request, may take to arrive, and how
  // long an idle keep-alive connection stays open. Headers must not be allowed longer than the
  // whole request (Node refuses that too).
  HTTP_HEADERS_TIMEOUT_MS: yup.number().integer().min(100).max(600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: yup
    .number()
    .integer()
    .min(100)
    .max(3_600_000)
    .default(30_000)
    .test(
      'not-shorter-than-headers',
      'HTTP_REQUEST_TIMEOUT_MS must be at least HTTP_HEADERS_TIMEOUT_MS',
      (value, context) => {
        const headers = (context.parent as { HTTP_HEADERS_TIMEOUT_MS?: unknown })
          .HTTP_HEADERS_TIMEOUT_MS;
        return typeof headers !== 'number' || !Number.isFinite(headers) || value >= headers;
      },
    ),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: yup.number().integer().min(100).max(600_000).default(5_000),
  ANALYTICS_SCRIPT_URL: yup
    .string()
    .trim()
    .url('ANALYTICS_SCRIPT_URL must be an absolute URL')
    .optional(),
  ANALYTICS_DOMAIN: yup.string().trim().optional(),
  TRUST_PROXY: yup.boolean().default(false),
  SMTP_URL: yup
    .string()
    .trim()
    .matches(/^smtps?:\/\/[^/\s]/, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: yup
    .string()
    .trim()
    .test('mailbox', 'MAIL_FROM must be an address or "Name <address>"', (value) =>
      value === undefined ? true : parseMailbox(value) !== null,
    )
    .default(`${site.companyName} <no-reply@fuelyard.co.uk>`),
  MAIL_TO: yup
    .string()
    .trim()
    .test('addresses', 'MAIL_TO must be one or more e-mail addresses, comma-separated', (value) =>
      value === undefined ? true : splitAddresses(value) !== null,
    )
    .default(site.email),
  MAIL_POLL_INTERVAL_MS: yup.number().integer().min(100).max(3_600_000).default(5_000),
  MAIL_RETRY_BASE_MS: yup.number().integer().min(1).max(3_600_000).default(5_000),
  MAIL_RETRY_MAX_MS: yup.number().integer().min(1).max(86_400_000).default(3_600_000),
  MAIL_MAX_ATTEMPTS: yup.number().integer().min(1).max(1000).default(30),
  MAIL_LEASE_MS: yup.number().integer().min(10_000).max(3_600_000).default(120_000),
  ENQUIRY_RATE_LIMIT: yup.number().integer().min(1).max(100_000).default(5),
  ENQUIRY_RATE_WINDOW_SECONDS: yup.number().integer().min(1).max(86_400).default(600),
  // New orders (POST /api/checkout) accepted per client address and per cart in any sliding
  // window; a replay of an Idempotency-Key is not a new order and is not counted, nor is an
  // attempt refused before it made an order (the cart's own limit included).
  CHECKOUT_RATE_LIMIT: yup.number().integer().min(1).max(100_000).default(10),
  CHECKOUT_CART_RATE_LIMIT: yup.number().integer().min(1).max(100_000).default(5),
  CHECKOUT_RATE_WINDOW_SECONDS: yup.number().integer().min(1).max(86_400).default(600),
  // Above this much oil (litres) or solid fuel (kilograms) in one order, the domestic-use
  // declaration (5 % VAT above HMRC's automatic limits) is not taken online: call the office.
  DOMESTIC_USE_MAX_LITRES: yup.number().integer().min(2300).max(1_000_000).default(5000),
  DOMESTIC_USE_MAX_KILOGRAMS: yup.number().integer().min(1000).max(1_000_000).default(6000),
  // Customer accounts (issue 16): a session lasts this long after its last use (sliding).
  SESSION_TTL_DAYS: yup.number().integer().min(1).max(365).default(30),
  // Login attempts accepted per account and per client address in any sliding window.
  LOGIN_RATE_LIMIT: yup.number().integer().min(1).max(100_000).default(10),
  LOGIN_RATE_WINDOW_SECONDS: yup.number().integer().min(1).max(86_400).default(900),
  COOKIE_SECURE: yup
    .string()
    .trim()
    .lowercase()
    .oneOf(['auto', 'true', 'false'], 'COOKIE_SECURE must be auto, true or false')
    .default('auto'),
  // Payments (docs/payments.md): the built-in test provider (the default), Worldpay or Stripe.
  PAYMENT_PROVIDER: yup
    .string()
    .trim()
    .lowercase()
    .oneOf([...paymentProviders], `PAYMENT_PROVIDER must be one of: ${paymentProviders.join(', ')}`)
    .default('test'),
  // Unset: a random secret is made once and kept in the database, shared by every process.
  PAYMENT_TEST_WEBHOOK_SECRET: yup
    .string()
    .trim()
    .min(16, 'PAYMENT_TEST_WEBHOOK_SECRET must be at least 16 characters')
    .max(200, 'PAYMENT_TEST_WEBHOOK_SECRET must be at most 200 characters')
    .optional(),
  PAYMENT_SESSION_TTL_MINUTES: yup.number().integer().min(5).max(1440).default(60),
  // Access Worldpay (PAYMENT_PROVIDER=worldpay): the API, its Basic-auth credentials, the
  // merchant entity and the webhook secrets. All but the URL and key id are required then.
  WORLDPAY_API_URL: yup
    .string()
    .trim()
    .matches(/^https?:\/\/[^\s]+$/, 'WORLDPAY_API_URL must be an http(s) URL')
    .default('https://try.access.worldpay.com'),
  WORLDPAY_USERNAME: worldpayRequired('WORLDPAY_USERNAME').max(200),
  WORLDPAY_PASSWORD: worldpayRequired('WORLDPAY_PASSWORD').max(500),
  WORLDPAY_ENTITY: worldpayRequired('WORLDPAY_ENTITY').matches(
    /^[A-Za-z0-9][A-Za-z0-9 ]{0,31}$/,
    'WORLDPAY_ENTITY must be letters, digits and spaces, at most 32 (for example POxxxxxxxxx or default)',
  ),
  WORLDPAY_WEBHOOK_SECRET: worldpayRequired('WORLDPAY_WEBHOOK_SECRET')
    .min(16, 'WORLDPAY_WEBHOOK_SECRET must be at least 16 characters')
    .max(500),
  WORLDPAY_WEBHOOK_KEY_ID: yup
    .string()
    .trim()
    .matches(/^[A-Za-z0-9_-]{1,64}$/, 'WORLDPAY_WEBHOOK_KEY_ID must be letters, digits, - or _')
    .default('1'),
  WORLDPAY_WEBHOOK_SECRET_PREVIOUS: yup
    .string()
    .trim()
    .min(16, 'WORLDPAY_WEBHOOK_SECRET_PREVIOUS must be at least 16 characters')
    .max(500)
    .optional(),
  // Stripe Checkout (PAYMENT_PROVIDER=stripe): the secret API key and the webhook endpoint's
  // signing secret are required then; STRIPE_API_URL points the SDK elsewhere (stripe-mock, tests).
  STRIPE_SECRET_KEY: requiredFor('stripe', 'STRIPE_SECRET_KEY').matches(
    /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,250}$/,
    'STRIPE_SECRET_KEY must be a secret or restricted key (sk_test_…, sk_live_…, rk_…)',
  ),
  STRIPE_WEBHOOK_SECRET: requiredFor('stripe', 'STRIPE_WEBHOOK_SECRET').matches(
    /^whsec_[A-Za-z0-9+/=_-]{8,250}$/,
    "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_…)",
  ),
  STRIPE_API_URL: yup
    .string()
    .trim()
    .matches(/^https?:\/\/[^\s/]+\/?$/, 'STRIPE_API_URL must be an http(s) URL with no path')
    .optional(),
  // Who receives the new-order notice; unset, MAIL_TO.
  ORDERS_MAIL_TO: yup
    .string()
    .trim()
    .test(
      'addresses',
      'ORDERS_MAIL_TO must be one or more e-mail addresses, comma-separated',
      (value) => (value === undefined ? true : splitAddresses(value) !== null),
    )
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Limits on every PostgreSQL connection, in milliseconds. */
  databaseTimeouts: DatabaseTimeouts;
  /** How long GET /api/health waits for the database before answering 503. */
  healthTimeoutMs: number;
  dataDir: string;
  pgliteDir: string;
  logLevel: string;
  seedDemoCatalogue: boolean;
  uploadsBaseUrl: string;
  /** PUBLIC_URL as configured (always set in production). */
  publicUrl: string | undefined;
  /**
   * The origin of every absolute link sent outside a request's own answer (e-mails, the staff
   * invite, the test provider's webhook target): PUBLIC_URL's origin, or `http://localhost:PORT`
   * where PUBLIC_URL may be unset (development, tests). Never a request header.
   */
  linkOrigin: string;
  /** The whole graceful stop (drain included); the process exits with code 1 after it. */
  shutdownTimeoutMs: number;
  /**
   * After SIGTERM/SIGINT: how long readiness answers 503 while the server still accepts and
   * answers, before the listener closes. Shorter than `shutdownTimeoutMs`.
   */
  shutdownDrainMs: number;
  /** Slow clients are cut off after these (see api/httpServer.ts). */
  http: HttpTimeouts;
  /** Optional analytics (script URL and site domain); loaded in the browser only after consent. */
  analytics: { scriptUrl: string; domain: string } | null;
  /** Behind a reverse proxy: the client address is the left-most X-Forwarded-For entry. */
  trustProxy: boolean;
  mail: MailConfig;
  /** Fixed-window per-IP limit on POST /api/enquiries. */
  enquiryRateLimit: { limit: number; windowSeconds: number };
  /** Checkout: new orders per client address and per cart, per sliding window. */
  checkoutRateLimit: { perAddress: number; perCart: number; windowSeconds: number };
  /** The most oil / solid fuel one order may declare for domestic use online. */
  domesticUseMax: { litres: number; kilograms: number };
  /** Customer accounts: session lifetime and the login rate limit. */
  auth: AuthConfig;
  /**
   * The Secure flag of the cart cookie. 'auto': set in production when the request is HTTPS
   * (with TRUST_PROXY, as the proxy's X-Forwarded-Proto says); true: always; false: never.
   */
  cookieSecure: 'auto' | boolean;
  payments: PaymentsConfig;
}

/** Customer accounts (api/services/auth). */
export interface AuthConfig {
  /** SESSION_TTL_DAYS: a session expires this many days after its last use. */
  sessionTtlDays: number;
  /** LOGIN_RATE_LIMIT per LOGIN_RATE_WINDOW_SECONDS, per account and per client address. */
  loginRateLimit: { limit: number; windowSeconds: number };
}

/** Payments: which provider, its secrets, how long a payment may take, who hears of orders. */
export interface PaymentsConfig {
  provider: PaymentProviderName;
  /** The test provider's webhook secret; undefined: made once and kept in app_meta. */
  testWebhookSecret: string | undefined;
  /** A payment session's life; an order still unpaid after it is reconciled, then expired. */
  sessionTtlMinutes: number;
  /** The new-order notice goes here (ORDERS_MAIL_TO, else MAIL_TO). */
  ordersMailTo: string[];
  /** Access Worldpay's settings; null unless PAYMENT_PROVIDER=worldpay. */
  worldpay: WorldpayConfig | null;
  /** Stripe's settings; null unless PAYMENT_PROVIDER=stripe. */
  stripe: StripeConfig | null;
}

/** PAYMENT_PROVIDER=stripe: Stripe Checkout (docs/payments.md). */
export interface StripeConfig {
  /** STRIPE_SECRET_KEY: sk_test_… or sk_live_… (or a restricted rk_ key). */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: whsec_…, the signing secret of the shop's webhook endpoint. */
  webhookSecret: string;
  /** STRIPE_API_URL: another base URL for the API; undefined for Stripe's own. */
  apiUrl: string | undefined;
}

/** PAYMENT_PROVIDER=worldpay: Access Worldpay Hosted Payment Pages (docs/payments.md). */
export interface WorldpayConfig {
  /** WORLDPAY_API_URL, without a trailing slash. */
  apiUrl: string;
  username: string;
  password: string;
  /** merchant.entity of every payment. */
  entity: string;
  /** Webhook secrets: the current one under its key id, and the previous one while rotating. */
  webhook: { keyId: string; secret: string; previousSecret: string | undefined };
}

/** Limits on database work, in milliseconds (PostgreSQL only). */
export interface DatabaseTimeouts {
  /** statement_timeout: the server cancels a statement that runs longer. */
  statementMs: number;
  /** lock_timeout: the server gives up waiting for a row or table lock. */
  lockMs: number;
  /** idle_in_transaction_session_timeout: the server ends a session idle inside a transaction. */
  idleInTransactionMs: number;
  /** Client side: a query with no answer at all (a frozen link) is abandoned after this. */
  queryMs: number;
  /** Client side: opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
}

/** The HTTP server's limits on slow clients, in milliseconds. */
export interface HttpTimeouts {
  /** The request line and all headers must have arrived within this (slow-header clients). */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived within this (trickled bodies). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
}

/** Outgoing mail: the outbox worker and where it delivers. */
export interface MailConfig {
  /** smtp:// or smtps:// with credentials; unset, messages are written to `dir` as .eml files. */
  smtpUrl: string | undefined;
  /** The From header, e.g. `Fuelyard <no-reply@fuelyard.co.uk>`. */
  from: string;
  /** Who receives enquiries. */
  to: string[];
  /** DATA_DIR/mail: where .eml files go when there is no SMTP_URL. */
  dir: string;
  pollIntervalMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  /** How long a claimed message is reserved before another worker may take it over. */
  leaseMs: number;
}

/** `address` or `Display Name <address>`; null when it is neither. */
export function parseMailbox(value: string): { name: string; address: string } | null {
  const named = /^(.*?)\s*<([^<>\s]+)>$/.exec(value.trim());
  const name = named ? (named[1] ?? '').trim() : '';
  const address = named ? (named[2] ?? '') : value.trim();
  return isWellFormedEmail(address) ? { name, address } : null;
}

/** "a@x.com, b@y.com" -> ['a@x.com', 'b@y.com']; null when any entry is not an address. */
function splitAddresses(value: string): string[] | null {
  const addresses = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return addresses.length > 0 && addresses.every(isWellFormedEmail) ? addresses : null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment. Empty strings count as "not set". */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.fields)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  let parsed: yup.InferType<typeof schema>;
  try {
    parsed = schema.validateSync(input, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof yup.ValidationError) {
      throw new ConfigError(
        error.inner.length > 0
          ? error.inner.map((e) => `${e.path ?? '?'}: ${friendly(e)}`)
          : [error.message],
      );
    }
    throw error;
  }
  const dataDir = isAbsolute(parsed.DATA_DIR)
    ? parsed.DATA_DIR
    : resolve(projectRoot, parsed.DATA_DIR);
  return {
    env: parsed.NODE_ENV as Config['env'],
    host: parsed.HOST,
    port: parsed.PORT,
    databaseUrl: parsed.DATABASE_URL,
    databasePoolSize: parsed.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      statementMs: parsed.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: parsed.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: parsed.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      // By default a second more than the server's limit, so the server's answer comes first.
      queryMs: parsed.DATABASE_QUERY_TIMEOUT_MS ?? parsed.DATABASE_STATEMENT_TIMEOUT_MS + 1_000,
      connectMs: parsed.DATABASE_CONNECT_TIMEOUT_MS,
    },
    healthTimeoutMs: parsed.HEALTH_TIMEOUT_MS,
    dataDir,
    pgliteDir: resolve(dataDir, 'pg'),
    logLevel: parsed.LOG_LEVEL,
    seedDemoCatalogue: parsed.SEED_DEMO_CATALOGUE,
    uploadsBaseUrl: parsed.UPLOADS_BASE_URL,
    publicUrl: parsed.PUBLIC_URL,
    linkOrigin: parsed.PUBLIC_URL
      ? new URL(parsed.PUBLIC_URL).origin
      : `http://localhost:${parsed.PORT}`,
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs:
      parsed.SHUTDOWN_DRAIN_MS ?? defaultDrainMs(parsed.NODE_ENV, parsed.SHUTDOWN_TIMEOUT_MS),
    http: {
      headersTimeoutMs: parsed.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: parsed.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: parsed.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    analytics: parsed.ANALYTICS_SCRIPT_URL
      ? {
          scriptUrl: parsed.ANALYTICS_SCRIPT_URL,
          domain:
            parsed.ANALYTICS_DOMAIN ?? new URL(parsed.PUBLIC_URL ?? 'http://localhost').hostname,
        }
      : null,
    trustProxy: parsed.TRUST_PROXY,
    mail: {
      smtpUrl: parsed.SMTP_URL,
      from: parsed.MAIL_FROM,
      to: splitAddresses(parsed.MAIL_TO) ?? [site.email],
      dir: resolve(dataDir, 'mail'),
      pollIntervalMs: parsed.MAIL_POLL_INTERVAL_MS,
      retryBaseMs: parsed.MAIL_RETRY_BASE_MS,
      retryMaxMs: Math.max(parsed.MAIL_RETRY_MAX_MS, parsed.MAIL_RETRY_BASE_MS),
      maxAttempts: parsed.MAIL_MAX_ATTEMPTS,
      leaseMs: parsed.MAIL_LEASE_MS,
    },
    enquiryRateLimit: {
      limit: parsed.ENQUIRY_RATE_LIMIT,
      windowSeconds: parsed.ENQUIRY_RATE_WINDOW_SECONDS,
    },
    checkoutRateLimit: {
      perAddress: parsed.CHECKOUT_RATE_LIMIT,
      perCart: parsed.CHECKOUT_CART_RATE_LIMIT,
      windowSeconds: parsed.CHECKOUT_RATE_WINDOW_SECONDS,
    },
    domesticUseMax: {
      litres: parsed.DOMESTIC_USE_MAX_LITRES,
      kilograms: parsed.DOMESTIC_USE_MAX_KILOGRAMS,
    },
    auth: {
      sessionTtlDays: parsed.SESSION_TTL_DAYS,
      loginRateLimit: {
        limit: parsed.LOGIN_RATE_LIMIT,
        windowSeconds: parsed.LOGIN_RATE_WINDOW_SECONDS,
      },
    },
    cookieSecure: parsed.COOKIE_SECURE === 'auto' ? 'auto' : parsed.COOKIE_SECURE === 'true',
    payments: {
      provider: parsed.PAYMENT_PROVIDER as PaymentProviderName,
      testWebhookSecret: parsed.PAYMENT_TEST_WEBHOOK_SECRET,
      sessionTtlMinutes: parsed.PAYMENT_SESSION_TTL_MINUTES,
      ordersMailTo: splitAddresses(parsed.ORDERS_MAIL_TO ?? parsed.MAIL_TO) ??
        splitAddresses(parsed.MAIL_TO) ?? [site.email],
      worldpay:
        parsed.PAYMENT_PROVIDER === 'worldpay'
          ? {
              apiUrl: parsed.WORLDPAY_API_URL.replace(/\/+$/, ''),
              username: parsed.WORLDPAY_USERNAME ?? '',
              password: parsed.WORLDPAY_PASSWORD ?? '',
              entity: parsed.WORLDPAY_ENTITY ?? '',
              webhook: {
                keyId: parsed.WORLDPAY_WEBHOOK_KEY_ID,
                secret: parsed.WORLDPAY_WEBHOOK_SECRET ?? '',
                previousSecret: parsed.WORLDPAY_WEBHOOK_SECRET_PREVIOUS,
              },
            }
          : null,
      stripe:
        parsed.PAYMENT_PROVIDER === 'stripe'
          ? {
              secretKey: parsed.STRIPE_SECRET_KEY ?? '',
              webhookSecret: parsed.STRIPE_WEBHOOK_SECRET ?? '',
              apiUrl: parsed.STRIPE_API_URL,
            }
          : null,
    },
  };
}

/**
 * Production: 5 s, long enough for a load balancer polling readiness every second or two to see
 * the 503 and move the traffic (and for connections already queued to be answered), but never
 * more than half of SHUTDOWN_TIMEOUT_MS, so that a shorter timeout alone is still valid and leaves
 * time for the requests in flight. Development and test: 0, Ctrl-C stops at once.
 */
function defaultDrainMs(env: string, shutdownTimeoutMs: number): number {
  return env === 'production' ? Math.min(5_000, Math.floor(shutdownTimeoutMs / 2)) : 0;
}

/**
 * Why `value` cannot be PUBLIC_URL (null when it can): an absolute http(s) URL with a host (a name
 * such as `localhost`, or an address), no user name or password, and no query or fragment; a path
 * is ignored, only the origin is used.
 */
export function publicUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'PUBLIC_URL must be an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return 'PUBLIC_URL must start with http:// or https://';
  }
  if (url.hostname === '') return 'PUBLIC_URL must name a host';
  if (url.username !== '' || url.password !== '') {
    return 'PUBLIC_URL must not contain a user name or password';
  }
  if (url.search !== '' || url.hash !== '') {
    return 'PUBLIC_URL must not have a query or fragment';
  }
  return null;
}

function friendly(error: yup.ValidationError): string {
  if (error.type === 'typeError') {
    // The value as it was written (PORT=abc), not as yup cast it (NaN).
    const written = error.params?.originalValue ?? error.value;
    return `expected a ${String(error.params?.type ?? 'different')} value, got "${String(written)}"`;
  }
  return error.message;
}
