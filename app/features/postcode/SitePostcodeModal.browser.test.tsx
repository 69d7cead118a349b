import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../api/domain/messages';
import type { FormOutcome } from '../../../api/domain/pageForms';
import { createToaster, ToasterProvider } from '../../../ui';
import { CartProvider } from '../cart';
import { createFakeCartApi, type FakeCartApi, type FakeCartState } from '../cart/testing';
import { SitePostcodeModal } from './SitePostcodeModal';
import { hydrateRouter, renderServerHtml } from '../hydration/testing';

/**
 * The Set Postcode dialog's server-rendered target (DESIGN.md, Rendering): the server's HTML has
 * the dialog's form in a panel; the browser hydrates that HTML as it is (no mismatch), then the
 * modal takes over with what was typed, and `postcode` leaves the URL with a replace.
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

function routes(api: FakeCartApi, form: FormOutcome | null): RouteObject[] {
  const initialCart = api.view();
  return [
    {
      id: 'root',
      path: '/',
      loader: () => ({ form, notice: null }),
      element: (
        <ToasterProvider toaster={createToaster()}>
          <CartProvider initialCart={initialCart} api={api}>
            <SitePostcodeModal />
          </CartProvider>
        </ToasterProvider>
      ),
      children: [{ path: '*', element: null }],
    },
  ];
}

/** The server's HTML for `url` (the panel's module loaded, as the server does before rendering). */
async function serverHtml(url: string, cart: FakeCartState, form: FormOutcome | null) {
  await import('./StaticPostcodeDialog');
  return renderServerHtml(routes(createFakeCartApi(cart), form), url);
}

async function hydrate(
  url: string,
  api: FakeCartApi,
  form: FormOutcome | null,
  html: string,
  before?: () => void,
) {
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  before?.();
  const router = createMemoryRouter(routes(api, form), {
    initialEntries: [url],
    hydrationData: { loaderData: { root: { form, notice: null } } },
  });
  await act(async () => {
    root = hydrateRouter(container as HTMLDivElement, router, (error) => recoverable.push(error));
  });
  return router;
}

const title = messages.postcode.modalTitle;

function postcodeField(scope: ParentNode): HTMLInputElement {
  const element = scope.querySelector('[name="postcode"], input[type="text"]');
  if (!(element instanceof HTMLInputElement)) throw new Error('no postcode field');
  return element;
}

/**
 * The modal's code is a chunk of its own, loaded after hydration: on a busy two-core machine that
 * has taken more than expect.poll's default second, so the waits for it have a bound of their own.
 */
const chunkLoad = { timeout: 15_000 };

async function modal(): Promise<HTMLElement> {
  await expect
    .poll(() => document.querySelector('[data-modal-overlay] [role="dialog"]'), chunkLoad)
    .not.toBeNull();
  const dialog = document.querySelector<HTMLElement>('[data-modal-overlay] [role="dialog"]');
  if (!dialog) throw new Error('no modal');
  return dialog;
}

describe('the Set Postcode dialog before and after the script', () => {
  it('?postcode: hydrates the server panel, becomes the modal with the typed postcode, drops the flag', async () => {
    const url = '/about?x=1&postcode';
    const html = await serverHtml(url, {}, null);
    expect(html).toContain('data-static-postcode');
    expect(html).toContain(messages.postcode.resetWarning);

    const api = createFakeCartApi();
    const router = await hydrate(url, api, null, html, () => {
      // Typed before the script ran.
      postcodeField(container as HTMLDivElement).value = 'bt1 1aa';
    });

    const dialog = await modal();
    expect(dialog).toHaveAccessibleName(title);
    // The shared flag opened it, as the dialog's openers do.
    expect(api.calls).toContain('PUT /api/cart/postcode-modal true');
    expect(postcodeField(dialog).value).toBe('BT11AA');
    await expect
      .poll(() => container?.querySelector('[data-static-postcode]') ?? null, chunkLoad)
      .toBeNull();
    await expect.poll(() => router.state.location.search, chunkLoad).toBe('?x=1');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(recoverable).toEqual([]);
  });

  it('a cart waiting for a postcode: the server renders the dialog open, the modal takes over', async () => {
    const cart: FakeCartState = {
      showPostcodeModal: true,
      pending: { type: 'coal', productId: 1, attributeId: 11, quantity: 2 },
    };
    const html = await serverHtml('/about', cart, null);
    expect(html).toContain('data-static-postcode');
    expect(html.replace(/<!-- -->/g, '')).toContain(
      messages.postcode.pendingItem('2 × Premium House Coal, 40kg bag'),
    );

    const api = createFakeCartApi(cart);
    await hydrate('/about', api, null, html);
    const dialog = await modal();
    expect(dialog).toHaveTextContent(
      messages.postcode.pendingItem('2 × Premium House Coal, 40kg bag'),
    );
    await expect
      .poll(() => container?.querySelector('[data-static-postcode]') ?? null, chunkLoad)
      .toBeNull();
    // Already open by the cart's flag: nothing asked of the API.
    expect(api.calls).toEqual([]);
    expect(recoverable).toEqual([]);
  });

  it('after a refusal the server panel stays, with the message and the value sent', async () => {
    const form: FormOutcome = {
      intent: 'set-postcode',
      status: 400,
      message: messages.postcode.invalidModal,
      errors: [messages.postcode.invalidModal],
      values: { postcode: 'BT1' },
    };
    const html = await serverHtml('/about?postcode', {}, form);
    expect(html).toContain(messages.postcode.invalidModal);
    expect(html).toContain('value="BT1"');

    const api = createFakeCartApi();
    await hydrate('/about?postcode', api, form, html);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container?.querySelector('[data-static-postcode]')).not.toBeNull();
    expect(document.querySelector('[data-modal-overlay]')).toBeNull();
    expect(api.calls).toEqual([]);
    expect(recoverable).toEqual([]);
  });

  it('renders no panel on an ordinary page', async () => {
    const html = await serverHtml('/about', {}, null);
    expect(html).not.toContain('data-static-postcode');
    await hydrate('/about', createFakeCartApi(), null, html);
    expect(document.querySelector('[data-modal-overlay]')).toBeNull();
    expect(recoverable).toEqual([]);
  });
});
