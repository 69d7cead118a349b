import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyCartView } from '../../api/domain/cart';
import { createSession } from '../features/auth';
import type { Product } from '../features/catalogue';
import {
  ContentIslandRoot,
  createIslandCart,
  type IslandContext,
} from '../features/layout/islands';
import { staticSiteRouter } from '../features/navigation';
import { renderIsland } from '../pages/catalogue/orderFormIsland';
import { orderFormIslandKind } from '../pages/islandKinds';
import { startContentIslands } from './contentIslands';

/*
 * A content island as app/entry-server.tsx renders it, hydrated by the browser's own code: the
 * same tree on both sides, so React (a development build here) warns of no difference, and the
 * page's hold on the hydrated marker is released.
 */

const product: Product = {
  id: 'house-coal',
  type: 'coal',
  title: 'House Coal',
  slug: 'house-coal',
  description: 'A bright, long-lasting fire.',
  price: 1895,
  bestSeller: false,
  sizes: [
    { id: '25kg', title: '25kg', price: 1895, litres: null, priceSetAt: '2026-11-01T00:00:00Z' },
  ],
  images: [],
  categories: [],
};

const url = new URL('https://fuelyard.test/products/domestic/bagged-coal');

function islandContext(start: boolean): IslandContext {
  return {
    router: staticSiteRouter(url, {}),
    session: createSession({ user: null }, { start }),
    cart: createIslandCart(emptyCartView(), { start }),
  };
}

/** The island's element as the server sends it, put in the document. */
function serverIsland(props: string, id = 'i0-'): HTMLElement {
  const element = document.createElement('div');
  element.dataset.island = orderFormIslandKind;
  element.dataset.islandId = id;
  element.dataset.props = props;
  element.innerHTML = renderToString(
    <ContentIslandRoot context={islandContext(false)} onHydrated={() => undefined}>
      {renderIsland(JSON.parse(props) as unknown)}
    </ContentIslandRoot>,
    { identifierPrefix: id },
  );
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('a content island', () => {
  it("hydrates the server's HTML without a warning, then releases the page", async () => {
    const problems = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    const element = serverIsland(JSON.stringify({ product }));
    const form = element.querySelector('form');
    expect(form).not.toBeNull();
    const release = vi.fn();
    await startContentIslands([element], islandContext(true), [release]);
    await vi.waitFor(() => expect(release).toHaveBeenCalledTimes(1));
    // Hydrated in place: the server's form is the one on the page.
    expect(element.querySelector('form')).toBe(form);
    expect(problems).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });

  it("whose props cannot be read keeps the server's HTML and releases the page at once", async () => {
    const element = serverIsland(JSON.stringify({ product }));
    const html = element.innerHTML;
    element.dataset.props = '{"product":';
    const release = vi.fn();
    await startContentIslands([element], islandContext(true), [release]);
    expect(release).toHaveBeenCalledTimes(1);
    expect(element.innerHTML).toBe(html);
  });
});
