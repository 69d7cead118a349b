import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../db/schema';
import { deliveryMessages } from '../domain/deliveryMessages';
import { officePhones, site } from '../domain/site';
import { expireOrder } from '../services/payments/sweep';
import {
  checkoutForm,
  checkoutSummary,
  postCheckout,
  seededProduct,
  shop,
  sizeNamed,
  visitorWith,
  type Agent,
  type PlacedBody,
  type SeededProduct,
} from './checkoutFixtures';
import {
  dayRoom,
  deliveryZoneIds,
  heldBookings,
  orderById,
  sendPaymentEvent,
  setDayRoom,
} from './deliveryFixtures';
import { expectRoomConsistent } from './deliveryRoom';
import { createTestApp, usingPostgres, type TestApp } from './harness';

/**
 * Delivery days booked at checkout (issue 34, items 1–3), through HTTP: the days offered, the
 * day booked with the order, a full or closed day refused with the next free one, and the room
 * given back and taken again as orders are cancelled, expire, fail and are paid. Each test runs
 * at its own instant (the app's clock), in its own weeks, so their bookings never meet.
 */
let t: TestApp;
let clock = new Date('2026-12-07T10:00:00Z');
let oil: SeededProduct;
let coal: SeededProduct;
let oilZone: number;
let lorryZone: number;

const db = () => t.db.handle.db;
const phones = officePhones();

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: shop }, now: () => clock });
  oil = await seededProduct(t, 'kerosene-heating-oil');
  coal = await seededProduct(t, 'premium-house-coal');
  ({ oilZone, lorryZone } = await deliveryZoneIds(db()));
}, 60_000);
afterAll(async () => {
  await t.close();
});

// Whatever a test did, no day is over its capacity and every day's booked room is the sum of
// the bookings that hold it: nothing lost, nothing counted twice.
afterEach(async () => {
  await expectRoomConsistent(db());
});

const oilLine = (title = '300 Litres', quantity = 1) => ({
  product: oil,
  sizeId: sizeNamed(oil, title).id,
  quantity,
});
const coalLine = () => ({ product: coal, sizeId: sizeNamed(coal, '40kg bag').id, quantity: 2 });

const room = (zoneId: number, day: string) => dayRoom(db(), zoneId, day);
const setDay = (zoneId: number, day: string, capacity: number, closed = false) =>
  setDayRoom(db(), zoneId, day, capacity, closed);
const orderRow = (id: string) => orderById(db(), id);
const held = (orderId: string) => heldBookings(db(), orderId);

async function place(agent: Agent, body: object = checkoutForm()): Promise<PlacedBody> {
  const res = await postCheckout(agent, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as PlacedBody;
}

/** The test provider's signed webhook, and the order's status after it. */
async function webhook(orderId: string, type: 'payment.succeeded' | 'payment.failed') {
  const { status, outcome } = await sendPaymentEvent(t, orderId, type);
  expect(status).toBe(200);
  return { outcome, status: (await orderRow(orderId)).status };
}

describe(`delivery days at checkout (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('offers the delivery days: weekdays after the cut-off rule, bank holidays left out, the next one priority, the five after it standard', async () => {
    // Monday 7 December 2026, 10:00 in London: before the noon cut-off, so Tuesday is the first
    // delivery day (priority delivery's), and standard delivery starts on Wednesday.
    clock = new Date('2026-12-07T10:00:00Z');
    const agent = await visitorWith(t, [oilLine()]);
    const standardSummary = await checkoutSummary(agent);
    const { delivery } = standardSummary;
    if (!delivery) throw new Error('The summary offers no days');
    expect(delivery.priority).toEqual({
      day: '2026-12-08',
      surcharge: 2500,
      total: standardSummary.total + 2500,
    });
    const days = delivery.days.map((d) => d.day);
    expect(days.slice(0, 6)).toEqual([
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-14',
      '2026-12-15',
      '2026-12-16',
    ]);
    expect(delivery.days.filter((d) => d.standard).map((d) => d.day)).toEqual(days.slice(0, 5));
    // Weekends, Christmas Day, Boxing Day's substitute (Monday 28th) and New Year's Day.
    for (const closed of ['2026-12-12', '2026-12-13', '2026-12-25', '2026-12-28', '2027-01-01']) {
      expect(days).not.toContain(closed);
    }
    // Four weeks ahead at most.
    expect(days.at(-1)).toBe('2027-01-04');
    expect(delivery).toMatchObject({ earliest: '2026-12-09', standard: '2026-12-09' });

    // At the cut-off, tomorrow is gone: priority delivery is on Wednesday.
    clock = new Date('2026-12-07T12:00:00Z');
    const later = await checkoutSummary(agent);
    expect(later.delivery?.priority.day).toBe('2026-12-09');
    expect(later.delivery?.days[0]?.day).toBe('2026-12-10');
  });

  it('books the earliest standard day when none is chosen, or the chosen one, with its room', async () => {
    clock = new Date('2027-02-01T09:00:00Z'); // Monday
    const first = await place(await visitorWith(t, [oilLine()]));
    expect((await orderRow(first.order.id)).deliveryDay).toBe('2027-02-03');
    expect(await room(oilZone, '2027-02-03')).toMatchObject({ booked: 300, capacity: 40_000 });

    const chosen = await place(await visitorWith(t, [oilLine('500 Litres')]), {
      ...checkoutForm(),
      deliveryDay: '2027-02-05',
    });
    expect((await orderRow(chosen.order.id)).deliveryDay).toBe('2027-02-05');
    // The order as its holder sees it, and the confirmation once paid, give the day.
    const view = await request(t.app.callback())
      .get(`/api/orders/${chosen.order.id}`)
      .set('X-Order-Token', chosen.orderToken);
    expect(view.body).toMatchObject({ order: { deliveryDay: '2027-02-05' } });
    await webhook(chosen.order.id, 'payment.succeeded');
    const [confirmation] = await db()
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.topicId, chosen.order.id), eq(mailOutbox.topic, 'order-confirmation')),
      );
    expect(confirmation?.text).toContain('we deliver on Friday 5 February 2027');
    expect(await held(chosen.order.id)).toEqual([
      expect.objectContaining({ zoneId: oilZone, day: '2027-02-05', amount: 500 }),
    ]);

    // Oil and coal: room on both the tankers and the lorries, the same day.
    const both = await place(await visitorWith(t, [oilLine(), coalLine()]));
    const rows = await held(both.order.id);
    expect(rows.map((r) => [r.zoneId, r.day, r.amount]).sort()).toEqual(
      [
        [oilZone, '2027-02-03', 300],
        [lorryZone, '2027-02-03', 1],
      ].sort(),
    );
  });

  it('refuses a day the order cannot have: a weekend, a bank holiday, past the horizon, before the cut-off allows, not a date', async () => {
    clock = new Date('2027-03-08T13:00:00Z'); // Monday, after the cut-off
    const agent = await visitorWith(t, [oilLine()]);
    const before = await db().select({ id: orders.id }).from(orders);
    for (const deliveryDay of [
      '2027-03-13', // Saturday
      '2027-03-17', // St Patrick's Day
      '2027-03-09', // tomorrow, after the cut-off
      '2027-03-10', // the next delivery day: priority delivery's
      '2027-03-08', // today
      '2027-06-01', // past four weeks
      'next tuesday',
      20270310,
    ]) {
      const res = await postCheckout(agent, { ...checkoutForm(), deliveryDay });
      expect(res.status, String(deliveryDay)).toBe(400);
      expect(res.body).toMatchObject({
        message: deliveryMessages.deliveryDayInvalid,
        fieldErrors: { deliveryDay: deliveryMessages.deliveryDayInvalid },
      });
    }
    expect(await db().select({ id: orders.id }).from(orders)).toHaveLength(before.length);
  });

  it('a full day is refused with the next free day, and nothing is ordered; a closed day likewise', async () => {
    clock = new Date('2027-04-05T09:00:00Z'); // Monday, 10:00 in London (BST)
    // 299 litres of room on Wednesday 7 April: not enough for 300.
    await setDay(oilZone, '2027-04-07', 299);
    const agent = await visitorWith(t, [oilLine()]);
    const summary = await checkoutSummary(agent);
    expect(summary.delivery?.days.find((d) => d.day === '2027-04-07')).toMatchObject({
      free: false,
    });
    const full = await postCheckout(agent, { ...checkoutForm(), deliveryDay: '2027-04-07' });
    expect(full.status).toBe(409);
    const fullMessage = deliveryMessages.deliveryDayFull('Wednesday 7 April', 'Thursday 8 April');
    expect(full.body).toMatchObject({
      message: fullMessage,
      fieldErrors: { deliveryDay: fullMessage },
    });
    expect(await room(oilZone, '2027-04-07')).toMatchObject({ booked: 0 });
    // The cart is kept.
    expect((await checkoutSummary(agent)).lines).toHaveLength(1);

    // Closed by staff: the lorries' day is closed, so oil and coal cannot go that day; oil can.
    await setDay(lorryZone, '2027-04-08', 120, true);
    const mixed = await visitorWith(t, [oilLine(), coalLine()]);
    const closed = await postCheckout(mixed, { ...checkoutForm(), deliveryDay: '2027-04-08' });
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({
      message: deliveryMessages.deliveryDayFull('Thursday 8 April', 'Friday 9 April'),
    });
    const oilOnly = await place(agent, { ...checkoutForm(), deliveryDay: '2027-04-08' });
    expect((await orderRow(oilOnly.order.id)).deliveryDay).toBe('2027-04-08');
  });

  it('with no room anywhere within the horizon, checkout says so with the office phones and keeps the cart', async () => {
    clock = new Date('2027-05-03T09:00:00Z');
    const agent = await visitorWith(t, [oilLine()]);
    const offered = (await checkoutSummary(agent)).delivery?.days ?? [];
    expect(offered.length).toBeGreaterThan(10);
    for (const { day } of offered) await setDay(oilZone, day, 0);
    const summary = await checkoutSummary(agent);
    expect(summary.delivery).toMatchObject({ earliest: null, standard: null });
    const res = await postCheckout(agent);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: deliveryMessages.noDeliveryDay(phones) });
    expect(res.body.message).toContain(site.offices[0].phone);
    expect((await checkoutSummary(agent)).lines).toHaveLength(1);
  });

  it('gives the room back when an order is replaced, expires or its payment fails; paying books it again', async () => {
    clock = new Date('2027-06-07T09:00:00Z'); // Monday
    const day = '2027-06-09';
    const agent = await visitorWith(t, [oilLine()]);
    const first = await place(agent);
    expect(await room(oilZone, day)).toMatchObject({ booked: 300 });

    // Checking out again with other details cancels the first order: one booking stands.
    const second = await place(agent, checkoutForm({ phone: '07700 900123' }));
    expect((await orderRow(first.order.id)).status).toBe('cancelled');
    expect(await held(first.order.id)).toEqual([]);
    expect(await room(oilZone, day)).toMatchObject({ booked: 300 });

    // A declined payment gives it back; paid after all, it is booked again on its day.
    expect(await webhook(second.order.id, 'payment.failed')).toMatchObject({
      status: 'payment_failed',
    });
    expect(await room(oilZone, day)).toMatchObject({ booked: 0 });
    expect(await webhook(second.order.id, 'payment.succeeded')).toMatchObject({ status: 'paid' });
    expect(await room(oilZone, day)).toMatchObject({ booked: 300 });
    expect((await orderRow(second.order.id)).deliveryDay).toBe(day);

    // An abandoned order expires and its room goes back.
    const abandoned = await place(await visitorWith(t, [oilLine('900 Litres')]));
    expect(await room(oilZone, day)).toMatchObject({ booked: 1200 });
    expect(await expireOrder(db(), abandoned.order.id)).toBe(true);
    expect(await room(oilZone, day)).toMatchObject({ booked: 300 });
  });

  // Found by the property test (deliveryProperty.int.test.ts): a retried order held its room
  // after its second attempt failed too, until the sweep expired it.
  it('Pay pressed again after a failure books room for the new attempt; that attempt failing too gives it back', async () => {
    clock = new Date('2027-08-02T09:00:00Z'); // Monday
    const day = '2027-08-04';
    const agent = await visitorWith(t, [oilLine()]);
    const body = { ...checkoutForm(), deliveryDay: day };
    const order = await place(agent, body);
    await webhook(order.order.id, 'payment.failed');
    expect(await held(order.order.id)).toEqual([]);

    // The same cart and details again: the same order (still payment_failed), its room booked.
    const retry = await place(agent, body);
    expect(retry.order).toMatchObject({ id: order.order.id, status: 'payment_failed' });
    expect(await room(oilZone, day)).toMatchObject({ booked: 300 });

    // Declined again: the status stays, the room goes back.
    expect(await webhook(order.order.id, 'payment.failed')).toMatchObject({
      status: 'payment_failed',
    });
    expect(await held(order.order.id)).toEqual([]);
    expect(await room(oilZone, day)).toMatchObject({ booked: 0 });

    // A third press, paid: booked on its day once.
    await place(agent, body);
    expect(await webhook(order.order.id, 'payment.succeeded')).toMatchObject({ status: 'paid' });
    expect(await room(oilZone, day)).toMatchObject({ booked: 300 });
    expect((await orderRow(order.order.id)).deliveryDay).toBe(day);
  });

  it('paid after a failure when its day has filled: the next free day; when none has room, staff review it', async () => {
    clock = new Date('2027-07-05T09:00:00Z'); // Monday
    const agent = await visitorWith(t, [oilLine()]);
    const order = await place(agent, { ...checkoutForm(), deliveryDay: '2027-07-07' });
    await webhook(order.order.id, 'payment.failed');
    await setDay(oilZone, '2027-07-07', 100);
    expect(await webhook(order.order.id, 'payment.succeeded')).toMatchObject({ status: 'paid' });
    expect((await orderRow(order.order.id)).deliveryDay).toBe('2027-07-08');

    const other = await place(await visitorWith(t, [oilLine()]));
    await webhook(other.order.id, 'payment.failed');
    const offered = (await checkoutSummary(await visitorWith(t, [oilLine()]))).delivery?.days;
    for (const { day } of offered ?? []) {
      const existing = await room(oilZone, day);
      await setDay(oilZone, day, existing?.booked ?? 0);
    }
    expect(await webhook(other.order.id, 'payment.succeeded')).toEqual({
      outcome: 'needs_review',
      status: 'needs_review',
    });
    expect(await held(other.order.id)).toEqual([]);
  });

  it('priority delivery: the next delivery day for the surcharge, its own line with VAT as the goods, on the order and its e-mail', async () => {
    clock = new Date('2027-10-04T09:00:00Z'); // Monday, 10:00 BST
    const agent = await visitorWith(t, [oilLine()]);
    const standard = await checkoutSummary(agent);
    const fast = (await agent.get('/api/checkout?priority=true')).body as {
      summary: {
        total: number;
        prioritySurcharge: number;
        deliveryCharge: number;
        delivery: { standardTotal: number; priority: { total: number } };
      };
    };
    // Both totals are offered, whichever the figures are for.
    expect(fast.summary.delivery).toMatchObject({
      standardTotal: standard.total,
      priority: { total: standard.total + 2500 },
    });
    expect(standard.delivery?.standardTotal).toBe(standard.total);
    expect(fast.summary).toMatchObject({
      prioritySurcharge: 2500,
      deliveryCharge: standard.deliveryCharge,
      total: standard.total + 2500,
    });
    expect((await agent.get('/api/checkout?priority=soon')).status).toBe(400);

    // The standard total is not the one priority costs: asked again (409), nothing placed.
    const wrong = await postCheckout(agent, {
      ...checkoutForm(),
      deliveryService: 'priority',
      expectedTotal: standard.total,
    });
    expect(wrong.status).toBe(409);
    const bad = await postCheckout(agent, { ...checkoutForm(), deliveryService: 'express' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: deliveryMessages.deliveryServiceInvalid });

    const placed = await place(agent, {
      ...checkoutForm(),
      deliveryService: 'priority',
      expectedTotal: standard.total + 2500,
    });
    const row = await orderRow(placed.order.id);
    expect(row).toMatchObject({
      deliveryDay: '2027-10-05',
      prioritySurcharge: 2500,
      total: standard.total + 2500,
    });
    const view = await request(t.app.callback())
      .get(`/api/orders/${placed.order.id}`)
      .set('X-Order-Token', placed.orderToken);
    expect(view.body).toMatchObject({
      order: { prioritySurcharge: 2500, deliveryDay: '2027-10-05' },
    });
    // 5 % of the goods and of the surcharge: the VAT of the whole total.
    const vat = (view.body as { order: { vatBreakdown: { rate: number; amount: number }[] } }).order
      .vatBreakdown;
    expect(vat).toEqual([{ rate: 500, amount: Math.round(((standard.total + 2500) * 5) / 105) }]);
    await webhook(placed.order.id, 'payment.succeeded');
    const [confirmation] = await db()
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.topicId, placed.order.id), eq(mailOutbox.topic, 'order-confirmation')),
      );
    expect(confirmation?.text).toContain('Priority delivery (next day): £25.00');
    expect(confirmation?.text).toContain('we deliver on Tuesday 5 October 2027');

    // The next day full: priority delivery is refused, nothing placed.
    await setDay(oilZone, '2027-10-05', (await room(oilZone, '2027-10-05'))?.booked ?? 0);
    const other = await visitorWith(t, [oilLine()]);
    expect((await checkoutSummary(other)).delivery?.priority.day).toBeNull();
    const full = await postCheckout(other, {
      ...checkoutForm(),
      deliveryService: 'priority',
      expectedTotal: standard.total + 2500,
    });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ message: deliveryMessages.priorityFull });
  });

  it('sixteen buyers racing for the last room of a day: exactly the capacity is sold, the others are offered the next day, no 5xx', async () => {
    clock = new Date('2027-09-06T09:00:00Z'); // Monday
    const day = '2027-09-08';
    await setDay(oilZone, day, 3000); // room for ten orders of 300 litres
    const buyers = await Promise.all(Array.from({ length: 16 }, () => visitorWith(t, [oilLine()])));
    const answers = await Promise.all(
      buyers.map((agent) => postCheckout(agent, { ...checkoutForm(), deliveryDay: day })),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(6);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(res.body).toMatchObject({
        message: deliveryMessages.deliveryDayFull('Wednesday 8 September', 'Thursday 9 September'),
      });
    }
    expect(await room(oilZone, day)).toMatchObject({ booked: 3000, capacity: 3000 });
  }, 60_000);
});
