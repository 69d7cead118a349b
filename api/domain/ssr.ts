import type { PendingConfirmation, SessionUser } from './auth';
import type { CartView } from './cart';
import type { CheckoutSummary, OrderView } from './order';
import type { OrderDeliveryDays } from './orderDeliveryDay';
import type { FormOutcome } from './pageForms';
/**
 * The contract between the API (which hosts server rendering) and the app's built server bundle
 * (dist/server/entry-server.js). Types only: both sides import them from here.
 */
export interface GraphQLResponse {
  data?: unknown;
  errors?: ReadonlyArray<{ message: string }>;
}

/**
 * Runs a GraphQL operation against the catalogue, in-process on the server. When the database
 * fails it rejects with a PageDataError (api/domain/pageData.ts) instead of answering `errors`.
 */
export type GraphQLExecutor = (
  query: string,
  variables?: Record<string, unknown>,
) => Promise<GraphQLResponse>;

/** Settings the browser may see (never secrets). */
export interface PublicConfig {
  /** A privacy-friendly analytics provider, loaded only after cookie consent. */
  analytics: { scriptUrl: string; domain: string } | null;
  /**
   * True while PAYMENT_PROVIDER=test: checkout and order pages show the "Test mode" banner, and
   * no money is ever taken.
   */
  testPayments: boolean;
  /**
   * The card payment provider's name for the footer's payment logo ("Worldpay"); absent or null
   * for the built-in test provider (the logo then names none).
   */
  paymentProvider?: string | null;
}

/** A session of the built-in test provider as its hosted page shows it (/pay/test/{id}). */
export interface TestPaymentSession {
  id: string;
  shopName: string;
  /** Pence. */
  amount: number;
  currency: string;
  /** `open` until a choice settles it. */
  status: string;
  /** The shop's order number, when the session's reference names it. */
  orderNumber?: string;
  /** Where "Cancel" leads back to on the shop (a path on this site). */
  cancelUrl: string;
  expiresAt: string;
}

export interface RenderContext {
  publicConfig: PublicConfig;
  /**
   * The visitor's cart, from the request's cart cookie (so the first HTML shows the badge). When
   * the database fails it rejects with a PageDataError.
   */
  cart: () => Promise<CartView>;
  /**
   * The visitor's cart priced for checkout (GET /api/checkout's `summary`), with or without the
   * domestic-use declaration, so /checkout renders its summary on the server. When the database
   * fails it rejects with a PageDataError.
   */
  checkout: (domesticUse: boolean) => Promise<CheckoutSummary>;
  /**
   * The signed-in customer from the request's session cookie, or null when signed out (so the
   * first HTML shows the header's greeting, with no flash). When the database fails it rejects
   * with a PageDataError.
   */
  user: () => Promise<SessionUser | null>;
  /**
   * Whether this visitor may see the order `orderId`: it holds the order's access token (`token`,
   * from the page's `?token=`), or is its signed-in owner. The same check as GET /api/orders/{id},
   * so /order/{id} answers 404 exactly when the API would. Omitted: no order can be shown. When
   * the database fails it rejects with a PageDataError.
   */
  orderAccess?: (orderId: string, token: string | null) => Promise<boolean>;
  /**
   * The order `orderId` as GET /api/orders/{id} answers it (`order`), when this visitor may see it
   * (the same check as `orderAccess`: its token from the page's `?token=` or the order-token
   * cookie, or its signed-in owner); null otherwise. So /order/{id}, /checkout/process and
   * /checkout/success show the order in their first HTML, without script. Omitted: the pages ask
   * `orderAccess` and the browser loads the order. When the database fails it rejects with a
   * PageDataError.
   */
  order?: (orderId: string, token: string | null) => Promise<OrderView | null>;
  /**
   * The order's delivery days as GET /api/orders/{id}/delivery-days answers them (whether its day
   * can change now, and the days on offer), when this visitor may see the order (as `order`);
   * null otherwise. So /order/{id} shows "Change delivery day" in its first HTML, and its form
   * works without script. Omitted: the browser loads them. When the database fails it rejects
   * with a PageDataError.
   */
  orderDeliveryDays?: (orderId: string, token: string | null) => Promise<OrderDeliveryDays | null>;
  /**
   * The built-in test provider's payment session for /pay/test/{id} (what GET
   * /api/payments/test/sessions/{id} answers as `session`), or null for an unknown session or while
   * another provider is active. Omitted: the browser loads it. When the database fails it rejects
   * with a PageDataError.
   */
  testPaymentSession?: (sessionId: string) => Promise<TestPaymentSession | null>;
  /**
   * The address a live confirmation link (`token`, from /user/verify-email's `?token=`) proves,
   * or null for a dead link, so the page shows which address it confirms (issue 46). Omitted: the
   * page shows none. When the database fails it rejects with a PageDataError.
   */
  pendingConfirmation?: (token: string) => Promise<PendingConfirmation | null>;
  /**
   * The page's form that the server just refused (a post without JavaScript): the page renders
   * its messages and the values typed. Absent on an ordinary GET.
   */
  form?: FormOutcome | null;
  /** A success notice carried over from a form posted without JavaScript (api/ssr/forms). */
  notice?: string | null;
  /** The Content-Security-Policy nonce every inline script must carry. */
  nonce: string;
  graphql: GraphQLExecutor;
}

export type RenderResult =
  | { type: 'redirect'; status: number; location: string }
  | {
      type: 'document';
      status: number;
      head: string;
      html: string;
      /** Started in the browser as islands, without the client router (the home page). */
      islands?: boolean;
      /**
       * Whether the request's address is the page's own: its path as the route table spells it,
       * and a query of only the parameters the page reads, spelt as the site's links spell them
       * (app/pageAddress.ts). Only such a page may be kept for other visitors: any other query
       * (`?utm_source=…`, `?z=<unique>`) would be one more copy of it in the page cache.
       * Absent, only an address without a query may be kept.
       */
      ownAddress?: boolean;
    };

export interface ServerEntry {
  render(request: Request, context: RenderContext): Promise<RenderResult>;
  /** Site paths for sitemap.xml, e.g. "/faqs" or "/products/domestic/bagged-coal?category=x". */
  sitemap(context: Pick<RenderContext, 'graphql'>): Promise<string[]>;
}
