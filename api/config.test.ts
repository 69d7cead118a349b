import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** Production (the default NODE_ENV) needs PUBLIC_URL: these tests are about the other variables. */
const load = (env: NodeJS.ProcessEnv = {}) =>
  loadConfig({ PUBLIC_URL: 'http://localhost:3000', ...env });

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = load({});
    expect(config.port).toBe(3000);
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toMatch(/data\/pg$/);
    expect(config.seedDemoCatalogue).toBe(true);
  });

  it('reads PORT and DATABASE_URL', () => {
    const config = load({
      PORT: '8080',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('takes only an http or https PUBLIC_URL', () => {
    expect(load({ PUBLIC_URL: 'https://shop.example' }).publicUrl).toBe('https://shop.example');
    expect(() => load({ PUBLIC_URL: 'ftp://shop.example' })).toThrow(
      'PUBLIC_URL must start with http:// or https://',
    );
    expect(() => load({ PUBLIC_URL: 'shop.example' })).toThrow(
      'PUBLIC_URL must be an absolute URL',
    );
    expect(() => load({ PUBLIC_URL: 'https://staff:pw@shop.example' })).toThrow(
      'PUBLIC_URL must not contain a user name or password',
    );
    expect(() => load({ PUBLIC_URL: 'https://shop.example/?next=1' })).toThrow(
      'PUBLIC_URL must not have a query or fragment',
    );
  });

  it('accepts localhost and addresses as PUBLIC_URL, with a port', () => {
    expect(load({ PUBLIC_URL: 'http://localhost:3124' }).linkOrigin).toBe('http://localhost:3124');
    expect(load({ PUBLIC_URL: 'http://127.0.0.1:3124' }).linkOrigin).toBe('http://127.0.0.1:3124');
    expect(load({ PUBLIC_URL: 'http://[::1]:3124' }).linkOrigin).toBe('http://[::1]:3124');
    // Only the origin makes links: a path or a trailing slash is dropped.
    expect(load({ PUBLIC_URL: 'https://Shop.Example/shop/' }).linkOrigin).toBe(
      'https://shop.example',
    );
  });

  it('refuses to start production without PUBLIC_URL, naming it', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: ' ' })).toThrow(
      'PUBLIC_URL: PUBLIC_URL is required in production',
    );
  });

  it('builds links from localhost:PORT where PUBLIC_URL may be unset (development, tests)', () => {
    expect(loadConfig({ NODE_ENV: 'development', PORT: '8080' }).linkOrigin).toBe(
      'http://localhost:8080',
    );
    expect(loadConfig({ NODE_ENV: 'test' }).linkOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'test' }).publicUrl).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(load({ PORT: '', DATABASE_URL: ' ' }).port).toBe(3000);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      load({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(problems).toContain('LOG_LEVEL');
  });

  it('echoes a value that is not a number as it was written', () => {
    expect(() => load({ PORT: 'abc' })).toThrow('PORT: expected a number value, got "abc"');
  });

  it('reads the slow-client timeouts, with defaults of 10 s, 30 s and 5 s', () => {
    expect(load({}).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
    });
    expect(
      load({
        HTTP_HEADERS_TIMEOUT_MS: '2000',
        HTTP_REQUEST_TIMEOUT_MS: '2000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      }).http,
    ).toEqual({ headersTimeoutMs: 2_000, requestTimeoutMs: 2_000, keepAliveTimeoutMs: 65_000 });
  });

  it('refuses slow-client timeouts that are not sensible', () => {
    // Headers are part of the request: they cannot be allowed longer than the whole of it.
    expect(() => load({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      'HTTP_REQUEST_TIMEOUT_MS must be at least HTTP_HEADERS_TIMEOUT_MS',
    );
    expect(() => load({ HTTP_REQUEST_TIMEOUT_MS: '5000' })).toThrow(
      'HTTP_REQUEST_TIMEOUT_MS must be at least HTTP_HEADERS_TIMEOUT_MS',
    );
    // 0 would mean "no limit" to Node.
    for (const name of [
      'HTTP_HEADERS_TIMEOUT_MS',
      'HTTP_REQUEST_TIMEOUT_MS',
      'HTTP_KEEP_ALIVE_TIMEOUT_MS',
    ]) {
      expect(() => load({ [name]: '0' }), name).toThrow(name);
      expect(() => load({ [name]: 'soon' }), name).toThrow(`${name}: expected a number`);
    }
    // A bad headers value is reported once, not again as a comparison.
    let error: unknown;
    try {
      load({ HTTP_HEADERS_TIMEOUT_MS: 'x' });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual([
      'HTTP_HEADERS_TIMEOUT_MS: expected a number value, got "x"',
    ]);
  });

  it('refuses an out-of-range port', () => {
    expect(() => load({ PORT: '70000' })).toThrow(ConfigError);
  });

  it('needs a pool of at least 2 (migrations hold one connection for their lock)', () => {
    expect(() => load({ DATABASE_POOL_SIZE: '1' })).toThrow(
      'DATABASE_POOL_SIZE must be at least 2 (at start-up the migrations hold one connection for their lock and run on another)',
    );
    expect(load({ DATABASE_POOL_SIZE: '2' }).databasePoolSize).toBe(2);
  });

  it('reads the database and health timeouts, with working defaults', () => {
    const defaults = load({});
    expect(defaults.databaseTimeouts).toEqual({
      statementMs: 5_000,
      lockMs: 2_000,
      idleInTransactionMs: 10_000,
      queryMs: 6_000,
      connectMs: 5_000,
    });
    expect(defaults.healthTimeoutMs).toBe(1_000);
    const set = load({
      DATABASE_STATEMENT_TIMEOUT_MS: '3000',
      DATABASE_LOCK_TIMEOUT_MS: '500',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '20000',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      HEALTH_TIMEOUT_MS: '300',
    });
    expect(set.databaseTimeouts).toEqual({
      statementMs: 3_000,
      lockMs: 500,
      idleInTransactionMs: 20_000,
      // Unset: a second above the statement timeout.
      queryMs: 4_000,
      connectMs: 2_000,
    });
    expect(set.healthTimeoutMs).toBe(300);
    expect(load({ DATABASE_QUERY_TIMEOUT_MS: '9000' }).databaseTimeouts.queryMs).toBe(9_000);
  });

  it('refuses database timeouts that are not sensible', () => {
    // 0 would mean "no limit" to PostgreSQL.
    for (const name of [
      'DATABASE_STATEMENT_TIMEOUT_MS',
      'DATABASE_LOCK_TIMEOUT_MS',
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      'DATABASE_QUERY_TIMEOUT_MS',
      'DATABASE_CONNECT_TIMEOUT_MS',
      'HEALTH_TIMEOUT_MS',
    ]) {
      expect(() => load({ [name]: '0' }), name).toThrow(name);
      expect(() => load({ [name]: 'soon' }), name).toThrow(`${name}: expected a number`);
    }
    // The client gives up only after the server had its chance to cancel the statement.
    expect(() => load({ DATABASE_QUERY_TIMEOUT_MS: '5000' })).toThrow(
      'DATABASE_QUERY_TIMEOUT_MS must be longer than DATABASE_STATEMENT_TIMEOUT_MS',
    );
  });

  it('drains for 5 s on shutdown in production, not at all in development and tests', () => {
    expect(load({})).toMatchObject({ shutdownTimeoutMs: 10_000, shutdownDrainMs: 5_000 });
    expect(load({ NODE_ENV: 'development' }).shutdownDrainMs).toBe(0);
    expect(load({ NODE_ENV: 'test' }).shutdownDrainMs).toBe(0);
    // The default never takes more than half of a shorter shutdown timeout.
    expect(load({ SHUTDOWN_TIMEOUT_MS: '4000' }).shutdownDrainMs).toBe(2_000);
    expect(load({ SHUTDOWN_TIMEOUT_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(load({ SHUTDOWN_DRAIN_MS: '1500', SHUTDOWN_TIMEOUT_MS: '20000' })).toMatchObject({
      shutdownDrainMs: 1_500,
      shutdownTimeoutMs: 20_000,
    });
    expect(load({ NODE_ENV: 'development', SHUTDOWN_DRAIN_MS: '2000' }).shutdownDrainMs).toBe(
      2_000,
    );
    expect(load({ SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_TIMEOUT_MS: '0' }).shutdownDrainMs).toBe(0);
  });

  it('refuses a drain that leaves no time of the shutdown timeout', () => {
    const message =
      'SHUTDOWN_DRAIN_MS must be shorter than SHUTDOWN_TIMEOUT_MS, which includes the drain';
    expect(() => load({ SHUTDOWN_DRAIN_MS: '10000' })).toThrow(message);
    expect(() => load({ SHUTDOWN_DRAIN_MS: '3000', SHUTDOWN_TIMEOUT_MS: '2000' })).toThrow(message);
    expect(() => load({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow('SHUTDOWN_DRAIN_MS');
    expect(() => load({ SHUTDOWN_DRAIN_MS: 'soon' })).toThrow(
      'SHUTDOWN_DRAIN_MS: expected a number value, got "soon"',
    );
    // A bad timeout is reported once, not again as a comparison.
    let error: unknown;
    try {
      load({ SHUTDOWN_DRAIN_MS: '1000', SHUTDOWN_TIMEOUT_MS: 'x' });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual([
      'SHUTDOWN_TIMEOUT_MS: expected a number value, got "x"',
    ]);
  });

  it('reads COOKIE_SECURE as auto, true or false', () => {
    expect(load({}).cookieSecure).toBe('auto');
    expect(load({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
    expect(load({ COOKIE_SECURE: 'FALSE' }).cookieSecure).toBe(false);
    expect(() => load({ COOKIE_SECURE: 'sometimes' })).toThrow(
      'COOKIE_SECURE must be auto, true or false',
    );
  });

  it('uses the test payment provider, 60-minute sessions and MAIL_TO for orders by default', () => {
    expect(load({}).payments).toEqual({
      provider: 'test',
      testWebhookSecret: undefined,
      sessionTtlMinutes: 60,
      ordersMailTo: ['info@fuelyard.co.uk'],
      worldpay: null,
      stripe: null,
    });
    expect(load({ MAIL_TO: 'a@shop.example, b@shop.example' }).payments.ordersMailTo).toEqual([
      'a@shop.example',
      'b@shop.example',
    ]);
  });

  it('reads the payment settings', () => {
    const { payments } = load({
      PAYMENT_PROVIDER: ' Test ',
      PAYMENT_TEST_WEBHOOK_SECRET: 'a-long-enough-test-secret',
      PAYMENT_SESSION_TTL_MINUTES: '30',
      ORDERS_MAIL_TO: 'orders@shop.example',
      MAIL_TO: 'enquiries@shop.example',
    });
    expect(payments).toEqual({
      provider: 'test',
      testWebhookSecret: 'a-long-enough-test-secret',
      sessionTtlMinutes: 30,
      ordersMailTo: ['orders@shop.example'],
      worldpay: null,
      stripe: null,
    });
  });

  it('reads the Worldpay settings, with the try environment and key id 1 by default', () => {
    const env = {
      PAYMENT_PROVIDER: 'worldpay',
      WORLDPAY_USERNAME: 'try-user',
      WORLDPAY_PASSWORD: 'try-password',
      WORLDPAY_ENTITY: 'PO4080000001',
      WORLDPAY_WEBHOOK_SECRET: 'a-webhook-secret-of-some-length',
    };
    expect(load(env).payments.worldpay).toEqual({
      apiUrl: 'https://try.access.worldpay.com',
      username: 'try-user',
      password: 'try-password',
      entity: 'PO4080000001',
      webhook: { keyId: '1', secret: 'a-webhook-secret-of-some-length', previousSecret: undefined },
    });
    expect(
      load({
        ...env,
        WORLDPAY_API_URL: 'https://access.worldpay.com/',
        WORLDPAY_WEBHOOK_KEY_ID: '3',
        WORLDPAY_WEBHOOK_SECRET_PREVIOUS: 'the-old-webhook-secret-0000',
      }).payments.worldpay,
    ).toMatchObject({
      apiUrl: 'https://access.worldpay.com',
      webhook: { keyId: '3', previousSecret: 'the-old-webhook-secret-0000' },
    });
    // Without PAYMENT_PROVIDER=worldpay its settings are not needed, nor used.
    expect(load({ WORLDPAY_USERNAME: 'try-user' }).payments.worldpay).toBeNull();
  });

  it('reads the Stripe settings, with Stripe’s own API unless STRIPE_API_URL says otherwise', () => {
    const env = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_51AbCdEfGhIjKlMnOp',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
    };
    expect(load(env).payments.stripe).toEqual({
      secretKey: 'sk_test_51AbCdEfGhIjKlMnOp',
      webhookSecret: 'whsec_0123456789abcdef',
      apiUrl: undefined,
    });
    expect(load({ ...env, STRIPE_API_URL: 'http://127.0.0.1:12111' }).payments.stripe?.apiUrl).toBe(
      'http://127.0.0.1:12111',
    );
    expect(load({ STRIPE_SECRET_KEY: 'sk_test_51AbCdEfGhIjKlMnOp' }).payments.stripe).toBe(null);
  });

  it('refuses to start with PAYMENT_PROVIDER=stripe without its secrets, naming each and never echoing one', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        load(env);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return [...(e as ConfigError).problems].sort();
      }
      return [];
    };
    expect(problemsOf({ PAYMENT_PROVIDER: 'Stripe' })).toEqual([
      'STRIPE_SECRET_KEY: STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe',
      'STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe',
    ]);
    const problems = problemsOf({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'pk_live_publishableKeyNotSecret',
      STRIPE_WEBHOOK_SECRET: 'not-a-whsec-secret',
      STRIPE_API_URL: 'http://127.0.0.1:12111/v1',
    });
    expect(problems).toEqual([
      'STRIPE_API_URL: STRIPE_API_URL must be an http(s) URL with no path',
      'STRIPE_SECRET_KEY: STRIPE_SECRET_KEY must be a secret or restricted key (sk_test_…, sk_live_…, rk_…)',
      "STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_…)",
    ]);
    expect(problems.join()).not.toContain('publishableKeyNotSecret');
    expect(problems.join()).not.toContain('not-a-whsec-secret');
  });

  it('refuses to start with PAYMENT_PROVIDER=worldpay without its settings, naming each', () => {
    let error: unknown;
    try {
      load({ PAYMENT_PROVIDER: 'Worldpay', WORLDPAY_PASSWORD: ' ' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect([...(error as ConfigError).problems].sort()).toEqual([
      'WORLDPAY_ENTITY: WORLDPAY_ENTITY is required when PAYMENT_PROVIDER=worldpay',
      'WORLDPAY_PASSWORD: WORLDPAY_PASSWORD is required when PAYMENT_PROVIDER=worldpay',
      'WORLDPAY_USERNAME: WORLDPAY_USERNAME is required when PAYMENT_PROVIDER=worldpay',
      'WORLDPAY_WEBHOOK_SECRET: WORLDPAY_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=worldpay',
    ]);
    // The secret is never echoed in a refusal.
    try {
      load({
        PAYMENT_PROVIDER: 'worldpay',
        WORLDPAY_USERNAME: 'u',
        WORLDPAY_PASSWORD: 'p',
        WORLDPAY_ENTITY: 'PO-1',
        WORLDPAY_WEBHOOK_SECRET: 'short-secret',
        WORLDPAY_API_URL: 'ftp://example.com',
      });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems;
    expect([...problems].sort()).toEqual([
      'WORLDPAY_API_URL: WORLDPAY_API_URL must be an http(s) URL',
      'WORLDPAY_ENTITY: WORLDPAY_ENTITY must be letters, digits and spaces, at most 32 (for example POxxxxxxxxx or default)',
      'WORLDPAY_WEBHOOK_SECRET: WORLDPAY_WEBHOOK_SECRET must be at least 16 characters',
    ]);
    expect(problems.join('\n')).not.toContain('short-secret');
  });

  it('refuses payment settings that are not sensible, naming each', () => {
    let error: unknown;
    try {
      load({
        PAYMENT_PROVIDER: 'paypal',
        PAYMENT_TEST_WEBHOOK_SECRET: 'short',
        PAYMENT_SESSION_TTL_MINUTES: '2',
        ORDERS_MAIL_TO: 'orders at shop',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect([...(error as ConfigError).problems].sort()).toEqual([
      'ORDERS_MAIL_TO: ORDERS_MAIL_TO must be one or more e-mail addresses, comma-separated',
      'PAYMENT_PROVIDER: PAYMENT_PROVIDER must be one of: test, worldpay, stripe',
      'PAYMENT_SESSION_TTL_MINUTES: PAYMENT_SESSION_TTL_MINUTES must be greater than or equal to 5',
      'PAYMENT_TEST_WEBHOOK_SECRET: PAYMENT_TEST_WEBHOOK_SECRET must be at least 16 characters',
    ]);
  });
  it('reads the account settings: 30-day sessions, 10 logins per 900 s by default', () => {
    expect(load({}).auth).toEqual({
      sessionTtlDays: 30,
      loginRateLimit: { limit: 10, windowSeconds: 900 },
    });
    expect(
      load({
        SESSION_TTL_DAYS: '7',
        LOGIN_RATE_LIMIT: '5',
        LOGIN_RATE_WINDOW_SECONDS: '60',
      }).auth,
    ).toEqual({ sessionTtlDays: 7, loginRateLimit: { limit: 5, windowSeconds: 60 } });
  });

  it('refuses account settings that are not sensible, naming each', () => {
    let error: unknown;
    try {
      load({
        SESSION_TTL_DAYS: '0',
        LOGIN_RATE_LIMIT: 'many',
        LOGIN_RATE_WINDOW_SECONDS: '-1',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('SESSION_TTL_DAYS');
    expect(problems).toContain('LOGIN_RATE_LIMIT');
    expect(problems).toContain('LOGIN_RATE_WINDOW_SECONDS');
  });
});
