import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { emptyCartView } from '../api/domain/cart';
import type { RenderContext, RenderResult } from '../api/domain/ssr';
import { ThemeProvider } from '../ui/theme';
import type { SessionUser } from '../api/domain/auth';
import { createSession, SessionProvider } from './features/auth';
import { executorCatalogueSource } from './features/catalogue';
import {
  HeaderIslandHtml,
  PageIslandsHtml,
  preloadIslands,
  type PageIsland,
} from './features/layout';
import {
  ContentIslandRoot,
  createIslandCart,
  loadHeaderIsland,
  type IslandContext,
} from './features/layout/islands';
import { staticSiteRouter } from './features/navigation';
import { renderHeadTags, resolveMeta } from './meta';
import type { CataloguePageData } from './pages/catalogue/definitions';
import { isOwnAddress } from './pageAddress';
import { createRoutes, type IslandsHandle, type PageQueryHandle, type RootData } from './routes';
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
    ...(context.pendingConfirmation ? { pendingConfirmation: context.pendingConfirmation } : {}),
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
  const url = new URL(request.url);
  const root = routerContext.loaderData.root as RootData | undefined;
  const deepest = routerContext.matches[routerContext.matches.length - 1];
  const handle = deepest?.route.handle as
    (PageQueryHandle & { islands?: IslandsHandle }) | undefined;
  const islandsHandle = handle?.islands;
  const pageQuery = handle?.query ?? [];
  // The home page, the catalogue pages and the cart (routes with `handle.islands`), as they are
  // for every first visit, start in the browser as islands: only their header and their content's
  // islands (the order forms, the cart's contents) hydrate, without the client router (DESIGN.md,
  // Rendering). When the server renders more that needs script (a dialog opened by a query or by
  // a cart waiting for a postcode, a form's outcome), it is a page of the router's.
  const islands =
    islandsHandle !== undefined &&
    [...url.searchParams.keys()].every((key) => pageQuery.includes(key)) &&
    routerContext.statusCode === 200 &&
    !routerContext.errors &&
    !context.form &&
    !context.notice &&
    root?.cart?.showPostcodeModal !== true;
  const sheet = new ServerStyleSheet();
  try {
    let headerIsland: string | null = null;
    const pageIslands = new Map<string, PageIsland>();
    if (islands) {
      const islandContext: IslandContext = {
        router: staticSiteRouter(url, root),
        session,
        cart: createIslandCart(root?.cart ?? emptyCartView(), { start: false }),
      };
      const { HeaderIsland, headerIslandPrefix } = await loadHeaderIsland();
      headerIsland = renderToString(sheet.collectStyles(<HeaderIsland context={islandContext} />), {
        identifierPrefix: headerIslandPrefix,
      });
      const content = deepest
        ? await contentIslandsOf(islandsHandle, routerContext.loaderData[deepest.route.id])
        : [];
      content.forEach(({ key, kind, props, element }, index) => {
        // Without an R or r, as the header's prefix (HeaderIsland.tsx).
        const id = `i${index}-`;
        const html = renderToString(
          sheet.collectStyles(
            <ContentIslandRoot context={islandContext} onHydrated={noop}>
              {element}
            </ContentIslandRoot>,
          ),
          { identifierPrefix: id },
        );
        pageIslands.set(key, { kind, id, props: JSON.stringify(props), html });
      });
    }
    const html = renderToString(
      sheet.collectStyles(
        <ThemeProvider>
          <SessionProvider session={session}>
            <HeaderIslandHtml value={headerIsland}>
              <PageIslandsHtml value={islands ? pageIslands : null}>
                <StaticRouterProvider
                  router={router}
                  context={routerContext}
                  nonce={context.nonce}
                />
              </PageIslandsHtml>
            </HeaderIslandHtml>
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
      islands,
      ownAddress: isOwnAddress(url, deepest?.pathname, pageQuery),
    };
  } finally {
    sheet.seal();
  }
}

/** A content island's `onHydrated` on the server, where nothing hydrates. */
function noop(): void {}

/** The islands of a page's content besides its header, each with the element it renders. */
async function contentIslandsOf(
  handle: IslandsHandle,
  data: unknown,
): Promise<{ key: string; kind: string; props: object; element: ReactElement | null }[]> {
  if (handle.content === 'catalogue') {
    const { orderFormIslands, renderIsland } = await import('./pages/catalogue/orderFormIsland');
    return orderFormIslands(data as CataloguePageData).map((island) => ({
      ...island,
      element: renderIsland(island.props),
    }));
  }
  if (handle.content === 'cart') {
    const { cartIslands, renderIsland } = await import('./pages/cartIsland');
    return cartIslands().map((island) => ({ ...island, element: renderIsland() }));
  }
  return [];
}

/** The paths listed in sitemap.xml (the API adds the origin). */
export async function sitemap(context: Pick<RenderContext, 'graphql'>): Promise<string[]> {
  return sitemapPaths(executorCatalogueSource(context.graphql));
}
