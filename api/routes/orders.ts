import Router from '@koa/router';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'koa';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { messages } from '../domain/messages';
import { NotFoundError } from '../errors';
import type { Logger } from '../logger';
import { orderTokenMatches } from '../services/orders/accessToken';
import {
  findOrder,
  loadOrderLines,
  orderViewOf,
  type OrderRow,
} from '../services/orders/orderView';

export interface OrderRouteDeps {
  db: Database;
  logger: Logger;
  /**
   * Asks the provider about an order no webhook has settled (api/services/payments); `origin` is
   * the site's, for the links in the e-mails when that settles it (null: not known).
   */
  reconcileOrder: (orderId: string, origin: string | null) => Promise<unknown>;
  /** The site's origin for this request (PUBLIC_URL, or the validated request origin). */
  siteOrigin: (ctx: Context) => string | null;
  /** Defaults: 30 s after the customer came back; at most once per 10 s per order; 5 s limit. */
  reconcile?: { afterMs?: number; everyMs?: number; timeoutMs?: number };
}

/** Compared with when there is no order, so an unknown id costs what a wrong token costs. */
const noOrderHash = '0'.repeat(64);

/** The same answer for an unknown id, a malformed id, no token and a wrong token. */
function notFound(): NotFoundError {
  return new NotFoundError(messages.order.notFound);
}

/**
 * GET /api/orders/{id}: the order for whoever holds its access token (the `X-Order-Token` header,
 * or `?token=`). Anyone else gets the one 404. Answers are never stored by caches, and the page's
 * address (which may hold the token) is never sent on as a Referer.
 *
 * With `?waiting=1` (the /checkout/process page polls so): the first such request of a pending
 * order records that the customer came back from the payment page; from 30 s after that, when
 * still no webhook has settled it, the provider is asked (at most once per 10 s per order, bounded
 * by a timeout; a failure is logged, never shown). The answer is the order as it then stands.
 */
export function orderRoutes({
  db,
  logger,
  reconcileOrder,
  siteOrigin,
  reconcile = {},
}: OrderRouteDeps): Router {
  const afterMs = reconcile.afterMs ?? 30_000;
  const everyMs = reconcile.everyMs ?? 10_000;
  const timeoutMs = reconcile.timeoutMs ?? 5_000;
  /**
   * When each order was last reconciled from here. Only a cache that spares the provider: with
   * several processes each may ask once per interval. Entries older than the interval go.
   */
  const lastAsked = new Map<string, number>();
  const router = new Router();

  async function reconcileIfDue(order: OrderRow, origin: string | null): Promise<boolean> {
    const returnedAt = order.returnedAt?.getTime();
    const now = Date.now();
    if (returnedAt === undefined || now - returnedAt < afterMs) return false;
    for (const [id, at] of lastAsked) if (now - at >= everyMs) lastAsked.delete(id);
    if (lastAsked.has(order.id)) return false;
    lastAsked.set(order.id, now);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        reconcileOrder(order.id, origin),
        new Promise((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error(`No answer from reconciliation within ${timeoutMs} ms`)),
            timeoutMs,
          );
        }),
      ]);
    } catch (error) {
      logger.warn({ err: error, orderId: order.id }, 'reconciling a returned order failed');
    } finally {
      clearTimeout(timer);
    }
    return true;
  }

  router.get('/orders/:id', async (ctx: Context) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    const header = ctx.get('X-Order-Token');
    const query = ctx.query.token;
    const token = header !== '' ? header : typeof query === 'string' ? query : undefined;
    const id = typeof ctx.params.id === 'string' ? ctx.params.id : '';
    let order = await findOrder(db, id);
    // Compared even without an order or a token, so the answer takes the same time either way.
    const allowed = orderTokenMatches(token ?? '', order?.accessTokenHash ?? noOrderHash);
    if (!order || !allowed) throw notFound();

    if (ctx.query.waiting === '1' && order.status === 'pending_payment') {
      if (order.returnedAt === null) {
        const [marked] = await db
          .update(orders)
          .set({ returnedAt: new Date() })
          .where(and(eq(orders.id, order.id), isNull(orders.returnedAt)))
          .returning();
        if (marked) order = marked;
      } else if (await reconcileIfDue(order, siteOrigin(ctx))) {
        order = (await findOrder(db, order.id)) ?? order;
      }
    }
    ctx.body = {
      code: 200,
      message: messages.order.loaded,
      order: orderViewOf(order, await loadOrderLines(db, order.id)),
    };
  });

  return router;
}
