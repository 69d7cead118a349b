import { and, asc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { cartItems, carts, productSizes, products } from '../db/schema';
import { messages } from '../domain/messages';
import { clearCartField, noticeCookieName } from '../domain/pageForms';
import { createLogger } from '../logger';
import { cartCookieName } from '../routes/cart';
import { formMessages } from '../ssr/forms/formBridge';
import { cartIntents, orderFormPostcode } from '../ssr/forms/cart';
import { realAppRuntime } from './appEntry';
import { createTestDatabase, testConfig, usingPostgres, type TestDatabase } from './harness';

/**
 * The cart, the Set Postcode dialog and the order forms before and without JavaScript (DESIGN.md,
 * Rendering), through HTTP against the real app's server rendering: the forms are read from the
 * pages the server renders and posted back as a browser would (api/ssr/forms/cart.ts), and the
 * `?postcode` and `?order-online` targets are rendered open in the first HTML.
 */
const origin = 'http://shop.test';
const slow = 120_000;
const oilPage = '/products/domestic/oil';

let db: TestDatabase;
let shop: ReturnType<ReturnType<typeof createApp>['callback']>;
let kerosene: { id: number; sizes: { id: number; title: string }[] };

beforeAll(async () => {
  db = await createTestDatabase();
  shop = createApp({
    config: testConfig({ PUBLIC_URL: origin }),
    database: db.handle,
    logger: createLogger('silent'),
    ssr: await realAppRuntime(),
  }).callback();
  const handle = db.handle.db;
  const [row] = await handle
    .select()
    .from(products)
    .where(eq(products.slug, 'kerosene-heating-oil'));
  if (!row) throw new Error('The seed has no kerosene');
  const sizes = await handle
    .select({ id: productSizes.id, title: productSizes.title })
    .from(productSizes)
    .where(eq(productSizes.productId, row.id))
    .orderBy(asc(productSizes.ordering), asc(productSizes.id));
  kerosene = { id: row.id, sizes };
}, slow);
afterAll(async () => {
  await db?.close();
});

const agent = () => request.agent(shop);
type Agent = ReturnType<typeof agent>;

/** The page's HTML without React's text separators. */
const textOf = (res: request.Response) => res.text.replace(/<!-- -->/g, '');

function cookiesOf(res: request.Response): string[] {
  const raw = res.headers['set-cookie'] as unknown;
  return Array.isArray(raw) ? (raw as string[]) : [];
}

/** Whether the page says `text` (without printing the whole page when it does not). */
function says(page: request.Response | string, text: string, present = true): void {
  const html = typeof page === 'string' ? page : textOf(page);
  expect(html.includes(text), `${present ? '' : 'not '}${JSON.stringify(text)}`).toBe(present);
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function attributesOf(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/\s([a-zA-Z-:]+)(?:="([^"]*)")?/g)) {
    found.set(match[1] ?? '', decode(match[2] ?? ''));
  }
  return found;
}

interface RenderedForm {
  attributes: Map<string, string>;
  /** The fields a browser would send (without a submit button's). */
  fields: [string, string][];
  /** The form's HTML. */
  html: string;
}

/** The fields of a stretch of HTML as a browser submits them: inputs, selected options. */
function fieldsIn(html: string): [string, string][] {
  const fields: [string, string][] = [];
  for (const match of html.matchAll(/<input\b[^>]*>/g)) {
    const attributes = attributesOf(match[0]);
    const name = attributes.get('name');
    const type = attributes.get('type') ?? 'text';
    if (!name || ['submit', 'button', 'checkbox', 'radio'].includes(type)) continue;
    fields.push([name, attributes.get('value') ?? '']);
  }
  for (const match of html.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attributesOf(match[1] ?? '').get('name');
    if (!name) continue;
    const options = [...(match[2] ?? '').matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/g)];
    const chosen = options.find((o) => attributesOf(o[1] ?? '').has('selected')) ?? options[0];
    if (chosen) fields.push([name, attributesOf(chosen[1] ?? '').get('value') ?? '']);
  }
  return fields;
}

/** Every form of a page, in order, with the fields joined to it from elsewhere (`form="id"`). */
function formsOf(html: string): RenderedForm[] {
  const outside = [...html.matchAll(/<input\b[^>]*\sform="([^"]+)"[^>]*>/g)];
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map((match) => {
    const attributes = attributesOf(match[1] ?? '');
    const id = attributes.get('id');
    const joined = outside.filter((input) => id !== undefined && input[1] === id);
    return {
      attributes,
      fields: [...fieldsIn(match[2] ?? ''), ...fieldsIn(joined.map((input) => input[0]).join(''))],
      html: match[0],
    };
  });
}

const intentOf = (form: RenderedForm) => form.fields.find(([name]) => name === 'intent')?.[1];

/** The first form of the page with this intent and this field value (if given). */
function formFor(html: string, intent: string, where: Record<string, string> = {}): RenderedForm {
  const found = formsOf(html).find(
    (form) =>
      intentOf(form) === intent &&
      Object.entries(where).every(([name, value]) =>
        form.fields.some(([n, v]) => n === name && v === value),
      ),
  );
  if (!found) throw new Error(`No form for ${intent} ${JSON.stringify(where)}`);
  return found;
}

/** A form's fields, with some replaced or added (as typed). */
function filled(form: RenderedForm, changes: Record<string, string> = {}): string {
  const fields = new URLSearchParams();
  for (const [name, value] of form.fields) {
    if (!(name in changes)) fields.append(name, value);
  }
  for (const [name, value] of Object.entries(changes)) fields.append(name, value);
  return fields.toString();
}

/** Posts a rendered form to its action, as the browser does. */
const submit = (a: Agent, form: RenderedForm, changes: Record<string, string> = {}) => {
  expect(form.attributes.get('method')).toBe('post');
  const action = form.attributes.get('action');
  expect(action).toBeTruthy();
  return a
    .post(action ?? '')
    .type('form')
    .send(filled(form, changes));
};

async function cartRow(a: Agent) {
  const res = await a.get('/api/cart');
  const cartId = (res.body as { cart: { cartId: string | null } }).cart.cartId;
  if (cartId === null) return null;
  const [row] = await db.handle.db.select().from(carts).where(eq(carts.id, cartId));
  const lines = await db.handle.db.select().from(cartItems).where(eq(cartItems.cartId, cartId));
  return row ? { ...row, lines } : null;
}

/** Follows a 303 and returns the page it leads to (with the notice). */
async function follow(a: Agent, res: request.Response): Promise<request.Response> {
  expect(res.status).toBe(303);
  const page = await a.get(String(res.headers.location));
  expect(page.status).toBe(200);
  return page;
}

/** The oil card's Add to Cart form on the oil page, as the server renders it. */
async function oilCardForm(a: Agent): Promise<RenderedForm> {
  const page = await a.get(oilPage);
  expect(page.status).toBe(200);
  return formFor(page.text, cartIntents.addToCart, { productId: String(kerosene.id) });
}

describe("the order form's postcode as the server reads it", () => {
  it('is the fixed prefix and what was typed after it, as the script reads it', () => {
    expect(orderFormPostcode('1 1aa')).toBe('BT11AA');
    // "BT" typed again before the district's digit is the prefix twice.
    expect(orderFormPostcode('bt47 1ab')).toBe('BT471AB');
    expect(orderFormPostcode('TA1')).toBe('BTTA1');
    // Nothing typed is no postcode at all (the API says 'Postcode required.').
    expect(orderFormPostcode('  ')).toBe('');
  });
});

describe(`the cart's forms without JavaScript (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    "renders each product card's Add to Cart as a post to its page, with the item's fields",
    async () => {
      const page = await agent().get(oilPage);
      expect(page.status).toBe(200);
      const cards = formsOf(page.text).filter((f) => intentOf(f) === cartIntents.addToCart);
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) {
        expect(card.attributes.get('method')).toBe('post');
        expect(card.attributes.get('action')).toBe(oilPage);
        const names = card.fields.map(([name]) => name);
        expect(names).toEqual(
          expect.arrayContaining(['type', 'productId', 'savedPostcode', 'attributeId', 'postcode']),
        );
        // Every card sends its size, also one with a single size (its select is disabled).
        expect(card.fields.filter(([name]) => name === 'attributeId')).toEqual([
          ['attributeId', expect.stringMatching(/^\d+$/)],
        ]);
      }
      // The button is in the HTML (CSS shows it once a postcode is typed).
      says(page.text, 'data-add-to-cart');
      says(page, messages.orderForm.addToCart);
    },
    slow,
  );

  it(
    "adds to the cart: the typed postcode first, then the item (303 to the page, 'Added to cart.')",
    async () => {
      const a = agent();
      const form = await oilCardForm(a);
      const size = kerosene.sizes[1];
      if (!size) throw new Error('Kerosene has one size');
      const res = await submit(a, form, { attributeId: String(size.id), postcode: 'bt1 1aa' });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(oilPage);
      const cookies = cookiesOf(res);
      expect(cookies.some((c) => c.startsWith(`${cartCookieName}=`))).toBe(true);
      expect(cookies.some((c) => c.startsWith(`${noticeCookieName}=`))).toBe(true);
      const cart = await cartRow(a);
      expect(cart?.postcode).toBe('BT11AA');
      expect(cart?.lines.map((l) => [l.productId, l.sizeId, l.quantity])).toEqual([
        [kerosene.id, size.id, 1],
      ]);
      const next = await follow(a, res);
      says(next, messages.cart.added);
      says(next.text, 'data-server-notices');
      // The card now shows the cart's postcode; the same post adds one more, setting nothing.
      const again = await submit(a, await oilCardForm(a), { attributeId: String(size.id) });
      expect(again.status).toBe(303);
      const after = await cartRow(a);
      expect(after?.lines.map((l) => l.quantity)).toEqual([2]);
    },
    slow,
  );

  it(
    'a refused add renders the page again with the status and the message, the postcode kept',
    async () => {
      const a = agent();
      const empty = await submit(a, await oilCardForm(a), { postcode: '' });
      expect(empty.status).toBe(400);
      expect(empty.headers['content-type']).toMatch(/text\/html/);
      says(empty, messages.postcode.required);
      expect(await cartRow(a)).toBeNull();

      const short = await submit(a, await oilCardForm(a), { postcode: '1A' });
      expect(short.status).toBe(400);
      says(short, messages.postcode.invalidModal);
      // The card that was sent shows what was typed.
      const card = formFor(short.text, cartIntents.addToCart, { productId: String(kerosene.id) });
      expect(card.fields).toContainEqual(['postcode', '1A']);

      // BT47 is outside the oil zone: refused before anything changes (no postcode is set, so
      // no "Postcode set." beside the refusal), what was typed kept.
      const far = await submit(a, await oilCardForm(a), { postcode: '47 1AB' });
      expect(far.status).toBe(422);
      says(far, messages.cart.cannotDeliver);
      says(far, messages.postcode.set, false);
      expect(await cartRow(a)).toBeNull();
      const farCard = formFor(far.text, cartIntents.addToCart, { productId: String(kerosene.id) });
      expect(farCard.fields).toContainEqual(['postcode', '471AB']);

      // Not a Northern Ireland postcode: the spec's wording, nothing set.
      const nowhere = await submit(a, await oilCardForm(a), { postcode: '99 9ZZ' });
      expect(nowhere.status).toBe(400);
      says(nowhere, messages.postcode.invalidModal);
      expect(await cartRow(a)).toBeNull();
    },
    slow,
  );

  it(
    "a new postcode over a cart with items asks first (409, 'Resetting the postcode will clear your cart.'); 'Clear cart and add' goes on",
    async () => {
      const a = agent();
      const first = await submit(a, await oilCardForm(a), { postcode: 'bt1 1aa' });
      expect(first.status).toBe(303);

      // The card shows the cart's postcode; the customer types another one over it.
      const asked = await submit(a, await oilCardForm(a), { postcode: '20 1AA' });
      expect(asked.status).toBe(409);
      says(asked, messages.postcode.resetWarning);
      says(asked, messages.orderForm.cartHolds(1, 'BT1 1AA'));
      // Nothing changed.
      const kept = await cartRow(a);
      expect(kept?.postcode).toBe('BT11AA');
      expect(kept?.lines).toHaveLength(1);
      // The card asks, with what was typed kept, and "Keep my cart" is a link back to the page.
      const card = formFor(asked.text, cartIntents.addToCart, { productId: String(kerosene.id) });
      expect(card.fields).toContainEqual(['postcode', '201AA']);
      expect(card.html).toContain(`name="${clearCartField}"`);
      says(card.html, messages.orderForm.clearCartAndAdd);
      expect(asked.text).toMatch(
        new RegExp(`<a[^>]*href="${oilPage}"[^>]*>${messages.orderForm.keepCart}</a>`),
      );

      // "Clear cart and add": the submit button's own field goes with the form.
      const cleared = await submit(a, card, { [clearCartField]: 'yes' });
      expect(cleared.status).toBe(303);
      const after = await cartRow(a);
      expect(after?.postcode).toBe('BT201AA');
      expect(after?.lines).toHaveLength(1);
    },
    slow,
  );

  it(
    'an add with no postcode anywhere (428) shows the Set Postcode dialog; its post adds the item and goes to /cart',
    async () => {
      const a = agent();
      const form = await oilCardForm(a);
      // A form without the postcode field, as another page's Add to Cart could be.
      const bare: RenderedForm = {
        ...form,
        fields: form.fields.filter(([name]) => name !== 'postcode' && name !== 'savedPostcode'),
      };
      const res = await submit(a, bare);
      expect(res.status).toBe(428);
      const html = textOf(res);
      says(html, messages.cart.postcodeRequired);
      // The cart asks for a postcode: the page has the dialog open, with the waiting item.
      says(html, 'data-static-postcode');
      says(html, messages.postcode.modalTitle);
      says(html, 'Set your delivery postcode to add Kerosene');

      const dialog = formFor(res.text, cartIntents.setPostcode);
      const set = await submit(a, dialog, { postcode: 'BT1 1AA' });
      expect(set.status).toBe(303);
      expect(set.headers.location).toBe('/cart');
      const cart = await cartRow(a);
      expect(cart?.postcode).toBe('BT11AA');
      expect(cart?.showPostcodeModal).toBe(false);
      expect(cart?.lines).toHaveLength(1);
      const next = await follow(a, set);
      says(next, messages.cart.added);
      says(next.text, 'data-static-postcode', false);
    },
    slow,
  );

  it(
    '?postcode renders the Set Postcode form in the first HTML; it sets the postcode or shows the refusal',
    async () => {
      const a = agent();
      const page = await a.get('/about?postcode');
      expect(page.status).toBe(200);
      const html = textOf(page);
      says(html, 'data-static-postcode');
      says(html, messages.postcode.resetWarning);
      const form = formFor(page.text, cartIntents.setPostcode);
      expect(form.attributes.get('action')).toBe('/about?postcode');
      expect(form.html).toContain('name="postcode"');

      const bad = await submit(a, form, { postcode: 'BT1' });
      expect(bad.status).toBe(400);
      const refused = textOf(bad);
      says(refused, messages.postcode.invalidModal);
      says(refused, 'data-static-postcode');
      expect(formFor(bad.text, cartIntents.setPostcode).fields).toContainEqual(['postcode', 'BT1']);

      const good = await submit(a, form, { postcode: 'BT1 1AA' });
      expect(good.status).toBe(303);
      expect(good.headers.location).toBe('/about');
      const next = await follow(a, good);
      says(next, messages.postcode.set);
      expect((await cartRow(a))?.postcode).toBe('BT11AA');

      // The same postcode again: 409, the dialog stays with the message.
      const same = await submit(a, form, { postcode: 'BT11AA' });
      expect(same.status).toBe(409);
      says(same, messages.postcode.alreadySet);
    },
    slow,
  );

  it(
    "the dialog's X posts: the shared flag and the waiting item go (303 to the page without ?postcode)",
    async () => {
      const a = agent();
      await a
        .post('/api/cart/items')
        .send({ type: 'oil', productId: kerosene.id, attributeId: kerosene.sizes[0]?.id });
      expect((await cartRow(a))?.showPostcodeModal).toBe(true);
      const page = await a.get('/about?postcode&x=1');
      const close = formFor(page.text, cartIntents.closePostcode);
      const res = await submit(a, close);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/about?x=1');
      const cart = await cartRow(a);
      expect(cart?.showPostcodeModal).toBe(false);
      expect(cart?.pendingItem).toBeNull();
      const next = await follow(a, res);
      says(next.text, 'data-static-postcode', false);
    },
    slow,
  );

  it(
    '?order-online renders the Order Online forms in the first HTML; one adds and closes it',
    async () => {
      const a = agent();
      const page = await a.get(`${oilPage}?order-online`);
      expect(page.status).toBe(200);
      const html = textOf(page);
      says(html, 'data-static-modal');
      says(html, messages.orderForm.tabs.oil);
      const form = formFor(page.text, cartIntents.addToCart, { type: 'oil' });
      expect(form.attributes.get('action')).toBe(`${oilPage}?order-online`);
      expect(form.html).toContain('name="choice"');
      const size = kerosene.sizes[0];
      if (!size) throw new Error('Kerosene has no size');
      // Nothing chosen: the API says what is missing, and the panel shows it.
      const none = await submit(a, form, { postcode: '11AA' });
      expect(none.status).toBe(400);
      says(none, messages.cart.productIdRequired);
      says(none, 'data-static-modal');

      // The panel again, as the refusal rendered it (the postcode was set before the add).
      const again = formFor(none.text, cartIntents.addToCart, { type: 'oil' });
      expect(again.fields).toContainEqual(['savedPostcode', 'BT11AA']);
      const res = await submit(a, again, {
        choice: `${kerosene.id}:${size.id}`,
        postcode: '11AA',
      });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(oilPage);
      const cart = await cartRow(a);
      expect(cart?.lines.map((l) => [l.productId, l.sizeId])).toEqual([[kerosene.id, size.id]]);
      const next = await follow(a, res);
      says(next, messages.cart.added);
      says(next.text, 'data-static-modal', false);
    },
    slow,
  );

  describe('the lines on /cart', () => {
    async function cartWithCoal(): Promise<{ a: Agent; lineId: string; html: string }> {
      const a = agent();
      await a.put('/api/cart/postcode').send({ postcode: 'BT1 1AA' });
      const added = await a.post('/api/cart/items').send({
        type: 'oil',
        productId: kerosene.id,
        attributeId: kerosene.sizes[0]?.id,
        quantity: 2,
      });
      expect(added.status).toBe(200);
      const cart = await cartRow(a);
      const lineId = cart?.lines[0]?.id;
      if (!lineId) throw new Error('No line');
      const page = await a.get('/cart');
      expect(page.status).toBe(200);
      // Change postcode: the page with the Set Postcode dialog open, before the script.
      says(page.text, 'href="/cart?postcode"');
      return { a, lineId, html: page.text };
    }

    /** The line's form with the intent of the button pressed (buttons name the action). */
    function lineForm(html: string, lineId: string, intent: string): RenderedForm {
      const form = formsOf(html).find((f) =>
        f.fields.some(([n, v]) => n === 'lineId' && v === lineId),
      );
      if (!form) throw new Error('No form for the line');
      const id = form.attributes.get('id') ?? '';
      const buttons = [...html.matchAll(/<button\b[^>]*>/g)].map((m) => attributesOf(m[0]));
      const pressed = buttons.find((b) => b.get('form') === id && b.get('value') === intent);
      expect(pressed?.get('type')).toBe('submit');
      expect(pressed?.get('name')).toBe('intent');
      return { ...form, fields: [...form.fields, ['intent', intent]] };
    }

    it(
      'one fewer, one more and the whole line, each a post to /cart with its notice',
      async () => {
        const { a, lineId, html } = await cartWithCoal();
        const fewer = await submit(a, lineForm(html, lineId, cartIntents.removeOne));
        expect(fewer.headers.location).toBe('/cart');
        expect((await cartRow(a))?.lines.map((l) => l.quantity)).toEqual([1]);
        says(await follow(a, fewer), messages.cart.removed);

        const more = await submit(a, lineForm(html, lineId, cartIntents.addOne));
        expect(more.status).toBe(303);
        expect((await cartRow(a))?.lines.map((l) => l.quantity)).toEqual([2]);
        says(await follow(a, more), messages.cart.added);

        const page = await a.get('/cart');
        const whole = await submit(a, lineForm(page.text, lineId, cartIntents.removeLine));
        expect(whole.status).toBe(303);
        expect((await cartRow(a))?.lines).toEqual([]);
      },
      slow,
    );

    it(
      'Empty cart posts: the cart goes (303, its notice); a line that is gone is refused (404)',
      async () => {
        const { a, lineId, html } = await cartWithCoal();
        const empty = formFor(html, cartIntents.empty);
        const res = await submit(a, empty);
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe('/cart');
        expect(await cartRow(a)).toBeNull();
        says(await follow(a, res), messages.cart.emptied);

        const gone = await submit(a, lineForm(html, lineId, cartIntents.removeOne));
        expect(gone.status).toBe(404);
        says(gone, messages.cart.lineNotFound);
      },
      slow,
    );

    it("refuses the cart page's forms posted to another page (400)", async () => {
      const { a, lineId } = await cartWithCoal();
      const res = await a
        .post('/about')
        .type('form')
        .send(new URLSearchParams({ intent: cartIntents.removeOne, lineId }).toString());
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toBe(formMessages.unknown);
      const lines = await db.handle.db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.id, lineId)));
      expect(lines.map((l) => l.quantity)).toEqual([2]);
    });
  });
});
