import type { Context } from 'koa';
import { cookieIsSecure } from './cart';

/**
 * An order's access token, kept for the browser that opened the order with it: the order page
 * takes `?token=` out of the address once it has read it (out of the history and shared links), so
 * a reload or a new tab would otherwise come without it, and the server answers 404 to a visitor
 * who shows neither the token nor the owner's session. The cookie is HttpOnly and sent only to the
 * order's own page and its own API answer (two cookies, one per path), never anywhere else.
 */
export const orderTokenCookieName = 'fuelyard_order';

/** How long a browser keeps an order's token: long enough to follow a delivery. */
export const orderTokenCookieMaxAgeMs = 60 * 24 * 60 * 60 * 1000;

/** The only paths an order's token cookie is sent to. */
export function orderTokenCookiePaths(orderId: string): string[] {
  return [`/order/${orderId}`, `/api/orders/${orderId}`];
}

export interface OrderTokenCookieOptions {
  /** COOKIE_SECURE, read as for the cart cookie. */
  cookieSecure: 'auto' | boolean;
  production: boolean;
}

/** Keeps `token` (already checked to open `orderId`) for this browser. */
export function keepOrderToken(
  ctx: Context,
  options: OrderTokenCookieOptions,
  orderId: string,
  token: string,
): void {
  const secure = cookieIsSecure(options.cookieSecure, options.production, ctx.secure);
  // With TLS ended at a proxy, `cookies` would refuse a Secure cookie on what looks like HTTP.
  if (secure && !ctx.secure) ctx.cookies.secure = true;
  for (const path of orderTokenCookiePaths(orderId)) {
    ctx.cookies.set(orderTokenCookieName, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path,
      maxAge: orderTokenCookieMaxAgeMs,
      // Two cookies of one name on two paths: neither replaces the other.
      overwrite: false,
    });
  }
}

/** The order token this browser kept for the order whose path is being asked for, if any. */
export function keptOrderToken(ctx: Context): string | undefined {
  const value = ctx.cookies.get(orderTokenCookieName);
  return value === undefined || value === '' || value.length > 200 ? undefined : value;
}

/**
 * The pages the payment provider returns the customer to (/checkout/process, then
 * /checkout/success) name the order in their query. They show it from the tokens of the orders
 * this browser placed lately, kept in one cookie as `{orderId}.{token}` pairs, newest first: a
 * return in another tab or window, or to an order placed before the last one (two checkouts open
 * at once), still finds its own. The cookie is sent to /checkout (the form, and the pages after
 * payment below it) and /api/checkout (which adds each new order), nowhere else.
 */
export const placedOrdersCookieName = 'fuelyard_orders';
export const placedOrdersCookiePaths: readonly string[] = ['/checkout', '/api/checkout'];
/** How many orders the cookie remembers: a customer may retry a payment a few times. */
export const placedOrdersKept = 5;

const orderIdShape = /^[0-9a-f-]{36}$/;
const tokenShape = /^[A-Za-z0-9_-]{20,100}$/;

/** The `{orderId, token}` pairs of the cookie's value (bounded; anything malformed is left out). */
export function placedOrdersOf(value: string | undefined): { orderId: string; token: string }[] {
  if (!value || value.length > 1_000) return [];
  return value
    .split('~', placedOrdersKept)
    .map((pair) => {
      const [orderId = '', token = ''] = pair.split('.', 2);
      return { orderId, token };
    })
    .filter(({ orderId, token }) => orderIdShape.test(orderId) && tokenShape.test(token));
}

/** The token this browser kept for `orderId` when it placed the order, if it did. */
export function placedOrderToken(ctx: Context, orderId: string): string | undefined {
  return placedOrdersOf(ctx.cookies.get(placedOrdersCookieName)).find(
    (placed) => placed.orderId === orderId,
  )?.token;
}

/** Keeps the token of an order this browser just placed: for its own pages and the ones after payment. */
export function keepPlacedOrderToken(
  ctx: Context,
  options: OrderTokenCookieOptions,
  orderId: string,
  token: string,
): void {
  keepOrderToken(ctx, options, orderId, token);
  const secure = cookieIsSecure(options.cookieSecure, options.production, ctx.secure);
  const earlier = placedOrdersOf(ctx.cookies.get(placedOrdersCookieName)).filter(
    (placed) => placed.orderId !== orderId,
  );
  const value = [{ orderId, token }, ...earlier]
    .slice(0, placedOrdersKept)
    .map((placed) => `${placed.orderId}.${placed.token}`)
    .join('~');
  for (const path of placedOrdersCookiePaths) {
    ctx.cookies.set(placedOrdersCookieName, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path,
      maxAge: orderTokenCookieMaxAgeMs,
      overwrite: false,
    });
  }
}
