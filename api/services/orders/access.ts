import type { Database } from '../../db/client';
import { orderTokenMatches } from './accessToken';
import { findOrder, type OrderRow } from './orderView';

/** Compared with when there is no order, so an unknown id costs what a wrong token costs. */
const noOrderHash = '0'.repeat(64);

/**
 * The order `id` when this visitor may see it, else undefined: whoever presents its access token,
 * or its signed-in owner without one. An unknown id, a malformed id, no token, a wrong token and
 * another customer's session all get the same undefined. GET /api/orders/{id} and the server
 * rendering of /order/{id} both decide with this.
 *
 * `signedInUserId` is asked only when the token does not match (most guests have no session).
 */
export async function visibleOrder(
  db: Database,
  id: string,
  token: string | null | undefined,
  signedInUserId: () => Promise<string | null>,
): Promise<OrderRow | undefined> {
  const order = await findOrder(db, id);
  // Compared even without an order or a token, so the answer takes the same time either way.
  const tokenMatches = orderTokenMatches(token ?? '', order?.accessTokenHash ?? noOrderHash);
  if (!order) return undefined;
  if (tokenMatches) return order;
  const userId = order.customerId === null ? null : await signedInUserId();
  return userId !== null && order.customerId === userId ? order : undefined;
}
