import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyCartView } from '../api/domain/cart';
import type { GraphQLExecutor } from '../api/domain/ssr';
import { ThemeProvider } from '../ui/theme';
import { render } from './entry-server';
import { emptyCatalogue } from './features/catalogue';
import { createRoutes } from './routes';

/**
 * The 404 page comes from the catch-all route's loader. React Router (whose development build is
 * what Node loads, in production too) warns on the console about a matched leaf route without a
 * component: a 404 must render without any console output, on the server and in the browser.
 */
const graphql: GraphQLExecutor = async () => ({ data: emptyCatalogue });
const notFoundText = 'The page you are searching for cannot be found. Sorry for any inconvenience.';

function watchConsole() {
  return (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation(() => undefined),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the 404 page', () => {
  it.each(['/no-such-page', '/ABOUT', '/products/nothing/here'])(
    'is server-rendered for %s without console output',
    async (path) => {
      const spies = watchConsole();
      const result = await render(new Request(`http://localhost${path}`), {
        nonce: 'n',
        graphql,
        publicConfig: { analytics: null, testPayments: false },
        cart: async () => emptyCartView(),
        user: () => Promise.resolve(null),
        checkout: async () => {
          throw new Error('no checkout on this page');
        },
      });
      if (result.type !== 'document') throw new Error(`expected a document, got ${result.type}`);
      expect(result.status).toBe(404);
      expect(result.html).toContain('Page not found');
      expect(result.html).toContain(notFoundText);
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    },
  );

  it('is shown after client-side navigation to an unknown path, without console output', async () => {
    const spies = watchConsole();
    const router = createMemoryRouter(
      createRoutes({ catalogue: async () => emptyCatalogue, cart: async () => emptyCartView() }),
      { initialEntries: ['/about'] },
    );
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    await router.navigate('/no-such-page');
    expect(router.state.location.pathname).toBe('/no-such-page');
    const html = renderToString(
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>,
    );
    expect(html).toContain('Page not found');
    expect(html).toContain(notFoundText);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    router.dispose();
  });
});
