import Router from '@koa/router';
import type { Context } from 'koa';
import { deliveryMessages } from '../domain/deliveryMessages';
import { messages } from '../domain/messages';
import { BadRequestError } from '../errors';
import type { CurrentSession } from '../services/auth/service';
import type { CheckoutService } from '../services/checkout/service';
import { badHostMessage } from '../ssr/middleware';
import { cartCookieName } from './cart';
import { keepPlacedOrderToken, type OrderTokenCookieOptions } from './orderTokenCookie';
import { clientIp } from '../http/clientIp';

export interface CheckoutRouteDeps {
  checkout: CheckoutService;
  /** The site's origin for this request (PUBLIC_URL, or the validated request origin). */
  siteOrigin: (ctx: Context) => string | null;
  /** The signed-in customer's session; omitted, every order is a guest's. */
  readSession?: (ctx: Context) => Promise<CurrentSession | null>;
  /** How the order-token cookie is written; omitted, none is (the page keeps the token). */
  cookies?: OrderTokenCookieOptions;
}

/** A `true|false` query parameter (absent: false); anything else is a 400 with `message`. */
function flagOf(ctx: Context, name: string, message: string): boolean {
  const value = ctx.query[name];
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new BadRequestError(message, { errors: [message] });
}

/**
 * Checkout (issue 15):
 * - GET /api/checkout?domesticUse=true|false&priority=true|false: the visitor's cart priced for
 *   checkout, `{ code, message, summary }`, with priority delivery's surcharge when `priority`.
 *   `summary.delivery` offers the days (and priority's total). `summary.blocked` says why
 *   checkout cannot open (then the message too).
 * - POST /api/checkout with an Idempotency-Key header and `expectedTotal` (the pence the page
 *   showed) in the body: the order and its payment page, `201 { code, message, order,
 *   orderToken, redirectUrl }`; 409 `{ total, summary }` when the total is not the one shown;
 *   200 with the order's status page when the key is a paid order's; 429 with Retry-After past
 *   the rate limits. See services/checkout/service.ts.
 * Neither creates a cart nor changes the cart cookie.
 */
export function checkoutRoutes({
  checkout,
  siteOrigin,
  readSession = () => Promise.resolve(null),
  cookies,
}: CheckoutRouteDeps): Router {
  const router = new Router();

  router.get('/checkout', async (ctx) => {
    const domesticUse = flagOf(ctx, 'domesticUse', messages.checkout.domesticUseQueryInvalid);
    const priority = flagOf(ctx, 'priority', deliveryMessages.priorityQueryInvalid);
    const summary = await checkout.summary(ctx.cookies.get(cartCookieName), domesticUse, priority);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { code: 200, message: summary.blocked ?? messages.checkout.summary, summary };
  });

  router.post('/checkout', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const origin = siteOrigin(ctx);
    // The cross-site guard and the SSR already refuse a request without a valid Host.
    if (origin === null) throw new BadRequestError(badHostMessage);
    const key = ctx.get('Idempotency-Key');
    // A signed-in customer's order joins their account (it still gets its token, like a guest's).
    const session = await readSession(ctx);
    const placed = await checkout.placeOrder({
      customerId: session?.user.id ?? null,
      cartId: ctx.cookies.get(cartCookieName),
      body: ctx.request.body,
      idempotencyKey: key === '' ? undefined : key,
      origin,
      // The client's address (with TRUST_PROXY, the proxy's X-Forwarded-For), for the rate limit.
      clientAddress: clientIp(ctx),
    });
    if (placed.replayed) ctx.set('Idempotent-Replayed', 'true');
    // The pages after payment show the order from this cookie (a page without script, too).
    if (cookies) keepPlacedOrderToken(ctx, cookies, placed.order.id, placed.orderToken);
    if (placed.alreadyPaid) {
      // The key of an order that was paid: its real state, and the shop's own status page.
      ctx.status = 200;
      ctx.body = {
        code: 200,
        message: messages.checkout.orderAlreadyPaid,
        order: placed.order,
        orderToken: placed.orderToken,
        redirectUrl: placed.redirectUrl,
      };
      return;
    }
    ctx.status = 201;
    ctx.body = {
      code: 201,
      message: messages.checkout.created,
      order: placed.order,
      orderToken: placed.orderToken,
      redirectUrl: placed.redirectUrl,
    };
  });

  return router;
}
