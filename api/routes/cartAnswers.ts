import type { Middleware } from 'koa';
import { toAppError } from '../errors';
import type { CartService } from '../services/cart/service';
import { cartCookieName } from './cart';

/** True for /api/cart and every path under it. */
export function isCartPath(path: string): boolean {
  return path === '/api/cart' || path.startsWith('/api/cart/');
}

/**
 * Every answer on a cart path carries the visitor's cart, refusals included: `{ code, message,
 * cart }`. Errors raised before a cart route runs (a body that is not JSON, too large, sent from
 * another site, a wrong method) get the current cart added here. Reading the cart never creates one.
 * Mounted outside the API router, inside the error middleware.
 */
export function cartAnswers(carts: Pick<CartService, 'view'>): Middleware {
  return async (ctx, next) => {
    if (!isCartPath(ctx.path)) return next();
    try {
      await next();
    } catch (thrown) {
      const error = toAppError(thrown);
      if (error.status >= 500 || (error.extra && 'cart' in error.extra)) throw thrown;
      let cart;
      try {
        cart = await carts.view(ctx.cookies.get(cartCookieName));
      } catch {
        // The cart cannot be read either: answer the original refusal as it is.
        throw thrown;
      }
      throw error.withExtra({ cart });
    }
  };
}
