import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import { validate as uuidValidate, version as uuidVersion, v1 as uuidv1, v4 as uuidv4 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../domain/messages';
import { site } from '../domain/site';
import { cartItems, carts, productSizes, products, shippingZones } from '../db/schema';
import { createLogger } from '../logger';
import { createCartService } from '../services/cart/service';
import { createCartSweeper, sweepStaleCarts } from '../services/cart/sweep';
import type { CartItemView, CartView } from '../services/cart/types';
import { createCatalogueService } from '../services/catalogue/service';
import { createTestApp, usingPostgres, type TestApp } from './harness';

interface CartBody {
  code: number;
  message: string;
  errors?: string[];
  cart: CartView;
}

interface Product {
  id: number;
  title: string;
  price: number | null;
  sizes: { id: number; title: string; price: number | null }[];
}

let t: TestApp;
let coal: Product; // Premium House Coal: 40kg bag £24.95, 20kg bag £13.95
let oil: Product; // Kerosene: 300 L £192.00, 500 L £305.00, 900 L £535.00
let pellets: Product;

async function product(slug: string): Promise<Product> {
  const db = t.db.handle.db;
  const [row] = await db.select().from(products).where(eq(products.slug, slug));
  if (!row) throw new Error(`No product ${slug}`);
  const sizes = await db
    .select({ id: productSizes.id, title: productSizes.title, price: productSizes.price })
    .from(productSizes)
    .where(eq(productSizes.productId, row.id))
    .orderBy(asc(productSizes.ordering), asc(productSizes.id));
  return { id: row.id, title: row.title, price: row.price, sizes };
}

function size(p: Product, index = 0) {
  const found = p.sizes[index];
  if (!found) throw new Error(`${p.title} has no size ${index}`);
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  coal = await product('premium-house-coal');
  oil = await product('kerosene-heating-oil');
  pellets = await product('enplus-a1-wood-pellets');
});
afterAll(async () => {
  await t.close();
});

const agent = () => request.agent(t.app.callback());
type Agent = ReturnType<typeof agent>;

function body(res: request.Response): CartBody {
  const parsed = res.body as CartBody;
  // The contract of every cart answer: code equals the HTTP status, and the cart comes along.
  expect(parsed.code).toBe(res.status);
  expect(typeof parsed.message).toBe('string');
  expect(parsed.cart).toBeDefined();
  return parsed;
}

/** The Set-Cookie line for the cart cookie, if any. */
function cartCookie(res: request.Response): string | undefined {
  const header = res.headers['set-cookie'] as unknown;
  const lines = Array.isArray(header) ? (header as string[]) : [];
  return lines.find((line) => line.startsWith('cartId='));
}

const addCoal = (a: Agent, quantity = 1, sizeIndex = 0) =>
  a
    .post('/api/cart/items')
    .send({ type: 'coal', productId: coal.id, attributeId: size(coal, sizeIndex).id, quantity });

const setPostcode = (a: Agent, postcode: unknown) => a.put('/api/cart/postcode').send({ postcode });

/** An agent whose cart has a postcode set (BT1 is in both zones). */
async function withPostcode(postcode = 'BT1 1AA'): Promise<Agent> {
  const a = agent();
  const res = await setPostcode(a, postcode);
  expect(res.status).toBe(200);
  return a;
}

function line(cart: CartView, productId: number, attributeId: number | null): CartItemView {
  const found = cart.items.find((i) => i.productId === productId && i.attributeId === attributeId);
  if (!found) throw new Error(`No line for ${productId}/${String(attributeId)}`);
  return found;
}

describe(`cart (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  describe('GET /api/cart', () => {
    it('answers the empty cart without a cookie, and sets none', async () => {
      const res = await request(t.app.callback()).get('/api/cart');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(cartCookie(res)).toBeUndefined();
      expect(body(res).cart).toEqual({
        cartId: null,
        postcode: null,
        items: [],
        count: 0,
        subtotal: 0,
        deliveryCharge: 0,
        minimumOrder: 0,
        total: 0,
        meetsMinimumOrder: false,
        minimumOrderMessage: null,
        showPostcodeModal: false,
      });
    });

    it.each([
      ['garbage', 'not-a-uuid'],
      ['an unknown uuid v4', uuidv4()],
      ['a uuid of another version', uuidv1()],
      ['SQL', "x'; drop table carts; --"],
    ])('treats %s in the cookie as no cart (never 500)', async (_label, value) => {
      const res = await request(t.app.callback())
        .get('/api/cart')
        .set('Cookie', `cartId=${encodeURIComponent(value)}`);
      expect(res.status).toBe(200);
      expect(body(res).cart.cartId).toBeNull();
      expect(body(res).cart.items).toEqual([]);
    });
  });

  describe('adding before a postcode is set (SPEC §4)', () => {
    it('428: keeps the item pending, opens the dialog and sets an httpOnly SameSite=Lax cookie', async () => {
      const a = agent();
      const res = await addCoal(a, 2);
      expect(res.status).toBe(428);
      const { message, cart } = body(res);
      expect(message).toBe(messages.cart.postcodeRequired);
      expect(cart.showPostcodeModal).toBe(true);
      expect(cart.items).toEqual([]);
      expect(cart.pendingItem).toEqual({
        type: 'coal',
        productId: coal.id,
        attributeId: size(coal).id,
        quantity: 2,
        title: coal.title,
        attribute: size(coal).title,
      });

      const cookie = cartCookie(res) ?? '';
      expect(cookie).toMatch(/;\s*httponly/i);
      expect(cookie).toMatch(/;\s*samesite=lax/i);
      expect(cookie).toMatch(/;\s*path=\//i);
      expect(cookie).not.toMatch(/;\s*secure/i);
      const id = /^cartId=([^;]+)/.exec(cookie)?.[1] ?? '';
      expect(uuidValidate(id) && uuidVersion(id)).toBe(4);
      expect(cart.cartId).toBe(id);

      const again = body(await a.get('/api/cart')).cart;
      expect(again.cartId).toBe(id);
      expect(again.showPostcodeModal).toBe(true);
      expect(again.pendingItem?.productId).toBe(coal.id);
    });

    it('201: setting the postcode adds the pending item, clears it and closes the dialog', async () => {
      const a = agent();
      expect((await addCoal(a, 2)).status).toBe(428);
      const res = await setPostcode(a, ' bt1 1aa ');
      expect(res.status).toBe(201);
      const { message, cart } = body(res);
      expect(message).toBe(messages.cart.added);
      expect(cart.postcode).toBe('BT11AA');
      expect(cart.showPostcodeModal).toBe(false);
      expect(cart.pendingItem).toBeUndefined();
      expect(cart.warnings).toBeUndefined();
      expect(cart.items).toHaveLength(1);
      expect(cart.items[0]).toMatchObject({
        type: 'coal',
        title: coal.title,
        attribute: size(coal).title,
        price: size(coal).price,
        quantity: 2,
        lineTotal: 2 * (size(coal).price ?? 0),
      });
      expect(cart.items[0]?.image).toMatch(/^\/api\/uploads\/products\/.+\.svg$/);
    });

    it("200 'Postcode set.': an undeliverable pending item is dropped with a warning", async () => {
      const a = agent();
      const add = await a
        .post('/api/cart/items')
        .send({ type: 'oil', productId: oil.id, attributeId: size(oil).id, quantity: 1 });
      expect(add.status).toBe(428);
      // BT47 is in Northern Ireland but outside the oil tankers' round.
      const res = await setPostcode(a, 'BT47 1AA');
      expect(res.status).toBe(200);
      const { message, cart } = body(res);
      expect(message).toBe(messages.postcode.set);
      expect(cart.warnings).toEqual([messages.cart.cannotDeliver]);
      expect(cart.items).toEqual([]);
      expect(cart.pendingItem).toBeUndefined();
      expect(cart.showPostcodeModal).toBe(false);
      expect(cart.postcode).toBe('BT471AA');

      const later = body(await a.get('/api/cart')).cart;
      expect(later.warnings).toBeUndefined();
      expect(later.pendingItem).toBeUndefined();
    });

    it('a later add replaces the pending item', async () => {
      const a = agent();
      await addCoal(a, 1);
      await a
        .post('/api/cart/items')
        .send({ type: 'woodpellet', productId: pellets.id, attributeId: size(pellets).id });
      const cart = body(await setPostcode(a, 'BT1 1AA')).cart;
      expect(cart.items.map((i) => i.productId)).toEqual([pellets.id]);
    });

    it('closing the dialog (X) clears the flag and cancels the pending add', async () => {
      const a = agent();
      await addCoal(a);
      const res = await a.put('/api/cart/postcode-modal').send({ open: false });
      expect(res.status).toBe(200);
      expect(body(res).message).toBe(messages.cart.modalClosed);
      expect(body(res).cart.showPostcodeModal).toBe(false);
      expect(body(res).cart.pendingItem).toBeUndefined();
      const after = body(await setPostcode(a, 'BT1 1AA'));
      expect(after.code).toBe(200);
      expect(after.cart.items).toEqual([]);
    });

    it('the dialog flag can be opened, and refuses anything but a boolean', async () => {
      const a = agent();
      const open = await a.put('/api/cart/postcode-modal').send({ open: true });
      expect(open.status).toBe(200);
      expect(body(open).message).toBe(messages.cart.modalOpened);
      expect(body(open).cart.showPostcodeModal).toBe(true);
      expect(body(await a.get('/api/cart')).cart.showPostcodeModal).toBe(true);

      const bad = await a.put('/api/cart/postcode-modal').send({ open: 'yes' });
      expect(bad.status).toBe(400);
      expect(body(bad).message).toBe(messages.cart.modalFlagInvalid);
      expect(body(bad).cart.showPostcodeModal).toBe(true);
    });
  });

  describe('PUT /api/cart/postcode', () => {
    it.each([
      ['an empty postcode', '', messages.postcode.required],
      ['only spaces', '   ', messages.postcode.required],
      ['no postcode', undefined, messages.postcode.required],
      ['5 characters', 'BT1 1A', messages.postcode.invalidModal],
      ['8 characters', 'BT47 1AAA', messages.postcode.invalidModal],
      ['punctuation', 'BT1-1AA', messages.postcode.invalidModal],
      ['a number', 123456, messages.postcode.invalidModal],
      ['a postcode outside Northern Ireland', 'SW1A 1AA', messages.postcode.invalidModal],
      ['a BT district that does not exist', 'BT99 9ZZ', messages.postcode.invalidModal],
    ])('400 for %s', async (_label, postcode, expected) => {
      const a = agent();
      const res = await setPostcode(a, postcode);
      expect(res.status).toBe(400);
      expect(body(res).message).toBe(expected);
      expect(body(res).errors).toEqual([expected]);
      expect(body(res).cart.postcode).toBeNull();
      expect(cartCookie(res)).toBeUndefined();
    });

    it("409 'This postcode is already set.' for the same postcode however it is typed", async () => {
      const a = await withPostcode('BT1 1AA');
      expect((await addCoal(a)).status).toBe(200);
      const res = await setPostcode(a, 'bt11aa');
      expect(res.status).toBe(409);
      expect(body(res).message).toBe(messages.postcode.alreadySet);
      // Nothing changed: the cart keeps its line.
      expect(body(res).cart.items).toHaveLength(1);
    });

    it('a different postcode empties the cart, then stores the new postcode', async () => {
      const a = await withPostcode('BT1 1AA');
      expect((await addCoal(a)).status).toBe(200);
      const before = body(await a.get('/api/cart')).cart;
      const res = await setPostcode(a, 'BT3 9BP');
      expect(res.status).toBe(200);
      expect(body(res).message).toBe(messages.postcode.set);
      expect(body(res).cart.postcode).toBe('BT39BP');
      expect(body(res).cart.items).toEqual([]);
      expect(body(res).cart.cartId).toBe(before.cartId);
    });

    it("with clearCart: false, 409 'Resetting the postcode will clear your cart.' instead of emptying a cart with items", async () => {
      const a = await withPostcode('BT1 1AA');
      expect((await addCoal(a)).status).toBe(200);
      const res = await a
        .put('/api/cart/postcode')
        .set('accept', 'application/json')
        .send({ postcode: 'BT3 9BP', clearCart: false });
      expect(res.status).toBe(409);
      expect(body(res).message).toBe(messages.postcode.resetWarning);
      expect(body(res).cart.postcode).toBe('BT11AA');
      expect(body(res).cart.items).toHaveLength(1);
      // An empty cart has nothing to lose: the postcode is set.
      expect((await a.delete('/api/cart').set('accept', 'application/json')).status).toBe(200);
      const empty = await a
        .put('/api/cart/postcode')
        .set('accept', 'application/json')
        .send({ postcode: 'BT3 9BP', clearCart: false });
      expect(empty.status).toBe(200);
      expect(body(empty).cart.postcode).toBe('BT39BP');
    });

    it('422 for a real postcode no zone serves, with the office phone; nothing changes', async () => {
      const a = await withPostcode('BT1 1AA');
      expect((await addCoal(a)).status).toBe(200);
      // BT58 exists (PO boxes) but no lorry or tanker goes there.
      const res = await setPostcode(a, 'BT58 1AA');
      expect(res.status).toBe(422);
      expect(body(res).message).toBe(
        messages.postcode.notServed('BT58 1AA', site.offices[0].phone),
      );
      expect(body(res).cart.postcode).toBe('BT11AA');
      expect(body(res).cart.items).toHaveLength(1);
    });

    it("422 'Product cannot be delivered to this postcode.' for the product it is set for; nothing changes", async () => {
      const a = await withPostcode('BT1 1AA');
      expect((await addCoal(a)).status).toBe(200);
      // BT47 has lorries but no tanker: setting it for oil changes nothing...
      const res = await a
        .put('/api/cart/postcode')
        .send({ postcode: 'BT47 1AA', productType: 'oil' });
      expect(res.status).toBe(422);
      expect(body(res).message).toBe(messages.cart.cannotDeliver);
      expect(body(res).cart.postcode).toBe('BT11AA');
      expect(body(res).cart.items).toHaveLength(1);
      // ...and for coal it is set (a different postcode empties the cart).
      const coal = await a
        .put('/api/cart/postcode')
        .send({ postcode: 'BT47 1AA', productType: 'coal' });
      expect(coal.status).toBe(200);
      expect(body(coal).cart.postcode).toBe('BT471AA');
    });

    it('creates the cart and its cookie when the postcode is set first', async () => {
      const a = agent();
      const res = await setPostcode(a, 'BT1 1AA');
      expect(res.status).toBe(200);
      expect(cartCookie(res)).toContain(`cartId=${body(res).cart.cartId ?? 'missing'}`);
    });
  });

  describe('POST /api/cart/items', () => {
    it("200 'Added to cart.' with title, size, price and image from the catalogue only", async () => {
      const a = await withPostcode();
      const res = await a.post('/api/cart/items').send({
        type: 'coal',
        productId: coal.id,
        attributeId: size(coal, 1).id,
        quantity: 3,
        price: 1,
        title: 'Free coal',
        attribute: '1 tonne',
        image: 'https://evil.example/x.png',
        lineTotal: 3,
      });
      expect(res.status).toBe(200);
      const { message, cart } = body(res);
      expect(message).toBe(messages.cart.added);
      const item = line(cart, coal.id, size(coal, 1).id);
      expect(item.title).toBe(coal.title);
      expect(item.attribute).toBe(size(coal, 1).title);
      expect(item.price).toBe(size(coal, 1).price);
      expect(item.price).not.toBe(1);
      expect(item.image).not.toContain('evil');
      expect(item.lineTotal).toBe(3 * (size(coal, 1).price ?? 0));
      expect(cart.subtotal).toBe(item.lineTotal);
      // Only ids and the quantity were stored.
      const [stored] = await t.db.handle.db
        .select()
        .from(cartItems)
        .where(eq(cartItems.id, item.id));
      expect(stored).toMatchObject({ productId: coal.id, sizeId: size(coal, 1).id, quantity: 3 });
    });

    it('merges the same product and size into one line; another size is another line', async () => {
      const a = await withPostcode();
      await addCoal(a, 2);
      const res = await addCoal(a, 3);
      expect(res.status).toBe(200);
      let cart = body(res).cart;
      expect(cart.items).toHaveLength(1);
      expect(line(cart, coal.id, size(coal).id).quantity).toBe(5);

      cart = body(await addCoal(a, 1, 1)).cart;
      expect(cart.items).toHaveLength(2);
      expect(cart.count).toBe(6);
    });

    it('accepts ids as strings (GraphQL ids) and defaults the quantity to 1', async () => {
      const a = await withPostcode();
      const res = await a
        .post('/api/cart/items')
        .send({ type: 'coal', productId: String(coal.id), attributeId: String(size(coal).id) });
      expect(res.status).toBe(200);
      expect(line(body(res).cart, coal.id, size(coal).id).quantity).toBe(1);
    });

    it('concurrent adds of one line never make two lines', async () => {
      const a = await withPostcode();
      const results = await Promise.all(Array.from({ length: 8 }, () => addCoal(a, 2)));
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
      const cart = body(await a.get('/api/cart')).cart;
      expect(cart.items).toHaveLength(1);
      expect(cart.items[0]?.quantity).toBe(16);
    });

    it('caps a line at 20: going over is refused and changes nothing', async () => {
      const a = await withPostcode();
      expect((await addCoal(a, 15)).status).toBe(200);
      const over = await addCoal(a, 6);
      expect(over.status).toBe(422);
      expect(body(over).message).toBe(messages.cart.lineLimit(20));
      expect(line(body(over).cart, coal.id, size(coal).id).quantity).toBe(15);
      const exact = await addCoal(a, 5);
      expect(exact.status).toBe(200);
      expect(line(body(exact).cart, coal.id, size(coal).id).quantity).toBe(20);
    });

    it("422 'Product cannot be delivered to this postcode.'", async () => {
      const a = await withPostcode('BT47 1AA');
      const res = await a
        .post('/api/cart/items')
        .send({ type: 'oil', productId: oil.id, attributeId: size(oil).id });
      expect(res.status).toBe(422);
      expect(body(res).message).toBe(messages.cart.cannotDeliver);
      expect(body(res).cart.items).toEqual([]);
      // Coal goes by lorry, which does reach BT47.
      expect((await addCoal(a)).status).toBe(200);
    });

    it.each([
      ['an array body', [1], messages.cart.bodyInvalid],
      ['a missing productId', { type: 'coal' }, messages.cart.productIdRequired],
      ['an unknown type', { type: 'gas', productId: 1 }, messages.cart.typeInvalid],
      ['a fractional productId', { type: 'coal', productId: 1.5 }, messages.cart.productIdInvalid],
      ['a text attributeId', { type: 'coal', productId: 1, attributeId: 'big' }, null],
      ['quantity 0', { type: 'coal', productId: 1, quantity: 0 }, null],
      ['quantity 21', { type: 'coal', productId: 1, quantity: 21 }, null],
      ['quantity "two"', { type: 'coal', productId: 1, quantity: 'two' }, null],
    ])('400 for %s', async (_label, payload, expected) => {
      const a = await withPostcode();
      const res = await a.post('/api/cart/items').send(payload);
      expect(res.status).toBe(400);
      const parsed = body(res);
      if (expected !== null) expect(parsed.message).toBe(expected);
      else {
        expect(parsed.errors?.length).toBe(1);
        expect(parsed.message).toBe(parsed.errors?.[0]);
      }
      expect(parsed.cart.postcode).toBe('BT11AA');
      expect(parsed.cart.items).toEqual([]);
    });

    it('400 names the quantity rule', async () => {
      const a = await withPostcode();
      const res = await a
        .post('/api/cart/items')
        .send({ type: 'coal', productId: coal.id, quantity: 0 });
      expect(body(res).message).toBe(messages.cart.quantityInvalid(1, 20));
    });

    it('400 for a sized product without a size', async () => {
      const a = await withPostcode();
      const res = await a.post('/api/cart/items').send({ type: 'coal', productId: coal.id });
      expect(res.status).toBe(400);
      expect(body(res).message).toBe(messages.cart.sizeRequired);
    });

    it('400 for malformed JSON', async () => {
      const res = await agent()
        .post('/api/cart/items')
        .set('Content-Type', 'application/json')
        .send('{"type": "coal",');
      expect(res.status).toBe(400);
      expect((res.body as { code: number }).code).toBe(400);
    });

    it.each([
      [
        'an unknown product',
        () => ({ type: 'coal', productId: 999_999 }),
        messages.cart.productNotFound,
      ],
      [
        'a type that is not the product’s',
        () => ({ type: 'oil', productId: coal.id, attributeId: size(coal).id }),
        messages.cart.productNotFound,
      ],
      [
        "another product's size",
        () => ({ type: 'coal', productId: coal.id, attributeId: size(oil).id }),
        messages.cart.sizeNotFound,
      ],
    ])('404 for %s', async (_label, payload, expected) => {
      const a = await withPostcode();
      const res = await a.post('/api/cart/items').send(payload());
      expect(res.status).toBe(404);
      expect(body(res).message).toBe(expected);
    });

    it('404 for a product that is not purchasable online', async () => {
      const db = t.db.handle.db;
      const [hidden] = await db
        .insert(products)
        .values({
          type: 'other',
          title: 'Trade Only Sack',
          slug: 'trade-only-sack',
          price: 999,
          purchasable: false,
        })
        .returning({ id: products.id });
      const a = await withPostcode();
      const res = await a.post('/api/cart/items').send({ type: 'other', productId: hidden?.id });
      expect(res.status).toBe(404);
      expect(body(res).message).toBe(messages.cart.productNotFound);
    });

    it("422 'Price is required.' when neither the size nor the product has a price", async () => {
      const db = t.db.handle.db;
      const [unpriced] = await db
        .insert(products)
        .values({
          type: 'other',
          title: 'Price On Request Logs',
          slug: 'price-on-request-logs',
          price: null,
        })
        .returning({ id: products.id });
      const productId = unpriced?.id ?? 0;
      const [unpricedSize] = await db
        .insert(productSizes)
        .values({ productId, title: 'Trailer load', price: null })
        .returning({ id: productSizes.id });

      const a = await withPostcode();
      const res = await a
        .post('/api/cart/items')
        .send({ type: 'other', productId, attributeId: unpricedSize?.id });
      expect(res.status).toBe(422);
      expect(body(res).message).toBe(messages.cart.priceRequired);
      expect(body(res).cart.items).toEqual([]);

      // Refused before the postcode question: there is no point asking for one.
      const fresh = agent();
      const early = await fresh
        .post('/api/cart/items')
        .send({ type: 'other', productId, attributeId: unpricedSize?.id });
      expect(early.status).toBe(422);
      expect(body(early).message).toBe(messages.cart.priceRequired);
    });
  });

  describe('DELETE /api/cart/items/:id', () => {
    it('takes one off, then removes the line, then answers 404', async () => {
      const a = await withPostcode();
      const added = body(await addCoal(a, 2)).cart;
      const id = line(added, coal.id, size(coal).id).id;

      const first = await a.delete(`/api/cart/items/${id}`);
      expect(first.status).toBe(200);
      expect(body(first).message).toBe(messages.cart.removed);
      expect(line(body(first).cart, coal.id, size(coal).id).quantity).toBe(1);

      const second = await a.delete(`/api/cart/items/${id}`);
      expect(second.status).toBe(200);
      expect(body(second).message).toBe(messages.cart.removed);
      expect(body(second).cart.items).toEqual([]);
      expect(body(second).cart.count).toBe(0);

      const third = await a.delete(`/api/cart/items/${id}`);
      expect(third.status).toBe(404);
      expect(body(third).message).toBe(messages.cart.lineNotFound);
    });

    it("404 for a malformed id and for another visitor's line", async () => {
      const mine = await withPostcode();
      const theirs = await withPostcode();
      const theirLine = body(await addCoal(theirs)).cart.items[0]?.id ?? '';

      expect((await mine.delete('/api/cart/items/not-a-uuid')).status).toBe(404);
      const res = await mine.delete(`/api/cart/items/${theirLine}`);
      expect(res.status).toBe(404);
      expect(body(res).message).toBe(messages.cart.lineNotFound);
      expect(body(await theirs.get('/api/cart')).cart.items).toHaveLength(1);

      const noCart = await agent().delete(`/api/cart/items/${theirLine}`);
      expect(noCart.status).toBe(404);
    });
  });

  describe('DELETE /api/cart', () => {
    it('deletes the cart and its lines and clears the cookie; the next add gets a new id', async () => {
      const a = await withPostcode();
      const cartId = body(await addCoal(a, 2)).cart.cartId ?? '';

      const res = await a.delete('/api/cart');
      expect(res.status).toBe(200);
      expect(body(res).message).toBe(messages.cart.emptied);
      expect(body(res).cart.cartId).toBeNull();
      expect(body(res).cart.items).toEqual([]);
      const cookie = cartCookie(res) ?? '';
      expect(cookie).toMatch(/^cartId=;/);
      expect(cookie).toMatch(/expires=Thu, 01 Jan 1970/i);

      const db = t.db.handle.db;
      expect(await db.select().from(carts).where(eq(carts.id, cartId))).toEqual([]);
      expect(await db.select().from(cartItems).where(eq(cartItems.cartId, cartId))).toEqual([]);
      expect(body(await a.get('/api/cart')).cart.cartId).toBeNull();

      const again = await addCoal(a);
      expect(again.status).toBe(428);
      expect(body(again).cart.cartId).not.toBe(cartId);
    });

    it('is harmless without a cart', async () => {
      const res = await agent().delete('/api/cart');
      expect(res.status).toBe(200);
      expect(cartCookie(res)).toBeUndefined();
    });
  });

  describe('cart rows: created by the first durable write, swept after the cookie life', () => {
    const cartRows = async () => {
      const [row] = await t.db.handle.db.select({ n: count() }).from(carts);
      return row?.n ?? 0;
    };
    /** Makes a cart's last change `days` ago, as if nobody had touched it since. */
    const age = (cartId: string, days: number) =>
      t.db.handle.db
        .update(carts)
        .set({ updatedAt: sql`now() - make_interval(days => ${days}::integer)` })
        .where(eq(carts.id, cartId));

    it('reading the cart never creates a row or a cookie (200 visitors without one)', async () => {
      const before = await cartRows();
      const app = t.app.callback();
      for (let i = 0; i < 200; i += 1) {
        const res = await request(app).get(i % 2 === 0 ? '/api/cart' : '/api/cart/checkout-check');
        expect(res.status).toBe(i % 2 === 0 ? 200 : 422);
        expect(cartCookie(res)).toBeUndefined();
      }
      const unknown = await request(app).get('/api/cart').set('Cookie', `cartId=${uuidv4()}`);
      expect(cartCookie(unknown)).toBeUndefined();
      // Server rendering reads the cart through the service, with or without a cookie.
      const service = createCartService(
        t.db.handle.db,
        createCatalogueService(t.db.handle.db, { uploadsBaseUrl: '/uploads' }),
      );
      for (let i = 0; i < 200; i += 1) {
        expect((await service.view(i % 2 === 0 ? undefined : uuidv4())).cartId).toBeNull();
      }
      expect(await cartRows()).toBe(before);
    });

    it('the first add creates one row; later actions on it create none', async () => {
      const before = await cartRows();
      const a = agent();
      const first = await addCoal(a);
      expect(first.status).toBe(428);
      expect(cartCookie(first)).toMatch(/^cartId=/);
      expect(await cartRows()).toBe(before + 1);
      await setPostcode(a, 'BT1 1AA');
      await addCoal(a, 2);
      await a.get('/api/cart');
      expect(await cartRows()).toBe(before + 1);
    });

    it('a refusal that changes nothing does not renew the cookie; a change does', async () => {
      const a = await withPostcode();
      const refused = await a
        .post('/api/cart/items')
        .send({ type: 'coal', productId: 999_999, attributeId: null });
      expect(refused.status).toBe(404);
      expect(cartCookie(refused)).toBeUndefined();
      expect(cartCookie(await addCoal(a))).toMatch(/^cartId=[0-9a-f-]{36};.*expires=/i);
    });

    it('deletes carts not changed for more than 30 days, with their lines, and keeps the rest', async () => {
      const stale = body(await addCoal(await withPostcode(), 3)).cart.cartId ?? '';
      const recent = body(await addCoal(await withPostcode(), 1)).cart.cartId ?? '';
      const fresh = body(await addCoal(await withPostcode(), 1)).cart.cartId ?? '';
      await age(stale, 31);
      await age(recent, 29);
      const db = t.db.handle.db;
      expect(await db.select().from(cartItems).where(eq(cartItems.cartId, stale))).toHaveLength(1);

      expect(await sweepStaleCarts(db, { olderThanDays: 30 })).toBe(1);
      const left = await db
        .select({ id: carts.id })
        .from(carts)
        .where(inArray(carts.id, [stale, recent, fresh]));
      expect(left.map((r) => r.id).sort()).toEqual([recent, fresh].sort());
      expect(await db.select().from(cartItems).where(eq(cartItems.cartId, stale))).toEqual([]);
      // The visitor whose cookie outlived it (it cannot, see above) would just see no cart.
      const gone = await request(t.app.callback())
        .get('/api/cart')
        .set('Cookie', `cartId=${stale}`);
      expect(body(gone).cart.cartId).toBeNull();
    });

    it('two sweeps at once (two processes) share the work in bounded batches and do not fail', async () => {
      const ids = Array.from({ length: 30 }, () => uuidv4());
      const db = t.db.handle.db;
      await db.insert(carts).values(
        ids.map((id, i) => ({
          id,
          updatedAt: sql`now() - make_interval(days => ${40 + i}::integer)`,
        })),
      );
      const [x, y] = await Promise.all([
        sweepStaleCarts(db, { batch: 4 }),
        sweepStaleCarts(db, { batch: 4 }),
      ]);
      expect(x + y).toBe(30);
      expect(await db.select().from(carts).where(inArray(carts.id, ids))).toEqual([]);
      // A bounded sweep stops after maxBatches; the next carries on.
      const more = Array.from({ length: 5 }, () => uuidv4());
      await db
        .insert(carts)
        .values(more.map((id) => ({ id, updatedAt: sql`now() - interval '40 days'` })));
      expect(await sweepStaleCarts(db, { batch: 2, maxBatches: 2 })).toBe(4);
      expect(await sweepStaleCarts(db, { batch: 2, maxBatches: 2 })).toBe(1);
    });

    it('the scheduler sweeps soon after start, and stop waits for it', async () => {
      const id = uuidv4();
      const db = t.db.handle.db;
      await db.insert(carts).values({ id, updatedAt: sql`now() - interval '31 days'` });
      const sweeper = createCartSweeper({
        db,
        logger: createLogger('silent'),
        firstDelayMs: 0,
        intervalMs: 3_600_000,
      });
      sweeper.start();
      sweeper.start(); // harmless
      let left = 1;
      // Bounded: 100 looks, 20 ms apart.
      for (let i = 0; i < 100 && left > 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        left = (await db.select().from(carts).where(eq(carts.id, id))).length;
      }
      await sweeper.stop();
      expect(left).toBe(0);
      expect(await sweeper.sweep()).toBe(0);
    });
  });

  describe('totals, delivery and the minimum order', () => {
    it('charges the northern-ireland rate and enforces its £30 minimum', async () => {
      const a = await withPostcode();
      const price = size(coal).price ?? 0; // £24.95
      let cart = body(await addCoal(a, 1)).cart;
      expect(cart).toMatchObject({
        count: 1,
        subtotal: price,
        deliveryCharge: 600,
        minimumOrder: 3000,
        total: price + 600,
        meetsMinimumOrder: false,
        minimumOrderMessage: 'The minimum order for delivery to this postcode is £30.00.',
      });
      const refused = await a.get('/api/cart/checkout-check');
      expect(refused.status).toBe(422);
      expect(body(refused).message).toBe(
        'The minimum order for delivery to this postcode is £30.00.',
      );

      cart = body(await addCoal(a, 1)).cart;
      expect(cart.subtotal).toBe(2 * price);
      expect(cart.meetsMinimumOrder).toBe(true);
      expect(cart.minimumOrderMessage).toBeNull();
      const allowed = await a.get('/api/cart/checkout-check');
      expect(allowed.status).toBe(200);
      expect(body(allowed).message).toBe(messages.cart.readyForCheckout);
    });

    it('refuses checkout for an empty cart', async () => {
      const res = await agent().get('/api/cart/checkout-check');
      expect(res.status).toBe(422);
      expect(body(res).message).toBe(messages.cart.empty);
    });

    it('adds each zone once and takes the largest minimum when oil joins the cart', async () => {
      const a = await withPostcode();
      const oilPrice = size(oil).price ?? 0;
      let cart = body(
        await a
          .post('/api/cart/items')
          .send({ type: 'oil', productId: oil.id, attributeId: size(oil).id }),
      ).cart;
      expect(cart).toMatchObject({
        subtotal: oilPrice,
        deliveryCharge: 0,
        minimumOrder: 15000,
        total: oilPrice,
        meetsMinimumOrder: true,
      });
      expect((await addCoal(a, 1)).status).toBe(200);
      cart = body(await addCoal(a, 1, 1)).cart;
      const coalTotal = (size(coal).price ?? 0) + (size(coal, 1).price ?? 0);
      expect(cart).toMatchObject({
        count: 3,
        subtotal: oilPrice + coalTotal,
        deliveryCharge: 600,
        minimumOrder: 15000,
        total: oilPrice + coalTotal + 600,
      });
    });

    it('sums the rates of the distinct zones present', async () => {
      const db = t.db.handle.db;
      await db.update(shippingZones).set({ rate: 2500 }).where(eq(shippingZones.title, 'oil'));
      try {
        const a = await withPostcode();
        await a
          .post('/api/cart/items')
          .send({ type: 'oil', productId: oil.id, attributeId: size(oil).id });
        const cart = body(await addCoal(a, 2)).cart;
        expect(cart.deliveryCharge).toBe(600 + 2500);
        expect(cart.total).toBe(cart.subtotal + 600 + 2500);
      } finally {
        await db.update(shippingZones).set({ rate: 0 }).where(eq(shippingZones.title, 'oil'));
      }
    });

    it('leaves out, with a note, a line the catalogue no longer sells', async () => {
      const a = await withPostcode();
      const [temp] = await t.db.handle.db
        .insert(products)
        .values({
          type: 'other',
          title: 'Seasonal Kindling',
          slug: 'seasonal-kindling',
          price: 400,
        })
        .returning({ id: products.id });
      const kindling = { type: 'other', productId: temp?.id, quantity: 10 };
      expect((await a.post('/api/cart/items').send(kindling)).status).toBe(200);
      // A product without sizes merges too (the line index treats "no size" as one size).
      const merged = body(await a.post('/api/cart/items').send(kindling)).cart;
      expect(merged.items).toHaveLength(1);
      expect(line(merged, temp?.id ?? 0, null)).toMatchObject({ attribute: null, quantity: 20 });
      await addCoal(a, 2);
      await t.db.handle.db
        .update(products)
        .set({ purchasable: false })
        .where(eq(products.slug, 'seasonal-kindling'));
      const cart = body(await a.get('/api/cart')).cart;
      expect(cart.items.map((i) => i.productId)).toEqual([coal.id]);
      expect(cart.subtotal).toBe(2 * (size(coal).price ?? 0));
      expect(cart.warnings).toEqual([messages.cart.itemUnavailable('Seasonal Kindling')]);
    });
  });
});

describe('cart cookie Secure flag (COOKIE_SECURE)', () => {
  const flagOf = async (env: Record<string, string>, headers: Record<string, string> = {}) => {
    // Only the configuration differs: every app shares the file's database. Production needs a
    // PUBLIC_URL; `npm start` on a fresh machine sets this one.
    const withUrl =
      env.NODE_ENV === 'production' ? { PUBLIC_URL: 'http://localhost:3000', ...env } : env;
    const app = await createTestApp({ env: withUrl, db: t.db });
    try {
      const res = await request(app.app.callback())
        .put('/api/cart/postcode')
        .set(headers)
        .send({ postcode: 'BT1 1AA' });
      expect(res.status).toBe(200);
      return /;\s*secure/i.test(cartCookie(res) ?? '');
    } finally {
      await app.close();
    }
  };

  it('is not set in production over plain HTTP by default (npm start on localhost)', async () => {
    expect(await flagOf({ NODE_ENV: 'production' })).toBe(false);
  });

  it('is set in production for HTTPS reported by a trusted proxy', async () => {
    const https = { 'X-Forwarded-Proto': 'https' };
    expect(await flagOf({ NODE_ENV: 'production', TRUST_PROXY: 'true' }, https)).toBe(true);
    // An untrusted X-Forwarded-Proto is ignored.
    expect(await flagOf({ NODE_ENV: 'production' }, https)).toBe(false);
  });

  it('is always set with COOKIE_SECURE=true (TLS ended by a proxy)', async () => {
    expect(await flagOf({ COOKIE_SECURE: 'true' })).toBe(true);
  });
});
