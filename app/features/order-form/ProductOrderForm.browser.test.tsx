import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../api/domain/messages';
import type { FormOutcome } from '../../../api/domain/pageForms';
import { createToaster, ToasterProvider } from '../../../ui';
import { CartProvider } from '../cart';
import { createFakeCartApi, type FakeCartState } from '../cart/testing';
import { ProductOrderForm } from './ProductOrderForm';
import { kerosene } from './storyFixtures';
import { hydrateRouter, renderServerHtml } from '../hydration/testing';

/**
 * A product card's order form before and after the script (DESIGN.md, Rendering): the server's
 * HTML is a form posted to its page with the item's fields, and Add to Cart is in it (hidden by
 * CSS until a postcode is typed); the browser hydrates it as it is, keeps what was typed before,
 * and from then on the form is the machine's, as before.
 */

let root: Root | undefined;
let container: HTMLDivElement | undefined;
const recoverable: unknown[] = [];

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  container = undefined;
  recoverable.length = 0;
});

function routes(cart: FakeCartState, form: FormOutcome | null): RouteObject[] {
  const api = createFakeCartApi(cart);
  return [
    {
      id: 'root',
      path: '/',
      loader: () => ({ form, notice: null }),
      element: (
        <ToasterProvider toaster={createToaster()}>
          <CartProvider initialCart={api.view()} api={api}>
            <ProductOrderForm product={kerosene} />
          </CartProvider>
        </ToasterProvider>
      ),
      children: [{ path: '*', element: null }],
    },
  ];
}

const url = '/products/domestic/oil';

async function serverHtml(cart: FakeCartState, form: FormOutcome | null): Promise<string> {
  return renderServerHtml(routes(cart, form), url);
}

async function hydrate(
  cart: FakeCartState,
  form: FormOutcome | null,
  html: string,
  before?: () => void,
) {
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  before?.();
  const router = createMemoryRouter(routes(cart, form), {
    initialEntries: [url],
    hydrationData: { loaderData: { root: { form, notice: null } } },
  });
  await act(async () => {
    root = hydrateRouter(container as HTMLDivElement, router, (error) => recoverable.push(error));
  });
}

const postcode = () => container?.querySelector<HTMLInputElement>('input[name="postcode"]') ?? null;
const addToCart = () => container?.querySelector('[data-add-to-cart]') ?? null;

describe("a product card's order form before and after the script", () => {
  it('is a post to its page with the item; Add to Cart waits for a postcode', async () => {
    const html = await serverHtml({}, null);
    const form = new DOMParser().parseFromString(html, 'text/html').querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe(url);
    const fields = new FormData(form as HTMLFormElement);
    expect(fields.get('intent')).toBe('add-to-cart');
    expect(fields.get('type')).toBe('oil');
    expect(fields.get('productId')).toBe(kerosene.id);
    expect(fields.get('attributeId')).toBe(kerosene.sizes[0]?.id);
    expect(fields.get('savedPostcode')).toBe('');
    expect(html).toContain('data-add-to-cart');

    await hydrate({}, null, html);
    expect(container?.querySelector('form')).toHaveAttribute('method', 'post');
    // The script's rule (SPEC §5): no Add to Cart without a postcode.
    await expect.poll(addToCart).toBeNull();
    expect(recoverable).toEqual([]);
  });

  it('keeps a postcode typed before the script, and offers Add to Cart', async () => {
    const html = await serverHtml({}, null);
    await hydrate({}, null, html, () => {
      const field = postcode();
      if (field) field.value = '11AA';
    });
    await expect.poll(() => postcode()?.value).toBe('11AA');
    await expect.poll(addToCart).not.toBeNull();
    expect(recoverable).toEqual([]);
  });

  it('with a cart postcode: locked, and "Change postcode?" is the Set Postcode page until the script', async () => {
    const cart: FakeCartState = { postcode: 'BT11AA' };
    const html = await serverHtml(cart, null);
    const page = new DOMParser().parseFromString(html, 'text/html');
    const link = [...page.querySelectorAll('a')].find(
      (a) => a.textContent === messages.postcode.changePostcode,
    );
    expect(link?.getAttribute('href')).toBe(`${url}?postcode`);
    expect(page.querySelector('input[name="postcode"]')).toHaveAttribute('readonly');

    await hydrate(cart, null, html);
    await expect
      .poll(() =>
        [...(container?.querySelectorAll('button') ?? [])].some(
          (b) => b.textContent === messages.postcode.changePostcode,
        ),
      )
      .toBe(true);
    expect(recoverable).toEqual([]);
  });

  it('after the server refused it: starts from what was sent', async () => {
    const form: FormOutcome = {
      intent: 'add-to-cart',
      status: 400,
      message: messages.postcode.invalidModal,
      errors: [messages.postcode.invalidModal],
      values: { type: 'oil', productId: kerosene.id, attributeId: '92', postcode: '1A' },
    };
    const html = await serverHtml({}, form);
    const fields = new FormData(
      new DOMParser().parseFromString(html, 'text/html').querySelector('form') as HTMLFormElement,
    );
    expect(fields.get('attributeId')).toBe('92');
    expect(fields.get('postcode')).toBe('1A');
    await hydrate({}, form, html);
    expect(postcode()?.value).toBe('1A');
    expect(container).toHaveTextContent('500 Litres');
    expect(recoverable).toEqual([]);
  });
});
