import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { databaseUnavailableMessage } from '../errors';
import type { CheckoutSummary } from '../domain/order';
import type { RenderContext, ServerEntry } from '../domain/ssr';
import { createLogger } from '../logger';
import type { SsrRuntime } from '../ssr/runtime';
import { checkoutSummary, seededProduct, shop, sizeNamed, visitorWith } from './checkoutFixtures';
import {
  createTestApp,
  createTestDatabase,
  testConfig,
  usingPostgres,
  type TestApp,
} from './harness';

/**
 * What server rendering gets for the checkout page: the visitor's cart priced for checkout
 * (`context.checkout`), and whether test payments are on (`publicConfig.testPayments`). A
 * stand-in server entry shows what it was given.
 */
const template = '<html><head><!--app-head--></head><body><!--app-html--></body></html>';

const entry: ServerEntry = {
  render: async (req, context: RenderContext) => {
    const domesticUse = new URL(req.url).searchParams.get('domesticUse') === 'true';
    const summary: CheckoutSummary = await context.checkout(domesticUse);
    const shown = { testPayments: context.publicConfig.testPayments, summary };
    return {
      type: 'document',
      status: 200,
      head: '',
      html: `<script type="application/json" id="shown">${JSON.stringify(shown)}</script>`,
    };
  },
  sitemap: async () => [],
};

const ssr: SsrRuntime = {
  template: async () => template,
  entry: async () => entry,
  assets: (_ctx, next) => next(),
};

function shownIn(html: string): { testPayments: boolean; summary: CheckoutSummary } {
  const match = /<script type="application\/json" id="shown">(.*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('Nothing shown');
  return JSON.parse(match[1]) as { testPayments: boolean; summary: CheckoutSummary };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ssr, env: { PUBLIC_URL: shop } });
});
afterAll(async () => {
  await t.close();
});

describe(`checkout in server rendering (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('renders with the same summary GET /api/checkout gives, and test payments on', async () => {
    const oil = await seededProduct(t, 'kerosene-heating-oil');
    const agent = await visitorWith(t, [
      { product: oil, sizeId: sizeNamed(oil, '900 Litres').id, quantity: 3 },
    ]);
    for (const domesticUse of [false, true]) {
      const page = await agent.get(`/checkout?domesticUse=${String(domesticUse)}`);
      expect(page.status).toBe(200);
      const shown = shownIn(page.text);
      expect(shown.testPayments).toBe(true);
      expect(shown.summary).toEqual(await checkoutSummary(agent, domesticUse));
    }
  });

  it('a visitor without a cart gets the blocked summary', async () => {
    const page = await request(t.app.callback()).get('/checkout');
    expect(shownIn(page.text).summary.blocked).toBe('Your cart is empty.');
  });

  it('a database failure while pricing is the 503 error page, never an empty summary', async () => {
    const db = await createTestDatabase();
    const app = createApp({
      config: testConfig({ PUBLIC_URL: shop }),
      database: db.handle,
      logger: createLogger('silent'),
      ssr,
    });
    await db.close();
    const page = await request(app.callback()).get('/checkout');
    expect(page.status).toBe(503);
    expect(page.headers['retry-after']).toBeDefined();
    expect(page.text).toContain(databaseUnavailableMessage);
    expect(page.text).not.toContain('id="shown"');
  }, 60_000);
});
