import Router from '@koa/router';
import type { Context } from 'koa';
import { messages } from '../domain/messages';
import { BadRequestError } from '../errors';
import type { CurrentSession } from '../services/auth/service';
import type { CheckoutService } from '../services/checkout/service';
import { badHostMessage } from '../ssr/middleware';
import { cartCookieName } from './cart';

export interface CheckoutRouteDeps {
  checkout: CheckoutService;
  /** The site's origin for this request (PUBLIC_URL, or the validated request origin). */
  siteOrigin: (ctx: Context) => string | null;
  /** The signed-in customer's session; omitted, every order is a guest's. */
  readSession?: (ctx: Context) => Promise<CurrentSession | null>;
}

/** `?domesticUse=true|false` (absent: false). */
function domesticUseOf(ctx: Context): boolean {
  const value = ctx.query.domesticUse;
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new BadRequestError(messages.checkout.domesticUseQueryInvalid, {
    errors: [messages.checkout.domesticUseQueryInvalid],
  });
}

/**
 * Checkout (issue 15):
 * - GET /api/checkout?domesticUse=true|false: the visitor's cart priced for checkout, `{ code,
 *   message, summary }`. `summary.blocked` says why checkout cannot open (then the message too).
 * - POST /api/checkout with an Idempotency-Key header: the order and its payment page, `201 {
 *   code, message, order, orderToken, redirectUrl }`. See services/checkout/service.ts.
 * Neither creates a cart nor changes the cart cookie.
 */
export function checkoutRoutes({
  checkout,
  siteOrigin,
  readSession = () => Promise.resolve(null),
}: CheckoutRouteDeps): Router {
  const router = new Router();

  router.get('/checkout', async (ctx) => {
    const domesticUse = domesticUseOf(ctx);
    const summary = await checkout.summary(ctx.cookies.get(cartCookieName), domesticUse);
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
    });
    if (placed.replayed) ctx.set('Idempotent-Replayed', 'true');
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
