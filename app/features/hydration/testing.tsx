import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router-dom';

/**
 * For browser tests of hydration: the HTML the server renders for `url` of `routes` (the static
 * handler, then `StaticRouterProvider` without its hydration script). A lazy module in it (a
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
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />,
    );
  let html = render();
  for (let tries = 0; html.includes('<!--$!-->') && tries < 50; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    html = render();
  }
  return html;
}
