import Router from '@koa/router';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Context } from 'koa';
import type { Database } from '../db/client';
import { withDeadline } from '../deadline';
import { orders } from '../db/schema';
import { messages } from '../domain/messages';
import { ConflictError, NotFoundError, UnauthorizedError } from '../errors';
import type { Logger } from '../logger';
import type { CurrentSession } from '../services/auth/service';
import { orderTokenMatches } from '../services/orders/accessToken';
import { visibleOrder } from '../services/orders/access';
import { keepOrderToken, keptOrderToken, type OrderTokenCookieOptions } from './orderTokenCookie';
import { findOrder, viewOfOrder, type OrderRow } from '../services/orders/orderView';

export interface OrderRouteDeps {
  db: Database;
  logger: Logger;
  /**
   * Asks the provider about an order no webhook has settled (api/services/payments). The links in
   * the e-mails it may send come from configuration, never from this request.
   */
  reconcileOrder: (orderId: string) => Promise<unknown>;
  /** The signed-in customer's session (customer accounts); omitted, every visitor is a guest. */
  readSession?: (ctx: Context) => Promise<CurrentSession | null>;
  /** How the order-token cookie is written (COOKIE_SECURE, production). */
  cookies: OrderTokenCookieOptions;
  /** Defaults: 30 s after the customer came back; at most once per 10 s per order; 5 s limit. */
  reconcile?: { afterMs?: number; everyMs?: number; timeoutMs?: number };
}

/** Compared with when there is no order, so an unknown id costs what a wrong token costs. */
const noOrderHash = '0'.repeat(64);

/** The same answer for an unknown id, a malformed id, no token and a wrong token. */
function notFound(): NotFoundError {
  return new NotFoundError(messages.order.notFound);
}

/** The order token sent with a request: the X-Order-Token header, else `?token=`. */
export function presentedToken(ctx: Context): string | undefined {
  const header = ctx.get('X-Order-Token');
  const query = ctx.query.token;
  return header !== '' ? header : typeof query === 'string' ? query : undefined;
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
  readSession = () => Promise.resolve(null),
  cookies,
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

  async function reconcileIfDue(order: OrderRow): Promise<boolean> {
    const returnedAt = order.returnedAt?.getTime();
    const now = Date.now();
    if (returnedAt === undefined || now - returnedAt < afterMs) return false;
    for (const [id, at] of lastAsked) if (now - at >= everyMs) lastAsked.delete(id);
    if (lastAsked.has(order.id)) return false;
    lastAsked.set(order.id, now);
    try {
      await withDeadline(
        reconcileOrder(order.id),
        timeoutMs,
        () => new Error(`No answer from reconciliation within ${timeoutMs} ms`),
      );
    } catch (error) {
      logger.warn({ err: error, orderId: order.id }, 'reconciling a returned order failed');
    }
    return true;
  }

  /**
   * GET /api/orders: the signed-in customer's orders, newest first (401 when signed out). Each is
   * the order's summary; GET /api/orders/{id} has the rest.
   */
  router.get('/orders', async (ctx: Context) => {
    ctx.set('Cache-Control', 'no-store');
    const session = await readSession(ctx);
    if (!session) {
      throw new UnauthorizedError(messages.auth.notSignedIn, {
        errors: [messages.auth.notSignedIn],
      });
    }
    const rows = await db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        total: orders.total,
        currency: orders.currency,
      })
      .from(orders)
      .where(eq(orders.customerId, session.user.id))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(500);
    ctx.body = {
      code: 200,
      message: messages.order.listed,
      orders: rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        paidAt: row.paidAt ? row.paidAt.toISOString() : null,
      })),
    };
  });

  /**
   * POST /api/orders/{id}/claim with the order's token (X-Order-Token, or `{ token }`): a guest
   * order joins the signed-in customer's account. Only the token proves the order is theirs,
   * never a matching e-mail address. 401 signed out; the one 404 for a wrong token; 409 when it
   * already belongs to another account; 200 (again) when it is already theirs.
   */
  router.post('/orders/:id/claim', async (ctx: Context) => {
    ctx.set('Cache-Control', 'no-store');
    const session = await readSession(ctx);
    if (!session) {
      throw new UnauthorizedError(messages.auth.notSignedIn, {
        errors: [messages.auth.notSignedIn],
      });
    }
    const body: unknown = ctx.request.body;
    const bodyToken =
      typeof body === 'object' && body !== null ? (body as { token?: unknown }).token : undefined;
    const token = presentedToken(ctx) ?? (typeof bodyToken === 'string' ? bodyToken : '');
    const id = typeof ctx.params.id === 'string' ? ctx.params.id : '';
    const order = await findOrder(db, id);
    const allowed = orderTokenMatches(token, order?.accessTokenHash ?? noOrderHash);
    if (!order || !allowed) throw notFound();
    if (order.customerId !== null && order.customerId !== session.user.id) {
      throw new ConflictError(messages.order.claimedByAnother, {
        errors: [messages.order.claimedByAnother],
      });
    }
    if (order.customerId === null) {
      const [claimed] = await db
        .update(orders)
        .set({ customerId: session.user.id, updatedAt: new Date() })
        .where(and(eq(orders.id, order.id), isNull(orders.customerId)))
        .returning({ id: orders.id });
      if (!claimed) {
        throw new ConflictError(messages.order.claimedByAnother, {
          errors: [messages.order.claimedByAnother],
        });
      }
    }
    ctx.body = { code: 200, message: messages.order.claimed };
  });

  router.get('/orders/:id', async (ctx: Context) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    const id = typeof ctx.params.id === 'string' ? ctx.params.id : '';
    // Its signed-in owner needs no token; another customer gets the same 404 as anyone. A token
    // this browser kept (its cookie is sent only here and to the order's page) counts as shown.
    const presented = presentedToken(ctx);
    let order = await visibleOrder(
      db,
      id,
      presented ?? keptOrderToken(ctx),
      async () => (await readSession(ctx))?.user.id ?? null,
    );
    if (!order) throw notFound();
    if (presented !== undefined && orderTokenMatches(presented, order.accessTokenHash)) {
      // So that a reload of the order page, or a new tab, still opens it (the page takes the
      // token out of its address).
      keepOrderToken(ctx, cookies, order.id, presented);
    }

    if (ctx.query.waiting === '1' && order.status === 'pending_payment') {
      if (order.returnedAt === null) {
        const [marked] = await db
          .update(orders)
          .set({ returnedAt: new Date() })
          .where(and(eq(orders.id, order.id), isNull(orders.returnedAt)))
          .returning();
        if (marked) order = marked;
      } else if (await reconcileIfDue(order)) {
        order = (await findOrder(db, order.id)) ?? order;
      }
    }
    ctx.body = {
      code: 200,
      message: messages.order.loaded,
      order: await viewOfOrder(db, order),
    };
  });

  return router;
}
