import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts, productSizes } from '../db/schema';
import { createCartService, type CartService } from '../services/cart/service';
import { createCatalogueService } from '../services/catalogue/service';
import { createTestDatabase, nthCoalSize, usingPostgres, type TestDatabase } from './harness';

/**
 * A cart as the pages and GET /api/cart see it. On PGlite the database announces every change to
 * a cart on commit (migration 0007) and the process keeps the carts it has read until then; on
 * PostgreSQL each view reads. Either way a view must show every committed change, whoever made
 * it (the app, the sweeper, or SQL by hand), and nothing rolled back.
 */
let t: TestDatabase;
let service: CartService;
let coal: { productId: number; sizeId: number };

beforeAll(async () => {
  t = await createTestDatabase();
  const catalogue = createCatalogueService(t.handle.db, {
    uploadsBaseUrl: '/uploads',
    versionFeed: t.handle.catalogueVersion,
  });
  service = createCartService(t.handle.db, catalogue, { changes: t.handle.cartChanges });
  const size = await nthCoalSize(t.handle, 1);
  coal = { productId: size.productId, sizeId: size.id };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A cart made with SQL: BT1 1AA and `quantity` bags of coal. Its id. */
async function cartWith(quantity: number): Promise<string> {
  const id = randomUUID();
  await t.handle.db.insert(carts).values({ id, postcode: 'BT11AA' });
  await t.handle.db.insert(cartItems).values({
    id: randomUUID(),
    cartId: id,
    productId: coal.productId,
    sizeId: coal.sizeId,
    quantity,
  });
  return id;
}

const setQuantity = (cartId: string, quantity: number) =>
  t.handle.db.update(cartItems).set({ quantity }).where(eq(cartItems.cartId, cartId));

describe('a cart view', () => {
  it('shows every committed change to the cart, and none rolled back', async () => {
    const id = await cartWith(1);
    expect((await service.view(id)).count).toBe(1);
    expect((await service.view(id)).count).toBe(1);

    await setQuantity(id, 3);
    expect((await service.view(id)).count).toBe(3);

    await t.handle.db
      .transaction(async (tx) => {
        await tx.update(cartItems).set({ quantity: 5 }).where(eq(cartItems.cartId, id));
        tx.rollback();
      })
      .catch(() => undefined);
    expect((await service.view(id)).count).toBe(3);

    await t.handle.db.update(carts).set({ postcode: 'BT71NN' }).where(eq(carts.id, id));
    expect((await service.view(id)).postcode).toBe('BT71NN');

    await t.handle.db.delete(carts).where(eq(carts.id, id));
    const gone = await service.view(id);
    expect([gone.cartId, gone.count]).toEqual([null, 0]);
  });

  it('shows the new prices once the catalogue changes', async () => {
    const id = await cartWith(2);
    const before = (await service.view(id)).subtotal;
    await t.handle.db
      .update(productSizes)
      .set({ price: sql`${productSizes.price} + 100` })
      .where(eq(productSizes.id, coal.sizeId));
    expect((await service.view(id)).subtotal).toBe(before + 200);
  });

  it('forgets every cart when the lines are truncated', async () => {
    const [one, two] = [await cartWith(1), await cartWith(2)];
    expect([(await service.view(one)).count, (await service.view(two)).count]).toEqual([1, 2]);
    await t.handle.db.execute(sql`truncate cart_items`);
    expect([(await service.view(one)).count, (await service.view(two)).count]).toEqual([0, 0]);
  });

  it.runIf(usingPostgres)('is not announced on PostgreSQL, where nobody listens', async () => {
    // A NOTIFY makes its transaction take a cluster-wide lock while committing: cart writes on
    // PostgreSQL must not send one. Notifications arrive in commit order, so if the first to
    // arrive is the one sent after the cart writes, the writes sent none.
    const listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    try {
      const first = new Promise<string | undefined>((done) =>
        listener.once('notification', (message) => done(message.payload)),
      );
      await listener.query('LISTEN cart_changed');
      const id = await cartWith(2);
      await setQuantity(id, 3);
      await t.handle.db.delete(carts).where(eq(carts.id, id));
      await t.handle.db.execute(sql`select pg_notify('cart_changed', 'after the writes')`);
      expect(await first).toBe('after the writes');
    } finally {
      await listener.end();
    }
  });

  it.runIf(!usingPostgres)('is kept, frozen, between changes on PGlite', async () => {
    const id = await cartWith(1);
    const first = await service.view(id);
    const again = await service.view(id);
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.items[0])).toBe(true);
    await setQuantity(id, 2);
    expect(await service.view(id)).not.toBe(first);
  });
});
