import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  RouterProvider,
  StaticRouterProvider,
  type createMemoryRouter,
  type RouteObject,
} from 'react-router-dom';
import { reactRouterHooks, SiteRouterProvider } from '../navigation';

/**
 * For browser tests of hydration: the HTML the server renders for `url` of `routes` (the static
 * handler, then `StaticRouterProvider` without its hydration script), the site's parts reading
 * it through React Router's hooks as in the site's layout. A lazy module in it (a
 * server-rendered target) is lazy in the browser build the test runs in: the first render asks
 * for it and renders the client-rendering marker (`<!--$!-->`); once the module is there, it
 * renders in full, as the server does (which loads such modules before rendering). Import the
 * module first to save the retries.
 */
export async function renderServerHtml(routes: RouteObject[], url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://shop.test${url}`));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const render = () =>
    renderToString(
      <SiteRouterProvider value={reactRouterHooks}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </SiteRouterProvider>,
    );
  let html = render();
  for (let tries = 0; html.includes('<!--$!-->') && tries < 50; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    html = render();
  }
  return html;
}

/**
 * Hydrates `container`, holding the HTML of `renderServerHtml`, with `router`, the site's parts
 * reading it through React Router's hooks as in the site's layout. Recoverable errors (a mismatch
 * React had to render again) go to `onRecoverableError`.
 */
export function hydrateRouter(
  container: Element,
  router: ReturnType<typeof createMemoryRouter>,
  onRecoverableError: (error: unknown) => void,
): Root {
  return hydrateRoot(
    container,
    <SiteRouterProvider value={reactRouterHooks}>
      <RouterProvider router={router} />
    </SiteRouterProvider>,
    { onRecoverableError },
  );
}
