import Router from '@koa/router';
import type { Context } from 'koa';
import type { Database } from '../db/client';
import { messages } from '../domain/messages';
import { deliveryDayForm, orderDeliveryDayTexts as texts } from '../domain/orderDeliveryDay';
import { AppError, NotFoundError } from '../errors';
import type { CurrentSession } from '../services/auth/service';
import { visibleOrder } from '../services/orders/access';
import { orderTokenMatches } from '../services/orders/accessToken';
import type { DeliveryDayChanges, OrderAccessRoute } from '../services/orders/deliveryDayChange';
import { findOrder, viewOfOrder, type OrderRow } from '../services/orders/orderView';
import { keptOrderToken } from './orderTokenCookie';
import { presentedToken } from './orders';

export interface OrderDeliveryDayRouteDeps {
  db: Database;
  changes: DeliveryDayChanges;
  /** The signed-in customer's session; omitted, every visitor is a guest. */
  readSession?: (ctx: Context) => Promise<CurrentSession | null>;
}

/**
 * The customer's own change of their paid order's delivery day (issue 34, item 6), for whoever
 * may see the order as GET /api/orders/{id} decides it: its token (`X-Order-Token`, `?token=`, or
 * the cookie this browser kept for the order) or its signed-in owner; anyone else gets the one
 * 404. State changes pass the API's cross-site refusal and JSON-only rule like every write.
 *
 * GET /api/orders/{id}/delivery-days: `{ deliveryDays }` (api/domain/orderDeliveryDay.ts), the
 * order's day, whether it can change now and why not, until when, and the days on offer.
 *
 * PUT /api/orders/{id}/delivery-day `{ deliveryDay: "YYYY-MM-DD" }`: 200 with the order (as GET
 * /api/orders/{id} answers it) and its `deliveryDays` now; 400 for a day the order could not be
 * offered now; 409 when the order's day cannot change (not paid, past the cut-off on the day
 * before, no day booked) or the day chosen has no room left (its message names the next free
 * day). Every refusal carries `deliveryDays` as they now stand.
 */
export function orderDeliveryDayRoutes({
  db,
  changes,
  readSession = () => Promise.resolve(null),
}: OrderDeliveryDayRouteDeps): Router {
  const router = new Router();

  /** The order when this visitor may see it, and how they reach it; else the one 404. */
  async function orderOf(ctx: Context): Promise<{ order: OrderRow; via: OrderAccessRoute }> {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    const id = typeof ctx.params.id === 'string' ? ctx.params.id : '';
    const token = presentedToken(ctx) ?? keptOrderToken(ctx);
    const order = await visibleOrder(
      db,
      id,
      token,
      async () => (await readSession(ctx))?.user.id ?? null,
    );
    if (!order) throw new NotFoundError(messages.order.notFound);
    const byToken = token !== undefined && orderTokenMatches(token, order.accessTokenHash);
    return { order, via: byToken ? 'token' : 'account' };
  }

  router.get('/orders/:id/delivery-days', async (ctx) => {
    const { order } = await orderOf(ctx);
    ctx.body = { code: 200, message: texts.loaded, deliveryDays: await changes.options(order) };
  });

  router.put('/orders/:id/delivery-day', async (ctx) => {
    const { order, via } = await orderOf(ctx);
    const body: unknown = ctx.request.body;
    const requested =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? (body as Record<string, unknown>)[deliveryDayForm.field]
        : undefined;
    try {
      const done = await changes.change(order.id, requested, via);
      ctx.body = {
        code: 200,
        message: done.changed ? texts.changed(done.day) : texts.unchanged(done.day),
        order: await viewOfOrder(db, done.order),
        deliveryDays: await changes.options(done.order),
      };
    } catch (error) {
      // A refusal shows the days as they now stand, so the page can offer them again.
      if (!(error instanceof AppError) || (error.status !== 400 && error.status !== 409)) {
        throw error;
      }
      const now = (await findOrder(db, order.id)) ?? order;
      throw error.withExtra({ deliveryDays: await changes.options(now) });
    }
  });

  return router;
}
