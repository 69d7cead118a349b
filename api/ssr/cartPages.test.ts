import { describe, expect, it } from 'vitest';
import { emptyCartView, type CartView } from '../domain/cart';
import { cartInHydrationData, createCartPages, recordingCart } from './cartPages';
import { createPageCache } from './pageCache';

const cart = (id: string, count: number, postcode = 'BT11AA', title = 'Coal'): CartView => ({
  ...emptyCartView(),
  cartId: id,
  postcode,
  count,
  items: [
    {
      id: `line-${id}`,
      type: 'coal',
      productId: 1,
      attributeId: 1,
      title,
      attribute: '40kg bag',
      price: 2495,
      quantity: count,
      image: null,
      lineTotal: 2495 * count,
    },
  ],
});

/** A page as React Router writes it: the markup, then the hydration data with the whole cart. */
function pageFor(view: CartView, markup: string, nonce: string): string {
  const data = JSON.stringify(JSON.stringify({ loaderData: { root: { cart: view } } })).replace(
    /[&<>\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<main>${markup}</main><script nonce="${nonce}">window.__d = JSON.parse(${data});</script>`;
}

describe('recordingCart', () => {
  it('notes the fields read, but not those only serialised', () => {
    const read = new Set<string>();
    const recorded = recordingCart(cart('a', 2), read);
    expect(JSON.parse(JSON.stringify({ cart: recorded }))).toEqual({ cart: cart('a', 2) });
    expect([...read]).toEqual([]);
    expect(recorded.count).toBe(2);
    expect('postcode' in recorded).toBe(true);
    expect([...read].sort()).toEqual(['count', 'postcode']);
    const spread = { ...recorded };
    expect(spread.cartId).toBe('a');
    expect(read.has('cartId')).toBe(true);
  });
});

describe('cartInHydrationData', () => {
  it('is the cart exactly as it stands in the hydration script, escapes and all', () => {
    const tricky = cart('a', 1, 'BT11AA', 'Coal & <logs> "best"\u2028');
    const page = pageFor(tricky, '', 'n');
    const data = cartInHydrationData(tricky);
    expect(data).toContain('\\u0026');
    expect(data).toContain('\\u003c');
    expect(page.split(data)).toHaveLength(2);
  });
});

describe('createCartPages', () => {
  const render = (pages: ReturnType<typeof createCartPages>, view: CartView, markup: string) =>
    pageFor(view, markup, pages.nonce);

  it('answers another cart with the same read values, with its own data and nonce', () => {
    const pages = createCartPages(createPageCache());
    const one = cart('1111', 1);
    expect(pages.keep('/', one, new Set(['count']), 200, render(pages, one, '<b>1</b>'))).toBe(
      true,
    );
    const two = cart('2222', 1, 'BT71NN', 'Logs');
    const answer = pages.answer('/', two, 'NONCE2');
    expect(answer?.status).toBe(200);
    expect(answer?.html).toBe(pageFor(two, '<b>1</b>', 'NONCE2'));
    expect(pages.answer('/', cart('3333', 2), 'N')).toBeNull();
    expect(pages.answer('/other', two, 'N')).toBeNull();
  });

  it('keeps pages apart by the values of every field read', () => {
    const pages = createCartPages(createPageCache());
    const one = cart('1111', 1);
    pages.keep('/p', one, new Set(['count', 'postcode']), 200, render(pages, one, 'BT11AA'));
    expect(pages.answer('/p', cart('2222', 1, 'BT71NN'), 'N')).toBeNull();
    expect(pages.answer('/p', cart('2222', 1), 'N')?.html).toContain('BT11AA');
  });

  it('never keeps a page that read the id, or whose cart data is not there once', () => {
    const pages = createCartPages(createPageCache());
    const one = cart('1111', 1);
    const keep = (read: string[], html: string) => pages.keep('/', one, new Set(read), 200, html);
    expect(keep(['cartId'], render(pages, one, ''))).toBe(false);
    expect(keep(['count'], '<main>no data</main>')).toBe(false);
    const twice = render(pages, one, '');
    expect(keep(['count'], twice + twice)).toBe(false);
    // The id shown somewhere the page did not say it read (e.g. through a copy of the cart).
    expect(keep(['count'], render(pages, one, '<a href="/cart/1111">'))).toBe(false);
    expect(pages.answer('/', cart('2222', 1), 'N')).toBeNull();
  });

  it('remembers at most four sets of read fields per page', () => {
    const pages = createCartPages(createPageCache());
    const one = cart('1111', 1);
    const sets = [['count'], ['postcode'], ['items'], ['total'], ['subtotal']];
    const kept = sets.map((fields) =>
      pages.keep('/', one, new Set(fields), 200, render(pages, one, fields.join())),
    );
    expect(kept).toEqual([true, true, true, true, false]);
  });
});
