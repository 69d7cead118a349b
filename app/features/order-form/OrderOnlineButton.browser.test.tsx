import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emptyCartView } from '../../../api/domain/cart';
import { messages } from '../../../api/domain/messages';
import type { FormOutcome } from '../../../api/domain/pageForms';
import { createToaster, ToasterProvider } from '../../../ui';
import { CartProvider } from '../cart';
import { createFakeCartApi } from '../cart/testing';
import { OrderOnlineButton } from './OrderOnlineButton';
import { kerosene, storyCatalogue } from './storyFixtures';
import { hydrateRouter, renderServerHtml } from '../hydration/testing';

/**
 * The Order Online modal's server-rendered target (DESIGN.md, Rendering): the server's HTML for a
 * page with `?order-online` has the modal's forms in a panel; the browser hydrates that HTML as it
 * is (no mismatch), then the modal takes over, starting from what was chosen and typed there, and
 * `order-online` leaves the URL with a replace. Without the flag, the button is a link to it.
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
  for (const overlay of document.querySelectorAll('[data-modal-overlay]')) overlay.remove();
});

function routes(form: FormOutcome | null): RouteObject[] {
  const api = createFakeCartApi();
  return [
    {
      id: 'root',
      path: '/',
      loader: () => ({ catalogue: storyCatalogue, form, notice: null }),
      element: (
        <ToasterProvider toaster={createToaster()}>
          <CartProvider initialCart={emptyCartView()} api={api}>
            <header>
              <OrderOnlineButton />
            </header>
          </CartProvider>
        </ToasterProvider>
      ),
      children: [{ path: '*', element: null }],
    },
  ];
}

async function serverHtml(url: string, form: FormOutcome | null): Promise<string> {
  await import('./StaticOrderOnline');
  return renderServerHtml(routes(form), url);
}

async function hydrate(url: string, form: FormOutcome | null, html: string, before?: () => void) {
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  before?.();
  const router = createMemoryRouter(routes(form), {
    initialEntries: [url],
    hydrationData: {
      loaderData: { root: { catalogue: storyCatalogue, form, notice: null } },
    },
  });
  await act(async () => {
    root = hydrateRouter(container as HTMLDivElement, router, (error) => recoverable.push(error));
  });
  return router;
}

async function modal(): Promise<HTMLElement> {
  await expect
    .poll(() => document.querySelector('[data-modal-overlay] [role="dialog"]'), { timeout: 5000 })
    .not.toBeNull();
  const dialog = document.querySelector<HTMLElement>('[data-modal-overlay] [role="dialog"]');
  if (!dialog) throw new Error('no modal');
  return dialog;
}

function oilForm(scope: ParentNode): HTMLFormElement {
  const form = scope.querySelector('form[data-order-type="oil"]');
  if (!(form instanceof HTMLFormElement)) throw new Error('no oil form');
  return form;
}

describe('Order Online before and after the script', () => {
  it('without the flag: a link to the page with it, and no panel', async () => {
    const html = await serverHtml('/about?x=1', null);
    expect(html).not.toContain('data-static-modal');
    expect(html).toContain('href="/about?x=1&amp;order-online"');
    await hydrate('/about?x=1', null, html);
    expect(document.querySelector('[data-modal-overlay]')).toBeNull();
    expect(recoverable).toEqual([]);
  });

  it('?order-online: hydrates the panel, becomes the modal with what was chosen, drops the flag', async () => {
    const url = '/about?order-online';
    const html = await serverHtml(url, null);
    expect(html).toContain('data-static-modal');
    expect(html).toContain('name="choice"');
    for (const tab of Object.values(messages.orderForm.tabs)) {
      expect(html.replace(/&amp;/g, '&')).toContain(tab);
    }

    const router = await hydrate(url, null, html, () => {
      // Chosen and typed before the script ran.
      const form = oilForm(container as HTMLDivElement);
      const choice = form.elements.namedItem('choice') as HTMLSelectElement;
      choice.value = `${kerosene.id}:92`;
      const postcode = form.elements.namedItem('postcode') as HTMLInputElement;
      postcode.value = '11AA';
    });

    const dialog = await modal();
    expect(dialog).toHaveAccessibleName(messages.orderOnline);
    // The oil tab, where the choice was made, with that choice.
    const selected = dialog.querySelector('[role="tab"][aria-selected="true"]');
    expect(selected).toHaveTextContent(messages.orderForm.tabs.oil);
    expect(dialog).toHaveTextContent('500 Litres');
    expect(dialog).toHaveTextContent('£305.00');
    const postcode = dialog.querySelector<HTMLInputElement>('input[name="postcode"]');
    expect(postcode?.value).toBe('11AA');
    await expect.poll(() => container?.querySelector('[data-static-modal]') ?? null).toBeNull();
    await expect.poll(() => router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(recoverable).toEqual([]);
  });

  it('after a refusal of its form the panel stays, with the message and the choice sent', async () => {
    const form: FormOutcome = {
      intent: 'add-to-cart',
      status: 422,
      message: messages.cart.cannotDeliver,
      errors: [],
      values: { type: 'oil', choice: `${kerosene.id}:93`, postcode: '471AB' },
    };
    const html = await serverHtml('/about?order-online', form);
    expect(html).toContain(messages.cart.cannotDeliver);
    await hydrate('/about?order-online', form, html);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const panel = container?.querySelector('[data-static-modal]');
    expect(panel).not.toBeNull();
    const choice = oilForm(panel as Element).elements.namedItem('choice') as HTMLSelectElement;
    expect(choice.value).toBe(`${kerosene.id}:93`);
    expect(document.querySelector('[data-modal-overlay]')).toBeNull();
    expect(recoverable).toEqual([]);
  });
});
