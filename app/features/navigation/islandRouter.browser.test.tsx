import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserSiteRouter, resolveSiteTo } from './islandRouter';
import {
  SiteRouterProvider,
  useSiteLocation,
  useSiteNavigate,
  useSiteRootData,
  type SiteLocation,
  type SiteNavigate,
} from './siteRouter';

/*
 * The site router of the pages of islands: the browser's address and history, with a change
 * of query or fragment kept in the page (how the header's dialogs open and close).
 */

let root: Root | undefined;
let container: HTMLDivElement | undefined;
const start = window.location.href;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  window.history.replaceState(null, '', start);
});

describe('resolveSiteTo', () => {
  const here = new URL('https://shop.test/products/domestic?x=1#top');

  it('reads a string as a link would', () => {
    expect(resolveSiteTo('/cart', here).href).toBe('https://shop.test/cart');
    expect(resolveSiteTo('?menu', here).href).toBe('https://shop.test/products/domestic?menu');
  });

  it("keeps the path, and the query unless a path is given, as React Router's objects do", () => {
    expect(resolveSiteTo({ search: '?wsm' }, here).href).toBe(
      'https://shop.test/products/domestic?wsm',
    );
    expect(resolveSiteTo({ hash: '#a' }, here).href).toBe(
      'https://shop.test/products/domestic?x=1#a',
    );
    expect(resolveSiteTo({ pathname: '/cart' }, here).href).toBe('https://shop.test/cart');
  });
});

describe('browserSiteRouter', () => {
  function render(router: ReturnType<typeof browserSiteRouter>) {
    const seen: SiteLocation[] = [];
    let navigate: SiteNavigate = () => undefined;
    let data: unknown;
    function Probe() {
      seen.push(useSiteLocation());
      navigate = useSiteNavigate();
      data = useSiteRootData();
      return null;
    }
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() =>
      root?.render(
        <SiteRouterProvider value={router}>
          <Probe />
        </SiteRouterProvider>,
      ),
    );
    return { seen, navigate: (...args: Parameters<SiteNavigate>) => navigate(...args), data };
  }

  it("starts at the browser's address as the server's page, with its root data", () => {
    const rootData = { catalogue: 'seeded' };
    const { seen, data } = render(browserSiteRouter(rootData));
    const here = new URL(window.location.href);
    expect(seen.at(-1)).toEqual({
      pathname: here.pathname,
      search: here.search,
      hash: here.hash,
      state: null,
      key: 'default',
    });
    expect(data).toBe(rootData);
  });

  it('keeps a change of query in the page, in history, and Back goes back to it', async () => {
    let left = 0;
    const { seen, navigate } = render(browserSiteRouter(undefined, { beforeLeave: () => left++ }));
    const path = window.location.pathname;
    act(() => void navigate({ pathname: path, search: '?postcode' }, { state: { from: 'add' } }));
    expect(window.location.search).toBe('?postcode');
    expect(seen.at(-1)).toMatchObject({
      pathname: path,
      search: '?postcode',
      state: { from: 'add' },
    });
    expect(seen.at(-1)?.key).not.toBe('default');

    act(() => void navigate({ pathname: path, search: '' }, { replace: true }));
    expect(seen.at(-1)).toMatchObject({ search: '', state: null });

    const back = new Promise((resolve) =>
      window.addEventListener('popstate', resolve, { once: true }),
    );
    window.history.back();
    await act(async () => {
      await back;
    });
    // The entry before the first navigation: the server's page again.
    expect(seen.at(-1)).toMatchObject({ search: new URL(start).search, key: 'default' });
    // Nothing left the page.
    expect(left).toBe(0);
  });
});
