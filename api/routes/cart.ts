import Router from '@koa/router';
import type { Context } from 'koa';
import { messages } from '../domain/messages';
import type { CartService } from '../services/cart/service';
import { cartLifetimeDays } from '../services/cart/sweep';
import { CartError, type CartResult } from '../services/cart/types';

/** The cookie that carries the cart id (a uuid v4). */
export const cartCookieName = 'cartId';
/**
 * The cookie lasts 30 days from the visitor's last change to the cart; carts not changed for longer
 * are deleted by the sweep (services/cart/sweep.ts).
 */
export const cartCookieMaxAgeMs = cartLifetimeDays * 24 * 60 * 60 * 1000;

export interface CartRouteOptions {
  /** COOKIE_SECURE: 'auto', or always / never. */
  cookieSecure: 'auto' | boolean;
  production: boolean;
}

/**
 * Whether the cart cookie carries Secure. 'auto' sets it in production for HTTPS requests, so
 * `npm start` on http://localhost still works. Behind a proxy that ends TLS, Koa knows the request
 * was HTTPS from X-Forwarded-Proto when TRUST_PROXY is on; otherwise set COOKIE_SECURE=true.
 */
export function cookieIsSecure(
  setting: 'auto' | boolean,
  production: boolean,
  requestIsHttps: boolean,
): boolean {
  return setting === 'auto' ? production && requestIsHttps : setting;
}

/**
 * The cart API (SPEC §3–§5, §8). Every action answers `{ code, message, cart }` with `code` equal
 * to the HTTP status; refusals come from the error middleware with the same shape.
 */
export function cartRoutes(carts: CartService, options: CartRouteOptions): Router {
  const router = new Router();

  const readCookie = (ctx: Context): string | undefined => ctx.cookies.get(cartCookieName);

  const writeCookie = (ctx: Context, cartId: string | null) => {
    const secure = cookieIsSecure(options.cookieSecure, options.production, ctx.secure);
    // With TLS ended at a proxy, `cookies` would refuse a Secure cookie on what looks like HTTP.
    if (secure && !ctx.secure) ctx.cookies.secure = true;
    ctx.cookies.set(cartCookieName, cartId, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      overwrite: true,
      ...(cartId === null ? {} : { maxAge: cartCookieMaxAgeMs }),
    });
  };

  /** Points the cookie at the cart the action left behind, or clears it when there is none. */
  const syncCookie = (ctx: Context, incoming: string | undefined, cartId: string | null) => {
    if (cartId !== null) writeCookie(ctx, cartId);
    else if (incoming !== undefined) writeCookie(ctx, null);
  };

  const act = async (
    ctx: Context,
    work: (cartId: string | undefined) => Promise<CartResult>,
  ): Promise<void> => {
    const incoming = readCookie(ctx);
    let result: CartResult;
    try {
      result = await work(incoming);
    } catch (error) {
      // A refusal renews the cookie only when it names another cart (a new one, or none): a
      // refusal may leave the cart unchanged, and the cookie must not outlive the cart's last
      // change, from which the sweep counts.
      if (error instanceof CartError && error.cart.cartId !== incoming?.toLowerCase()) {
        syncCookie(ctx, incoming, error.cart.cartId);
      }
      throw error;
    }
    syncCookie(ctx, incoming, result.cart.cartId);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = result.status;
    ctx.body = { code: result.status, message: result.message, cart: result.cart };
  };

  const body = (ctx: Context): unknown => ctx.request.body;

  router.get('/cart', async (ctx) => {
    const cart = await carts.view(readCookie(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { code: 200, message: messages.cart.loaded, cart };
  });

  router.get('/cart/checkout-check', async (ctx) => {
    const check = await carts.checkoutCheck(readCookie(ctx));
    if (!check.ok) throw new CartError(422, check.message, check.cart);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { code: 200, message: check.message, cart: check.cart };
  });

  router.post('/cart/items', (ctx) => act(ctx, (id) => carts.addItem(id, body(ctx))));
  router.delete('/cart/items/:id', (ctx) =>
    act(ctx, (id) => carts.removeOne(id, ctx.params.id ?? '')),
  );
  router.put('/cart/postcode', (ctx) => act(ctx, (id) => carts.setPostcode(id, body(ctx))));
  router.put('/cart/postcode-modal', (ctx) =>
    act(ctx, (id) => carts.setPostcodeModal(id, body(ctx))),
  );
  router.delete('/cart', (ctx) => act(ctx, (id) => carts.empty(id)));

  return router;
}
