import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';

export interface SecurityOptions {
  /** Development needs inline scripts and a websocket for Vite's hot reload. */
  development: boolean;
  /** Extra origins allowed for scripts and connections (the analytics provider). */
  scriptOrigins?: string[];
  /**
   * The payment providers' page origins the checkout form may lead to (`form-action` of
   * /checkout only); default: `paymentPageOrigins`, every provider's.
   */
  checkoutFormOrigins?: readonly string[];
}

/**
 * Where a payment provider's hosted payment page is. Posted without script, the checkout form
 * is answered with a redirect (303) there, and Chromium holds that redirect to the page's
 * `form-action` too. The built-in test provider's page is the shop's own.
 */
export const paymentPageOrigins: readonly string[] = [
  // Stripe Checkout.
  'https://checkout.stripe.com',
  // Worldpay's Hosted Payment Pages, live and try.
  'https://payments.worldpay.com',
  'https://payments-try.worldpay.com',
];

/** The page whose form leads to the payment provider's page. */
export const checkoutPagePath = '/checkout';

/** The Content-Security-Policy, given the script sources beyond the site's own ('self'). */
export type PolicyFor = (scriptSources: string) => string;

export function contentSecurityPolicy(
  { development, scriptOrigins = [] }: SecurityOptions,
  formOrigins: readonly string[] = [],
): PolicyFor {
  const extra = scriptOrigins.map((origin) => ` ${origin}`).join('');
  const connectSrc = development ? `'self' ws: wss:${extra}` : `'self'${extra}`;
  const formAction = ["'self'", ...formOrigins].join(' ');
  return (scriptSources) =>
    [
      "default-src 'self'",
      `script-src 'self' ${scriptSources}${extra}`,
      // styled-components injects <style> elements at runtime.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src ${connectSrc}`,
      "worker-src 'self'",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `form-action ${formAction}`,
      "frame-ancestors 'self'",
    ].join('; ');
}

/**
 * Addresses that may carry an order's access token (`/order/{id}?token=…`, the pages after
 * payment, and the API the pages ask): no link, image or script request from them sends a Referer
 * at all, so the token never leaves in one. Matched case-blind, whatever else answers the path
 * (the page, its 404, an error).
 */
const noReferrerPrefixes = ['/order', '/api/orders', '/checkout/process', '/checkout/success'];

export function sendsNoReferrer(path: string): boolean {
  const lower = path.toLowerCase();
  return noReferrerPrefixes.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/**
 * Security headers on every response (HTML, API and assets alike), and HSTS on HTTPS ones.
 * Scripts must carry the per-response nonce, which the server renderer writes into the HTML it
 * sends (or, for a page shared by every visitor, be allowed by hash: see api/ssr/pageCache.ts).
 */
export function securityHeaders(options: SecurityOptions): Middleware {
  const policy = contentSecurityPolicy(options);
  // /checkout's form goes on to the provider's payment page (also the page of a refused post).
  const checkoutPolicy = contentSecurityPolicy(
    options,
    options.checkoutFormOrigins ?? paymentPageOrigins,
  );
  return async (ctx, next) => {
    const nonce = randomBytes(16).toString('base64');
    ctx.state.nonce = nonce;
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set(
      'Referrer-Policy',
      sendsNoReferrer(ctx.path) ? 'no-referrer' : 'strict-origin-when-cross-origin',
    );
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    // HTTPS answers (directly, or as a trusted proxy's X-Forwarded-Proto says) pin HTTPS for a
    // year. Never over plain HTTP, where a browser ignores it and a local `npm start` must work.
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const pagePolicy = ctx.path === checkoutPagePath ? checkoutPolicy : policy;
    ctx.set(
      'Content-Security-Policy',
      pagePolicy(options.development ? "'unsafe-inline'" : `'nonce-${nonce}'`),
    );
    await next();
  };
}
