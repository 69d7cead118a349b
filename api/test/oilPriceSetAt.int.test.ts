import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productSizes } from '../db/schema';
import type { AdminOilPrice, AdminProduct } from '../domain/adminApi';
import { signedInCustomer } from './appEntry';
import { createTestApp, usingPostgres, type TestApp } from './harness';

/**
 * The date an oil price was set (issue 34, item 5): staff changing a price through the back
 * office's API moves it, and GraphQL serves it with the size's litres; saving a price unchanged
 * (the weekly update skips those, a size form saved for its title) keeps the date it had.
 */
const slow = 60_000;
const origin = 'https://shop.example';
let t: TestApp;
let staffCookie: string;

/** Long before any test runs: a price set by a test is later than this. */
const lastWeek = new Date('2026-11-19T10:00:00.000Z');

interface ShopSize {
  id: string;
  title: string;
  price: number | null;
  litres: number | null;
  priceSetAt: string;
}

const app = () => request(t.app.callback());

function asStaff(method: 'post' | 'put' | 'patch', path: string) {
  return app()[method](path).set('Cookie', staffCookie).set('Origin', origin);
}

/** An oil's sizes as the shop reads them from /api/graphql. */
async function shopSizes(slug: string): Promise<ShopSize[]> {
  const res = await app()
    .post('/api/graphql')
    .set('Origin', origin)
    .send({
      query: `query ($slug: String!) {
        product(slug: $slug) { sizes { id title price litres priceSetAt } }
      }`,
      variables: { slug },
    });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const product = (res.body as { data: { product: { sizes: ShopSize[] } | null } }).data.product;
  if (!product) throw new Error(`No product ${slug} in the shop`);
  return product.sizes;
}

async function shopSize(slug: string, title: string): Promise<ShopSize> {
  const found = (await shopSizes(slug)).find((s) => s.title === title);
  if (!found) throw new Error(`No size ${title} of ${slug}`);
  return found;
}

/** Pence as the back office's forms take them: 30500 -> "305.00". */
const pounds = (pence: number) => (pence / 100).toFixed(2);

/** Asserts an ISO timestamp is a moment at or after `since`. */
function expectSetSince(iso: string, since: Date) {
  expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(Date.parse(iso)).toBeGreaterThanOrEqual(since.getTime());
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: origin } });
  ({ cookie: staffCookie } = await signedInCustomer(t.db, { role: 'staff' }));
}, slow);
afterAll(async () => {
  await t?.close();
}, slow);

// Every price was "set" last week, so a test sees which of them its own requests moved.
beforeEach(async () => {
  await t.db.handle.db.update(productSizes).set({ priceSetAt: lastWeek });
});

describe(`when a price was set (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('serves each oil size with its litres and the ISO time its price was set', async () => {
    const sizes = await shopSizes('kerosene-heating-oil');
    expect(sizes.map((s) => [s.title, s.litres])).toEqual([
      ['300 Litres', 300],
      ['500 Litres', 500],
      ['900 Litres', 900],
    ]);
    for (const size of sizes) expect(size.priceSetAt).toBe(lastWeek.toISOString());
  });

  it('moves with a changed price in the weekly update, and stays with an unchanged one', async () => {
    const changed = await shopSize('kerosene-heating-oil', '500 Litres');
    const unchanged = await shopSize('kerosene-heating-oil', '900 Litres');
    if (changed.price === null || unchanged.price === null) throw new Error('Unpriced seed');
    const since = new Date();

    const res = await asStaff('put', '/api/admin/prices/oil').send({
      prices: [
        { sizeId: Number(changed.id), price: pounds(changed.price + 150) },
        { sizeId: Number(unchanged.id), price: pounds(unchanged.price) },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const after = await shopSize('kerosene-heating-oil', '500 Litres');
    expect(after.price).toBe(changed.price + 150);
    expectSetSince(after.priceSetAt, since);
    expect((await shopSize('kerosene-heating-oil', '900 Litres')).priceSetAt).toBe(
      lastWeek.toISOString(),
    );
    // The back office's answer, which its price screen shows, carries the same dates.
    const answered = (res.body as { sizes: AdminOilPrice[] }).sizes;
    const dateOf = (id: string) => answered.find((s) => s.sizeId === Number(id))?.priceSetAt;
    expect(dateOf(changed.id)).toBe(after.priceSetAt);
    expect(dateOf(unchanged.id)).toBe(lastWeek.toISOString());
    // A size not in the update keeps its date too.
    expect((await shopSize('kerosene-heating-oil', '300 Litres')).priceSetAt).toBe(
      lastWeek.toISOString(),
    );
  });

  it('moves when the size form changes the price, not when it is saved with the same one', async () => {
    const size = await shopSize('kerosene-heating-oil', '300 Litres');
    if (size.price === null) throw new Error('Unpriced seed');

    const same = await asStaff('patch', `/api/admin/sizes/${size.id}`).send({
      title: size.title,
      price: pounds(size.price),
      litres: '300',
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect((await shopSize('kerosene-heating-oil', '300 Litres')).priceSetAt).toBe(
      lastWeek.toISOString(),
    );

    const since = new Date();
    const repriced = await asStaff('patch', `/api/admin/sizes/${size.id}`).send({
      price: pounds(size.price - 200),
    });
    expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
    const after = await shopSize('kerosene-heating-oil', '300 Litres');
    expect(after.price).toBe(size.price - 200);
    expectSetSince(after.priceSetAt, since);
  });

  it("is the size's creation for a new size, and moves with its product's price when it has none of its own", async () => {
    const created = await asStaff('post', '/api/admin/products').send({
      title: 'Premium Kerosene',
      slug: 'premium-kerosene',
      type: 'oil',
      price: '330.00',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const productId = (created.body as { product: AdminProduct }).product.id;

    const since = new Date();
    const added = await asStaff('post', `/api/admin/products/${productId}/sizes`).send({
      title: '500 Litres',
      price: '',
      litres: '500',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const size = await shopSize('premium-kerosene', '500 Litres');
    expect(size).toMatchObject({ price: null, litres: 500 });
    expectSetSince(size.priceSetAt, since);

    await t.db.handle.db
      .update(productSizes)
      .set({ priceSetAt: lastWeek })
      .where(eq(productSizes.productId, productId));
    const same = await asStaff('patch', `/api/admin/products/${productId}`).send({
      price: '330.00',
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect((await shopSize('premium-kerosene', '500 Litres')).priceSetAt).toBe(
      lastWeek.toISOString(),
    );

    const repricedSince = new Date();
    const repriced = await asStaff('patch', `/api/admin/products/${productId}`).send({
      price: '335.00',
    });
    expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
    expectSetSince((await shopSize('premium-kerosene', '500 Litres')).priceSetAt, repricedSince);
  });
});
