import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import { expect } from 'vitest';
import { productSizes, products } from '../db/schema';
import type { CheckoutInput } from '../domain/checkout';
import type { CheckoutSummary, OrderStatus } from '../domain/order';
import type { TestApp } from './harness';

/**
 * Shared by the checkout and order suites: the seeded products they buy, a visitor with a cart,
 * and a checkout as the browser sends it (same-origin, with an Idempotency-Key).
 */
export const shop = 'https://shop.example';

/** BT1 is in both delivery zones (oil and northern-ireland). */
export const cartPostcode = 'BT1 1AA';

export interface SeededProduct {
  id: number;
  type: 'coal' | 'oil' | 'woodpellet' | 'other';
  price: number | null;
  sizes: { id: number; title: string; price: number | null }[];
}

export async function seededProduct(t: TestApp, slug: string): Promise<SeededProduct> {
  const db = t.db.handle.db;
  const [row] = await db.select().from(products).where(eq(products.slug, slug));
  if (!row) throw new Error(`No product ${slug}`);
  const sizes = await db
    .select({ id: productSizes.id, title: productSizes.title, price: productSizes.price })
    .from(productSizes)
    .where(eq(productSizes.productId, row.id))
    .orderBy(asc(productSizes.ordering), asc(productSizes.id));
  return { id: row.id, type: row.type, price: row.price, sizes };
}

export function sizeNamed(product: SeededProduct, title: string): { id: number; price: number } {
  const size = product.sizes.find((s) => s.title === title);
  if (!size || size.price === null) throw new Error(`No priced size "${title}"`);
  return { id: size.id, price: size.price };
}

export const checkoutForm = (overrides: Partial<CheckoutInput> = {}): CheckoutInput => ({
  fullName: 'Ciara McAllister',
  email: 'ciara@example.com',
  phone: '028 9032 1234',
  addressLine1: '7 Donegall Square',
  addressLine2: '',
  town: 'Belfast',
  postcode: cartPostcode,
  tankLocation: '',
  tankAccess: '',
  instructions: 'Ring the bell on arrival.',
  domesticUse: false,
  acceptTerms: true,
  ...overrides,
});

export type Agent = ReturnType<typeof request.agent>;

export function agentFor(t: TestApp): Agent {
  return request.agent(t.app.callback());
}

/** A visitor with the postcode set and these lines in the cart. */
export async function visitorWith(
  t: TestApp,
  lines: { product: SeededProduct; sizeId: number | null; quantity: number }[],
  postcode = cartPostcode,
): Promise<Agent> {
  const agent = agentFor(t);
  const set = await agent.put('/api/cart/postcode').set('Origin', shop).send({ postcode });
  expect(set.status).toBe(200);
  for (const line of lines) {
    const res = await agent.post('/api/cart/items').set('Origin', shop).send({
      type: line.product.type,
      productId: line.product.id,
      attributeId: line.sizeId,
      quantity: line.quantity,
    });
    expect(res.status).toBe(200);
  }
  return agent;
}

export interface PlacedBody {
  code: number;
  message: string;
  errors?: string[];
  fieldErrors?: Record<string, string>;
  order: { id: string; number: string; status: OrderStatus; total: number };
  orderToken: string;
  redirectUrl: string;
}

/**
 * POST /api/checkout as the checkout page sends it: the form, and the total the page showed
 * (`expectedTotal`, read from GET /api/checkout for the form's declaration) unless `body` has
 * its own (or says `expectedTotal: undefined` to leave it out).
 */
export async function postCheckout(
  agent: Agent,
  body: object = checkoutForm(),
  key: string | null = randomUUID(),
): Promise<request.Response> {
  let sent: object = body;
  if (!Object.hasOwn(body, 'expectedTotal')) {
    const domesticUse = (body as { domesticUse?: unknown }).domesticUse === true;
    const res = await agent.get(`/api/checkout?domesticUse=${String(domesticUse)}`);
    const total = (res.body as { summary?: CheckoutSummary }).summary?.total;
    sent = { ...body, ...(total === undefined ? {} : { expectedTotal: total }) };
  }
  const req = agent.post('/api/checkout').set('Origin', shop).set('Sec-Fetch-Site', 'same-origin');
  return (key === null ? req : req.set('Idempotency-Key', key)).send(sent);
}

export async function checkoutSummary(
  agent: Agent,
  domesticUse?: boolean,
): Promise<CheckoutSummary> {
  const query = domesticUse === undefined ? '' : `?domesticUse=${String(domesticUse)}`;
  const res = await agent.get(`/api/checkout${query}`);
  expect(res.status).toBe(200);
  return (res.body as { summary: CheckoutSummary }).summary;
}

/**
 * A guest's (or, with `cookie`, a signed-in customer's) order of 300 L of kerosene to the fixtures'
 * postcode, placed through POST /api/checkout: 201 and its body.
 */
export async function placeOilOrder(t: TestApp, cookie?: string): Promise<PlacedBody> {
  const oil = await seededProduct(t, 'kerosene-heating-oil');
  const agent = await visitorWith(t, [
    { product: oil, sizeId: sizeNamed(oil, '300 Litres').id, quantity: 1 },
  ]);
  if (cookie) agent.set('Cookie', cookie);
  const res = await postCheckout(agent, checkoutForm());
  expect(res.status).toBe(201);
  return res.body as PlacedBody;
}
