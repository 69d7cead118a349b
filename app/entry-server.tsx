import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import type { RenderContext, RenderResult } from '../api/domain/ssr';
import { ThemeProvider } from '../ui/theme';
import type { SessionUser } from '../api/domain/auth';
import { createSession, SessionProvider } from './features/auth';
import { executorCatalogueSource } from './features/catalogue';
import { preloadIslands } from './features/layout';
import { renderHeadTags, resolveMeta } from './meta';
import { createRoutes, type RootData } from './routes';
import { seoHeadTags } from './seo/head';
import { sitemapPaths } from './seo/sitemap';

/** Renders one request to HTML. Called by the API with an in-process GraphQL executor. */
export async function render(request: Request, context: RenderContext): Promise<RenderResult> {
  // One session lookup per request, shared by the root loader and the route guards.
  let user: Promise<SessionUser | null> | undefined;
  const currentUser = () => (user ??= context.user());
  const routes = createRoutes({
    user: currentUser,
    catalogue: executorCatalogueSource(context.graphql),
    publicConfig: context.publicConfig,
    cart: context.cart,
    checkout: context.checkout,
    // Omitted by the API (tests): no order can be shown.
    orderAccess: context.orderAccess ?? (() => Promise.resolve(false)),
    // Omitted by the API (tests): the browser loads the order, or the payment session.
    ...(context.order ? { order: context.order } : {}),
    ...(context.testPaymentSession ? { testPaymentSession: context.testPaymentSession } : {}),
    ...(context.orderDeliveryDays ? { orderDeliveryDays: context.orderDeliveryDays } : {}),
    form: context.form ?? null,
    notice: context.notice ?? null,
  });
  const handler = createStaticHandler(routes);
  const routerContext = await handler.query(request);

  if (routerContext instanceof Response) {
    const location = routerContext.headers.get('Location');
    if (routerContext.status >= 300 && routerContext.status < 400 && location) {
      return { type: 'redirect', status: routerContext.status, location };
    }
    throw new Error(`Unexpected ${routerContext.status} response while rendering ${request.url}`);
  }

  const router = createStaticRouter(handler.dataRoutes, routerContext);
  // The layout's deferred-hydration islands (header, footer) are rendered in full here.
  await preloadIslands();
  // Not started on the server: it only holds the customer, so the header renders as it hydrates.
  const session = createSession({ user: await currentUser().catch(() => null) }, { start: false });
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ThemeProvider>
          <SessionProvider session={session}>
            <StaticRouterProvider router={router} context={routerContext} nonce={context.nonce} />
          </SessionProvider>
        </ThemeProvider>,
      ),
    );
    // React writes the preloads of high-priority images (the first product pictures, the LCP) at
    // the start of the page's HTML, after the head's 20 KB of styles and its script preloads.
    // Moved to the head's top, the browser asks for them first.
    const imagePreloads = /^(?:<link rel="preload" as="image"[^>]*>)+/.exec(html)?.[0] ?? '';
    const firstError = routerContext.errors ? Object.values(routerContext.errors)[0] : undefined;
    const matches = routerContext.matches.map((match) => ({
      handle: match.route.handle,
      data: routerContext.loaderData[match.route.id],
    }));
    const meta = resolveMeta(matches, firstError);
    const deepest = routerContext.matches[routerContext.matches.length - 1];
    const root = routerContext.loaderData.root as RootData | undefined;
    // Canonical, social and structured data tags: built here only, so the browser never loads
    // their code. The request's origin is the site's as the API decided it (PUBLIC_URL, else the
    // validated Host), and the page cache keys each page by it and its address.
    const seo = seoHeadTags({
      url: new URL(request.url),
      meta,
      ok: routerContext.statusCode === 200 && firstError === undefined,
      route: deepest?.route,
      data: deepest ? routerContext.loaderData[deepest.route.id] : undefined,
      catalogue: root?.catalogue ?? null,
    });
    const head = `${imagePreloads}${renderHeadTags(meta)}\n${seo}\n${sheet.getStyleTags()}`;
    return {
      type: 'document',
      status: routerContext.statusCode,
      head,
      html: html.slice(imagePreloads.length),
    };
  } finally {
    sheet.seal();
  }
}

/** The paths listed in sitemap.xml (the API adds the origin). */
export async function sitemap(context: Pick<RenderContext, 'graphql'>): Promise<string[]> {
  return sitemapPaths(executorCatalogueSource(context.graphql));
}
