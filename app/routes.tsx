import { lazy, Suspense, type ComponentType } from 'react';
import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { emptyCartView, type CartView } from '../api/domain/cart';
import { messages } from '../api/domain/messages';
import type { CheckoutSummary, OrderView } from '../api/domain/order';
import type { OrderDeliveryDays } from '../api/domain/orderDeliveryDay';
import type * as AdminPageModules from './pages/admin/pages';
import { outcomeFor, type FormOutcome } from '../api/domain/pageForms';
import { isPageDataError } from '../api/domain/pageData';
import { isStaff } from '../api/domain/roles';
import type { PublicConfig, TestPaymentSession } from '../api/domain/ssr';
import type { ContentDoc } from './content/markdown';
import type { PendingConfirmation } from '../api/domain/auth';
import { authTexts, HOME_PATH, redirectRules, type SessionUser } from './features/auth';
import { loadCatalogueSafely, type Catalogue, type CatalogueSource } from './features/catalogue';
import {
  cartAfterBlockedCheckout,
  checkoutAfter,
  checkoutFormFields,
  checkoutIntents,
  checkoutPageMeta,
  loadCheckoutApi,
  newIdempotencyKey,
  notPaidStatuses,
  paymentNoticeOf,
  successPath,
} from './features/checkout';
import {
  PageErrorBoundary,
  RootErrorBoundary,
  SiteLayout,
  type LayoutName,
} from './features/layout';
import { titleFor, type PageMeta, type RouteHandle } from './meta';
import type * as Pages from './pages/catalogue/definitions';
import { dropServerHead } from './seo/clientHead';

export interface AppDeps {
  catalogue: CatalogueSource;
  /** The visitor's cart: in-process on the server (from the cookie), /api/cart in the browser. */
  cart: () => Promise<CartView>;
  /** Server only: browser-safe settings, handed to the browser in the root loader's data. */
  publicConfig?: PublicConfig;
  /**
   * The visitor's cart priced for checkout, with or without the domestic-use declaration:
   * in-process on the server, GET /api/checkout in the browser (the default).
   */
  checkout?: (domesticUse: boolean) => Promise<CheckoutSummary>;
  /**
   * The signed-in customer, or null: the request's session on the server, the session actor in
   * the browser (once it knows). Route guards (SPEC §8) and the header's first HTML read it.
   */
  user?: () => Promise<SessionUser | null>;
  /**
   * Server only: whether the visitor may see an order (its `?token=`, or its signed-in owner), so
   * /order/{id} answers 404 when it cannot be shown. In the browser the page asks the API itself
   * (the token may be in this tab's sessionStorage).
   */
  orderAccess?: (orderId: string, token: string | null) => Promise<boolean>;
  /**
   * Server only: the order as GET /api/orders/{id} answers it when the visitor may see it (the
   * same check as `orderAccess`), else null, so the order pages show it in their first HTML. In
   * the browser the pages load it themselves.
   */
  order?: (orderId: string, token: string | null) => Promise<OrderView | null>;
  /**
   * Server only: the order's delivery days (whether its day can change, and the days on offer) as
   * GET /api/orders/{id}/delivery-days answers them, when the visitor may see the order, else
   * null, so the order page's "Change delivery day" works without script. In the browser the
   * page loads them itself.
   */
  orderDeliveryDays?: (orderId: string, token: string | null) => Promise<OrderDeliveryDays | null>;
  /**
   * Server only: the test provider's session for /pay/test/{id} (null when unknown), so its page
   * and its buttons work before and without script. In the browser the page loads it itself.
   */
  testPaymentSession?: (sessionId: string) => Promise<TestPaymentSession | null>;
  /**
   * Server only: the address a live confirmation link proves (null for a dead link), so
   * /user/verify-email says which address it confirms. The page is opened from an e-mail, so
   * always by the server first; the browser keeps what that render found.
   */
  pendingConfirmation?: (token: string) => Promise<PendingConfirmation | null>;
  /** Server only: the form the server just refused on this page (a post without JavaScript). */
  form?: FormOutcome | null;
  /** Server only: the notice of a form posted without JavaScript just before. */
  notice?: string | null;
}

/** Browser-safe settings when the server gave none (tests, and never in the browser). */
const defaultPublicConfig: PublicConfig = { analytics: null, testPayments: false };

export interface RootData {
  catalogue: Catalogue;
  /** The server's year, so the footer's copyright line hydrates without a mismatch. */
  year: number;
  publicConfig: PublicConfig;
  /** The cart as the server saw it, so the first HTML already has the badge count. */
  cart: CartView;
  /** The customer the page was rendered for (seeds the browser's session: no flash). */
  user: SessionUser | null;
  /** The page's refused form, when a post without JavaScript was refused (api/ssr/forms). */
  form: FormOutcome | null;
  /** A notice carried from the form posted just before, shown once. */
  notice: string | null;
}

/**
 * Strict path matching: routes are case-sensitive, and a trailing slash (other than "/") is a
 * different path, so `/about/` is a 404 rather than a second copy of `/about`.
 */
export function assertStrictPath(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
    throw data(messages.notFound.framework, { status: 404 });
  }
  return url;
}

/**
 * A loader's failure as the router should see it: the server's PageDataError (its database
 * failed) becomes the error page with its status (503 while the database is out of reach) and
 * its safe message; anything else is left as it is.
 */
function asRouteError(error: unknown): unknown {
  return isPageDataError(error) ? data(error.message, { status: error.status }) : error;
}

/** Runs a loader, turning the server's PageDataError into a route error (see `asRouteError`). */
async function loading<T>(load: () => Promise<T> | T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw asRouteError(error);
  }
}

/** One catalogue request per app instance (per server request; once per browser session). */
function memoise(source: CatalogueSource): CatalogueSource {
  let pending: Promise<Catalogue> | undefined;
  return () => {
    pending ??= source().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/**
 * A page whose code is fetched when it first renders (not when its route matches): the back
 * office's pages for a browser that was not signed in as staff when the route was first matched.
 */
function deferredPage(component: () => Loaded): ComponentType {
  const Page = lazy(component);
  function DeferredPage() {
    return (
      <Suspense fallback={<p>{messages.loading}</p>}>
        <Page />
      </Suspense>
    );
  }
  return DeferredPage;
}

/** The catch-all route's component: its loader always throws the 404 before it could render. */
function NotFoundOutlet(): null {
  return null;
}

type Loaded = Promise<{ default: ComponentType }>;
type AdminPages = typeof AdminPageModules;
/** The back office's pages: one chunk, fetched only for staff (see `admin` below). */
const adminPages = () => import('./pages/admin/pages');
type PageLoader<T> = (args: LoaderFunctionArgs & { url: URL }) => Promise<T> | T;

function route<T>(
  path: string | null,
  component: () => Loaded,
  loader: PageLoader<T>,
  meta?: (data: T) => PageMeta,
  layout?: LayoutName,
): RouteObject {
  const handle: (RouteHandle & { layout?: LayoutName }) | undefined =
    meta || layout
      ? { ...(meta ? { meta: (d: unknown) => meta(d as T) } : {}), ...(layout ? { layout } : {}) }
      : undefined;
  const common = {
    loader: (args: LoaderFunctionArgs) => {
      // In the browser, a navigation leaves the server's canonical and social tags behind.
      dropServerHead(args.request);
      return loading(() => loader({ ...args, url: assertStrictPath(args.request) }));
    },
    lazy: async () => ({ Component: (await component()).default }),
    handle,
  };
  return path === null ? { index: true, ...common } : { path, caseSensitive: true, ...common };
}

/**
 * A page the server renders as islands when it can (app/entry-server.tsx, DESIGN.md, Rendering):
 * its route's `handle.islands`. A query parameter other than the page's own (`handle.query`)
 * makes it a page of the router's.
 */
export interface IslandsHandle {
  /** Its content's islands besides the header: a catalogue page's order forms, the cart's. */
  content?: 'catalogue' | 'cart';
}

function withIslands(page: RouteObject, islands: IslandsHandle): RouteObject {
  return { ...page, handle: { ...(page.handle as object | undefined), islands } };
}

/**
 * Route `handle.query`: the query parameters the page reads itself (a coal page's `category`),
 * none when absent. Only an address with no others is the page's own (app/pageAddress.ts): the
 * one the server's page cache may keep, and the one a page of islands starts as islands from.
 * Name only parameters the page reads, and whose wrong values it answers with a 404: each value
 * of a listed one is a page the cache may keep.
 */
export interface PageQueryHandle {
  query?: readonly string[];
}

function withQuery(page: RouteObject, query: readonly string[]): RouteObject {
  if (query.length === 0) return page;
  return { ...page, handle: { ...(page.handle as object | undefined), query } };
}

const contentMeta = (doc: ContentDoc): PageMeta => ({
  title: titleFor(doc.title),
  description: doc.description,
});
const pageMeta = (page: { title: string; description: string }): PageMeta => ({
  title: titleFor(page.title),
  description: page.description,
});

const content = {
  home: () => import('./content/pages/home.md'),
  about: () => import('./content/pages/about.md'),
  contact: () => import('./content/pages/contact.md'),
  faqs: () => import('./content/pages/faqs.md'),
  'privacy-policy': () => import('./content/pages/privacy-policy.md'),
  'terms-of-purchase': () => import('./content/pages/terms-of-purchase.md'),
};

const cartPage = {
  title: messages.cartPage.title,
  description: messages.cartPage.description,
};

/** Checkout and order pages: none is for search engines, each shows its own fixed title. */
const fixedMeta = (title: string, description: string) => (): PageMeta => ({
  title: titleFor(title),
  description,
});

/** `?order={id}` on /checkout/process and /checkout/success (404 without it). */
function orderParams(url: URL) {
  const orderId = url.searchParams.get('order');
  if (!orderId) throw data(messages.notFound.framework, { status: 404 });
  return { orderId, urlToken: url.searchParams.get('token') };
}

/** `path` with the address's order token kept (`&token=`), when it came with one. */
function withToken(path: string, { urlToken }: { urlToken: string | null }): string {
  return urlToken ? `${path}&token=${encodeURIComponent(urlToken)}` : path;
}

/** The catalogue pages' data; loaded with the first catalogue page the browser navigates to. */
const definitions = () => import('./pages/catalogue/definitions');

const infoPage = () => import('./pages/InfoPage');
const cataloguePage = () => import('./pages/catalogue/CataloguePage');
const indexPage = () => import('./pages/catalogue/SectionIndexPage');

/** `?redirect=` of a guest-only page, kept only when it is a local path. */
const guestPageData = async ({ url }: { url: URL }) => ({
  redirect: (await redirectRules()).safeRedirect(url.searchParams.get('redirect')),
});

export function createRoutes(deps: AppDeps): RouteObject[] {
  const catalogue = memoise(deps.catalogue);
  const currentUser = deps.user ?? (() => Promise.resolve(null));
  /** SPEC §8: a signed-in visitor on a guest-only page goes home. */
  const guestOnly =
    <T,>(load: PageLoader<T>): PageLoader<T> =>
    async (args) => {
      if (await currentUser()) throw redirect(HOME_PATH);
      return load(args);
    };
  /** SPEC §8: a page that needs auth sends a signed-out visitor to log in, then back. */
  const requireUser =
    <T,>(load: PageLoader<T>): PageLoader<T> =>
    async (args) => {
      if (await currentUser()) return load(args);
      const { loginPathFor } = await redirectRules();
      throw redirect(loginPathFor(args.url.pathname + args.url.search));
    };
  /**
   * The back office (docs/admin.md): staff only. Anyone else, signed in or not, gets the ordinary
   * 404, so the area is not revealed. The loader only guards: each page loads its data from
   * /api/admin in the browser, and its code is a lazy chunk of its own.
   */
  const staffOnly: PageLoader<Record<string, never>> = async () => {
    if (!isStaff(await currentUser())) throw data(messages.notFound.framework, { status: 404 });
    return {};
  };
  /** A back-office page: the staff-only loader, and its code from the back office's chunk. */
  const admin = (path: string, page: keyof AdminPages, title: string): RouteObject => {
    const component = async () => ({ default: (await adminPages())[page] });
    return {
      ...route(
        path,
        component,
        staffOnly,
        fixedMeta(`${title} | Back office`, 'The Fuelyard back office.'),
        'alternative',
      ),
      // The router resolves `lazy` for every matched route, even one whose loader answers 404, and
      // at hydration too: for anyone but staff it resolves to a stand-in that fetches the page's
      // code only if it ever renders (after a later staff sign-in), so customers never download it.
      lazy: async () => ({
        Component: isStaff(await currentUser())
          ? (await component()).default
          : deferredPage(component),
      }),
    };
  };
  // In the browser, the checkout API's module comes with the checkout page (not the first load).
  const checkout =
    deps.checkout ??
    (async (domesticUse: boolean) => (await loadCheckoutApi()).fetchCheckoutSummary(domesticUse));
  /**
   * The order of an order page for its first HTML: the order when the server may show it, null
   * when it may not; undefined when only the browser can tell (it holds this tab's token).
   */
  const pageOrder = async (
    orderId: string,
    urlToken: string | null,
  ): Promise<OrderView | null | undefined> => {
    if (deps.order) return deps.order(orderId, urlToken);
    if (deps.orderAccess) return (await deps.orderAccess(orderId, urlToken)) ? undefined : null;
    return undefined;
  };
  /**
   * /checkout/process and /checkout/success: the order, when the visitor may see it (the token in
   * the address, the order-token cookie checkout set for these pages, or the signed-in owner);
   * otherwise the 404 page. In the browser (client navigation) the page loads it itself.
   */
  const afterPaymentOrder = async (url: URL) => {
    const { orderId, urlToken } = orderParams(url);
    const order = await pageOrder(orderId, urlToken);
    if (order === null) throw data(messages.notFound.framework, { status: 404 });
    return { orderId, urlToken, order: order ?? null };
  };
  const doc = (name: keyof typeof content) => async () => (await content[name]()).default;

  const listing = (
    path: string,
    build: (
      pages: typeof Pages,
      c: Catalogue,
      args: { url: URL; params: Record<string, string | undefined> },
    ) => Pages.CataloguePageData,
    /** The query parameters the page reads (PageQueryHandle): a coal page's `category`. */
    query: readonly string[] = [],
  ) =>
    withIslands(
      withQuery(
        route(
          path,
          cataloguePage,
          async ({ url, params }) => build(await definitions(), await catalogue(), { url, params }),
          pageMeta,
        ),
        query,
      ),
      { content: 'catalogue' },
    );
  const index = (
    path: string,
    build: (pages: typeof Pages, c: Catalogue) => Pages.SectionIndexData,
  ) => route(path, indexPage, async () => build(await definitions(), await catalogue()), pageMeta);

  return [
    {
      id: 'root',
      path: '/',
      // A failed catalogue or cart leaves empty lists or an empty cart (SPEC §8), except when the
      // server's database failed: then the page is the error page (a PageDataError), never an
      // empty shop or a cart shown empty.
      loader: (): Promise<RootData> =>
        loading(async () => ({
          catalogue: await loadCatalogueSafely(catalogue),
          year: new Date().getFullYear(),
          publicConfig: deps.publicConfig ?? defaultPublicConfig,
          cart: await deps.cart().catch((error: unknown) => {
            if (isPageDataError(error)) throw error;
            console.error('Could not load the cart', error);
            return emptyCartView();
          }),
          user: await currentUser().catch((error: unknown) => {
            if (isPageDataError(error)) throw error;
            console.error('Could not read the session', error);
            return null;
          }),
          form: deps.form ?? null,
          notice: deps.notice ?? null,
        })),
      // The catalogue changes rarely; navigation does not refetch it.
      shouldRevalidate: () => false,
      Component: SiteLayout,
      ErrorBoundary: RootErrorBoundary,
      children: [
        {
          id: 'page',
          ErrorBoundary: PageErrorBoundary,
          children: [
            withIslands(
              route(
                null,
                () => import('./pages/HomePage'),
                doc('home'),
                (d) => ({ title: `${titleFor(d.title)}`, description: d.description }),
              ),
              {},
            ),
            route('about', infoPage, doc('about'), contentMeta),
            route('faqs', infoPage, doc('faqs'), contentMeta),
            route('privacy-policy', infoPage, doc('privacy-policy'), contentMeta),
            route('terms-of-purchase', infoPage, doc('terms-of-purchase'), contentMeta),
            route('contact', () => import('./pages/ContactPage'), doc('contact'), contentMeta),
            // The cart itself comes from the root loader (the cart store); this names the page.
            withIslands(
              route(
                'cart',
                () => import('./pages/CartPage'),
                () => cartPage,
                pageMeta,
              ),
              { content: 'cart' },
            ),

            // Checkout (issue 15). It opens only for a cart the server would take.
            route(
              'checkout',
              () => import('./pages/CheckoutPage'),
              async ({ url }) => {
                // After a checkout refused without script, the figures for the declaration sent.
                const refused = outcomeFor(deps.form, checkoutIntents.checkout);
                const summary = await checkout(
                  refused?.values[checkoutFormFields.domesticUse] !== undefined,
                );
                if (summary.blocked !== null) throw redirect(cartAfterBlockedCheckout);
                // The key a post without script is sent with (the script makes one per press).
                return { summary, payment: paymentNoticeOf(url), formKey: newIdempotencyKey() };
              },
              fixedMeta(
                checkoutPageMeta.checkout.pageTitle,
                checkoutPageMeta.checkout.pageDescription,
              ),
              'alternative',
            ),
            route(
              'checkout/process',
              () => import('./pages/CheckoutProcessPage'),
              async ({ url }) => {
                const loaded = await afterPaymentOrder(url);
                const status = loaded.order?.status;
                // Settled already (its webhook came first): where the page's script would go.
                if (status === 'paid')
                  throw redirect(withToken(successPath(loaded.orderId), loaded));
                if (status && notPaidStatuses.includes(status))
                  throw redirect(checkoutAfter(status));
                return loaded;
              },
              fixedMeta(checkoutPageMeta.process.pageTitle, checkoutPageMeta.process.description),
              'alternative',
            ),
            route(
              'checkout/success',
              () => import('./pages/CheckoutSuccessPage'),
              ({ url }) => afterPaymentOrder(url),
              fixedMeta(checkoutPageMeta.success.pageTitle, checkoutPageMeta.success.description),
              'alternative',
            ),
            route(
              'order',
              () => import('./pages/user/OrdersPage'),
              requireUser(() => ({})),
              fixedMeta(authTexts.orders.pageTitle, authTexts.orders.description),
            ),
            route(
              'order/:id',
              () => import('./pages/OrderPage'),
              async ({ url, params }) => {
                const orderId = params.id ?? '';
                const urlToken = url.searchParams.get('token');
                const [order, deliveryDays] = await Promise.all([
                  pageOrder(orderId, urlToken),
                  // Undefined in the browser: the page asks the API for them.
                  deps.orderDeliveryDays?.(orderId, urlToken),
                ]);
                // On the server, an order this visitor may not see is the ordinary 404 page.
                if (order === null) throw data(messages.notFound.framework, { status: 404 });
                return {
                  orderId,
                  urlToken,
                  order: order ?? null,
                  ...(deliveryDays ? { deliveryDays } : {}),
                };
              },
              fixedMeta(checkoutPageMeta.order.pageTitle, checkoutPageMeta.order.pageDescription),
              'alternative',
            ),

            // Customer accounts (issue 16).
            route(
              'user/login',
              () => import('./pages/user/LoginPage'),
              guestOnly(guestPageData),
              fixedMeta(authTexts.login.pageTitle, authTexts.login.description),
            ),
            route(
              'user/register',
              () => import('./pages/user/RegisterPage'),
              guestOnly(guestPageData),
              fixedMeta(authTexts.register.pageTitle, authTexts.register.description),
            ),
            route(
              'user/password-forgot',
              () => import('./pages/user/PasswordForgotPage'),
              guestOnly(() => ({})),
              fixedMeta(authTexts.forgot.pageTitle, authTexts.forgot.description),
            ),
            route(
              'user/password-reset',
              () => import('./pages/user/PasswordResetPage'),
              guestOnly(({ url }) => ({ token: url.searchParams.get('token') })),
              fixedMeta(authTexts.reset.pageTitle, authTexts.reset.description),
            ),
            // An e-mailed confirmation link (new account, or an e-mail change): for anyone, as
            // the owner may be signed in when confirming a change.
            route(
              'user/verify-email',
              () => import('./pages/user/VerifyEmailPage'),
              async ({ url }) => {
                const token = url.searchParams.get('token');
                const confirmation =
                  token && deps.pendingConfirmation
                    ? { known: true, pending: await deps.pendingConfirmation(token) }
                    : { known: false, pending: null };
                return { token, confirmation };
              },
              fixedMeta(authTexts.verify.pageTitle, authTexts.verify.description),
            ),
            route(
              'user/account',
              () => import('./pages/user/AccountPage'),
              requireUser(() => ({})),
              fixedMeta(authTexts.account.pageTitle, authTexts.account.description),
            ),
            // The auth callback: finishes a login and returns to where the visitor was going.
            route(
              'login',
              () => import('./pages/user/LoginCallbackPage'),
              async ({ url }) => {
                const { afterLogin, loginPathFor, safeRedirect } = await redirectRules();
                if (!(await currentUser())) {
                  throw redirect(loginPathFor(safeRedirect(url.searchParams.get('redirect'))));
                }
                throw redirect(afterLogin(url));
              },
            ),
            route(
              'pay/test/:sessionId',
              () => import('./pages/TestPaymentPage'),
              async ({ params, url }) => {
                const sessionId = params.sessionId ?? '';
                // "Pay with 3-D Secure" without script: the page with the challenge open.
                const step = url.searchParams.get('step') === 'challenge' ? 'challenge' : 'choose';
                if (!deps.testPaymentSession) return { sessionId, session: null, step };
                const session = await deps.testPaymentSession(sessionId);
                if (!session) throw data(messages.notFound.framework, { status: 404 });
                return { sessionId, session, step };
              },
              fixedMeta(
                checkoutPageMeta.testPayment.pageTitle,
                checkoutPageMeta.testPayment.pageDescription,
              ),
              'empty',
            ),

            // The back office (issue 20).
            admin('admin', 'AdminHomePage', 'Overview'),
            admin('admin/orders', 'AdminOrdersPage', 'Orders'),
            admin('admin/orders/:id', 'AdminOrderPage', 'Order'),
            admin('admin/prices', 'AdminPricesPage', 'Prices'),
            admin('admin/products', 'AdminProductsPage', 'Products'),
            admin('admin/products/:id', 'AdminProductPage', 'Product'),
            admin('admin/categories', 'AdminCategoriesPage', 'Categories'),
            admin('admin/zones', 'AdminZonesPage', 'Zones'),
            admin('admin/delivery-days', 'AdminDeliveryDaysPage', 'Delivery days'),
            admin('admin/enquiries', 'AdminEnquiriesPage', 'Enquiries'),
            admin('admin/enquiries/:id', 'AdminEnquiryPage', 'Enquiry'),
            admin('admin/mail', 'AdminMailPage', 'Mail'),
            admin('admin/late-payments', 'AdminLatePaymentsPage', 'Late payments'),
            admin('admin/staff', 'AdminStaffPage', 'Staff'),
            admin('admin/audit', 'AdminAuditPage', 'Audit log'),

            listing('products/industrial-fuel', (pages, c) => pages.industrialFuel(c)),
            index('products/domestic', (pages, c) => pages.domesticIndex(c)),
            listing(
              'products/domestic/bagged-coal',
              (pages, c, { url }) => pages.domesticBaggedCoal(c, url),
              ['category'],
            ),
            listing('products/domestic/oil', (pages, c) => pages.domesticOil(c)),

            index('products/wholesale', (pages) => pages.wholesaleIndex()),
            index('products/wholesale/best-sellers', (pages) =>
              pages.marketIndex('best-sellers', 'Best Sellers'),
            ),
            listing('products/wholesale/best-sellers/:market', (pages, c, { params }) =>
              pages.wholesaleBestSellers(c, pages.parseMarket(params.market)),
            ),
            index('products/wholesale/coal', (pages) => pages.wholesaleCoalIndex()),
            index('products/wholesale/coal/bagged', (pages) =>
              pages.marketIndex('coal/bagged', 'Prepacked Coal'),
            ),
            listing(
              'products/wholesale/coal/bagged/:market',
              (pages, c, { url, params }) =>
                pages.wholesaleBaggedCoal(c, pages.parseMarket(params.market), url),
              ['category'],
            ),
            listing('products/wholesale/coal/bulk', (pages, c) => pages.wholesaleBulkCoal(c)),
            listing('products/wholesale/oil', (pages, c) => pages.wholesaleOil(c)),
            listing('products/wholesale/wood-pellets', (pages, c) => pages.wholesaleWoodPellets(c)),
            listing('products/wholesale/other-products', (pages, c) =>
              pages.wholesaleOtherProducts(c),
            ),
            listing('products/wholesale/hayes-lignite-briquettes', (pages, c) =>
              pages.hayesLigniteBriquettes(c),
            ),
            {
              path: '*',
              loader: () => {
                throw data(messages.notFound.framework, { status: 404 });
              },
              // Never shown (the loader always throws, so the page's error boundary renders the
              // 404), but without a component React Router warns on the console for every 404.
              Component: NotFoundOutlet,
            },
          ],
        },
      ],
    },
  ];
}
