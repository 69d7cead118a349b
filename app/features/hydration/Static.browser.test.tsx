import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import {
  createMemoryRouter,
  Link,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Static } from './Static';
import { routedHref, routeStaticLinks } from './staticLinks';
import { renderServerHtml } from './testing';

/**
 * A static section (DESIGN.md, Rendering: hydrate only what is interactive): the browser keeps
 * the server's HTML and runs none of its components; its links still go through the router.
 */

let root: Root | undefined;
let container: HTMLDivElement | undefined;
let unroute: (() => void) | undefined;
const recoverable: unknown[] = [];
/** How many times the static section's content rendered. */
let contentRenders = 0;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  unroute?.();
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  container = undefined;
  unroute = undefined;
  recoverable.length = 0;
});

function Content() {
  contentRenders += 1;
  return (
    <p>
      Read our <a href="/faqs">FAQs</a>, the <a href="/downloads/price-list.pdf">price list</a>,{' '}
      <a href="/faqs" target="_blank">
        FAQs in a new tab
      </a>{' '}
      or <a href="https://example.com/">another site</a>.
    </p>
  );
}

/** One page component for two routes, as the information pages are. */
function Page() {
  const { pathname } = useLocation();
  return (
    <main>
      <Static as="section" aria-label="About us">
        <h2>Page {pathname}</h2>
        <Content />
      </Static>
      <Link to="/faqs">Hydrated FAQs</Link>
      <Link to="/delivery">Hydrated delivery</Link>
    </main>
  );
}

const routes: RouteObject[] = [
  { path: '/', element: <Page /> },
  { path: '/delivery', element: <Page /> },
  {
    path: '/faqs',
    element: (
      <main>
        <h1>Frequently Asked Questions</h1>
        <Link to="/">Home</Link>
      </main>
    ),
  },
];

async function serverHtml(): Promise<string> {
  return renderServerHtml(routes, '/');
}

async function hydrate() {
  const html = await serverHtml();
  contentRenders = 0;
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  unroute = routeStaticLinks((to) => void router.navigate(to));
  await act(async () => {
    root = hydrateRoot(container as HTMLDivElement, <RouterProvider router={router} />, {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
  return router;
}

const linkNamed = (name: string) =>
  [...(container?.querySelectorAll('a') ?? [])].find((a) => a.textContent === name);

describe('a static section', () => {
  it("keeps the server's HTML and runs none of its content's components", async () => {
    await hydrate();
    expect(contentRenders).toBe(0);
    expect(container?.querySelector('[data-static]')).toHaveTextContent('Read our FAQs');
    expect(container?.querySelector('[data-static]')).toHaveAttribute('aria-label', 'About us');
    expect(recoverable).toEqual([]);
  });

  it('routes a plain click on its link through the router, and renders as usual when mounted later', async () => {
    const router = await hydrate();
    // Listeners on the document run in order: this one, added after the router's, sees its answer.
    const prevented: boolean[] = [];
    const record = (event: MouseEvent) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault(); // never the test page's own navigation
    };
    document.addEventListener('click', record);
    try {
      await act(async () => linkNamed('FAQs')?.click());
      expect(prevented).toEqual([true]);
      expect(router.state.location.pathname).toBe('/faqs');
      expect(container?.querySelector('h1')).toHaveTextContent('Frequently Asked Questions');

      await act(async () => linkNamed('Home')?.click());
      expect(router.state.location.pathname).toBe('/');
      // Mounted by a navigation, the section renders its content like any other.
      expect(contentRenders).toBe(1);
      expect(container?.querySelector('[data-static]')).toHaveTextContent('Read our FAQs');

      // A modified click (a new tab) is the browser's: the router stays where it is.
      prevented.length = 0;
      const modified = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
      await act(async () => linkNamed('FAQs')?.dispatchEvent(modified));
      expect(prevented).toEqual([false]);
      expect(router.state.location.pathname).toBe('/');
    } finally {
      document.removeEventListener('click', record);
    }
  });

  it('shows the new content when the page under it changes', async () => {
    const router = await hydrate();
    await act(async () => linkNamed('Hydrated delivery')?.click());
    expect(router.state.location.pathname).toBe('/delivery');
    expect(container?.querySelector('h2')).toHaveTextContent('Page /delivery');
    expect(container?.querySelectorAll('[data-static]')).toHaveLength(1);
    expect(contentRenders).toBe(1);
    expect(recoverable).toEqual([]);
  });

  it("routes static and deferred parts' links; leaves to the browser files, targets, other sites, jumps", () => {
    const here = new URL('http://shop.test/about?x=1') as unknown as Location;
    const host = document.createElement('div');
    document.body.append(host);
    const anchor = (html: string, inStatic: boolean | 'deferred' = true) => {
      const section = document.createElement('div');
      if (inStatic === 'deferred') section.dataset.deferred = '';
      else if (inStatic) section.dataset.static = '';
      section.innerHTML = html;
      host.append(section);
      return section.querySelector('a') as HTMLAnchorElement;
    };
    try {
      expect(routedHref(anchor('<a href="/faqs?x=1#a">a</a>'), here)).toBe('/faqs?x=1#a');
      expect(routedHref(anchor('<a href="/about?x=2">a</a>'), here)).toBe('/about?x=2');
      expect(routedHref(anchor('<a href="/faqs">a</a>', 'deferred'), here)).toBe('/faqs');
      expect(routedHref(anchor('<a href="/faqs">a</a>', false), here)).toBeNull();
      expect(routedHref(anchor('<a href="/downloads/list.pdf">a</a>'), here)).toBeNull();
      expect(routedHref(anchor('<a href="/api/cart">a</a>'), here)).toBeNull();
      expect(routedHref(anchor('<a href="/faqs" target="_blank">a</a>'), here)).toBeNull();
      expect(routedHref(anchor('<a href="/faqs" download>a</a>'), here)).toBeNull();
      expect(routedHref(anchor('<a href="https://example.com/faqs">a</a>'), here)).toBeNull();
      expect(routedHref(anchor('<a href="/about?x=1#top">a</a>'), here)).toBeNull();
    } finally {
      host.remove();
    }
  });
});
