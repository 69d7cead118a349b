import { and, asc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  deliveryBookings,
  deliveryCalendars,
  deliveryDays,
  mailOutbox,
  orders,
  shippingZones,
} from '../db/schema';
import type { AdminZone } from '../domain/adminApi';
import {
  deliveryDayTexts,
  type AdminCalendarChange,
  type AdminDayChange,
  type AdminDeliveryDays,
} from '../domain/adminDeliveryDays';
import { site } from '../domain/site';
import { crossSiteMessage } from '../middleware/crossSite';
import { adminNotFoundMessage } from '../routes/admin';
import { signedInCustomer } from './appEntry';
import {
  checkoutForm,
  postCheckout,
  seededProduct,
  shop,
  sizeNamed,
  visitorWith,
  type PlacedBody,
  type SeededProduct,
} from './checkoutFixtures';
import { deliveryZoneIds, heldBookings, orderById, sendPaymentEvent } from './deliveryFixtures';
import { expectRoomConsistent } from './deliveryRoom';
import { createTestApp, usingPostgres, type TestApp } from './harness';

/**
 * The back office's cold-snap tools (issue 34, item 4), through HTTP: a zone's days with their
 * room, a day's capacity, closing a day (its orders move to the next days with room, the paid
 * customers are e-mailed, everything audited) and opening it again, the zone's calendar, a zone
 * with bookings refused deletion, and the driver's run CSV for a booked day. Each test runs at
 * its own instant (the app's clock), in its own weeks, so their bookings never meet.
 */
const slow = 60_000;
let t: TestApp;
let clock = new Date('2027-03-15T09:00:00Z');
let staffCookie: string;
let customerCookie: string;
let oil: SeededProduct;
let coal: SeededProduct;
let oilZone: number;
let lorryZone: number;

const db = () => t.db.handle.db;
const texts = deliveryDayTexts;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: shop }, now: () => clock });
  ({ cookie: staffCookie } = await signedInCustomer(t.db, { role: 'staff' }));
  ({ cookie: customerCookie } = await signedInCustomer(t.db));
  oil = await seededProduct(t, 'kerosene-heating-oil');
  coal = await seededProduct(t, 'premium-house-coal');
  ({ oilZone, lorryZone } = await deliveryZoneIds(db()));
  expect(oilZone).toBeGreaterThan(0);
  expect(lorryZone).toBeGreaterThan(0);
}, slow);
afterAll(async () => {
  await t?.close();
}, slow);

// Whatever a test did, no day is over its capacity and every day's booked room is the sum of
// the bookings that hold it: nothing lost, nothing counted twice.
afterEach(async () => {
  await expectRoomConsistent(db());
});

/* ---- Helpers ------------------------------------------------------------------------------ */

const app = () => request(t.app.callback());

function asStaff(method: 'get' | 'put' | 'post' | 'delete', path: string) {
  return app()[method](path).set('Cookie', staffCookie).set('Origin', shop);
}

async function listing(zoneId: number, from: string, days = 7): Promise<AdminDeliveryDays> {
  const res = await asStaff(
    'get',
    `/api/admin/delivery-days?zone=${zoneId}&from=${from}&days=${days}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AdminDeliveryDays;
}

async function dayOf(zoneId: number, day: string) {
  const found = (await listing(zoneId, day, 1)).days[0];
  if (!found) throw new Error(`No ${day} in the listing`);
  return found;
}

function changeDay(zoneId: number, day: string, body: object) {
  return asStaff('put', `/api/admin/delivery-days/${zoneId}/${day}`).send(body);
}

async function changed(zoneId: number, day: string, body: object): Promise<AdminDayChange> {
  const res = await changeDay(zoneId, day, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AdminDayChange;
}

const oilLine = (title = '300 Litres') => ({
  product: oil,
  sizeId: sizeNamed(oil, title).id,
  quantity: 1,
});
const coalLine = () => ({ product: coal, sizeId: sizeNamed(coal, '40kg bag').id, quantity: 2 });

/** An order through checkout for `deliveryDay`, to `postcode` (in both zones). */
async function place(
  lines: Parameters<typeof visitorWith>[1],
  deliveryDay: string,
  fields: Parameters<typeof checkoutForm>[0] = {},
): Promise<PlacedBody> {
  const postcode = fields.postcode ?? 'BT1 1AA';
  const agent = await visitorWith(t, lines, postcode);
  const res = await postCheckout(agent, { ...checkoutForm({ ...fields, postcode }), deliveryDay });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as PlacedBody;
}

/** Pays the order through the test provider's signed webhook. */
async function pay(orderId: string): Promise<void> {
  expect((await sendPaymentEvent(t, orderId)).status).toBe(200);
  expect((await orderRow(orderId)).status).toBe('paid');
}

const orderRow = (id: string) => orderById(db(), id);
const held = (orderId: string) => heldBookings(db(), orderId);

async function auditOf(entity: string, entityId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));
}

async function dayChangedMail(orderId: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.topicId, orderId), eq(mailOutbox.topic, 'order-delivery-day-changed')),
    );
}

/* ---- Tests -------------------------------------------------------------------------------- */

describe(`the back office's delivery days (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers the ordinary 404 to visitors and customers, and refuses writes from other sites', async () => {
    const calls = [
      { method: 'get' as const, path: `/api/admin/delivery-days?zone=${oilZone}` },
      { method: 'put' as const, path: `/api/admin/delivery-days/${oilZone}/2027-03-16` },
      { method: 'put' as const, path: `/api/admin/delivery-calendars/${oilZone}` },
    ];
    for (const cookie of [null, customerCookie]) {
      for (const { method, path } of calls) {
        const req = app()[method](path).set('Origin', shop);
        const res = await (cookie ? req.set('Cookie', cookie) : req).send(
          method === 'get' ? undefined : { closed: true },
        );
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.body).toEqual({ code: 404, message: adminNotFoundMessage });
      }
    }
    const foreign = await app()
      .put(`/api/admin/delivery-days/${oilZone}/2027-03-16`)
      .set('Cookie', staffCookie)
      .set('Origin', 'https://evil.example')
      .send({ closed: true });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ message: crossSiteMessage });
    expect((await dayOf(oilZone, '2027-03-16')).closed).toBe(false);
  });

  it("lists a zone's days: whether it delivers, bank holidays, capacity, booked, free, orders, its calendar and unit", async () => {
    clock = new Date('2027-03-15T09:00:00Z'); // Monday
    await place([oilLine()], '2027-03-18');
    const week = await listing(oilZone, '2027-03-15', 7);
    expect(week).toMatchObject({
      zone: { id: oilZone, title: 'oil' },
      unit: 'litres',
      customCalendar: false,
      today: '2027-03-15',
      calendar: {
        weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
        cutoff: '12:00',
        leadDays: 5,
        horizonDays: 28,
        dailyCapacity: 40_000,
        closedOnBankHolidays: true,
      },
    });
    expect(week.days.map((d) => [d.day, d.delivers])).toEqual([
      ['2027-03-15', true],
      ['2027-03-16', true],
      ['2027-03-17', false], // St Patrick's Day
      ['2027-03-18', true],
      ['2027-03-19', true],
      ['2027-03-20', false],
      ['2027-03-21', false],
    ]);
    expect(week.days[2]).toMatchObject({
      bankHoliday: 'St Patrick’s Day',
      inWords: 'Wednesday 17 March 2027',
    });
    expect(week.days[3]).toMatchObject({
      inWords: 'Thursday 18 March 2027',
      capacity: 40_000,
      booked: 300,
      free: 39_700,
      closed: false,
      orders: 1,
      bankHoliday: null,
    });
    expect(week.days[1]).toMatchObject({ capacity: 40_000, booked: 0, free: 40_000, orders: 0 });

    // The lorries count drops; without `from` the listing starts today, four weeks long.
    const lorries = await asStaff('get', `/api/admin/delivery-days?zone=${lorryZone}`);
    expect(lorries.status).toBe(200);
    const body = lorries.body as AdminDeliveryDays;
    expect(body).toMatchObject({ unit: 'drops', calendar: { dailyCapacity: 120 } });
    expect(body.days).toHaveLength(28);
    expect(body.days[0]?.day).toBe('2027-03-15');

    for (const [query, status, message] of [
      ['', 400, texts.zoneRequired],
      ['zone=abc', 400, texts.zoneFormat],
      ['zone=999999', 404, texts.noSuchZone],
      [`zone=${oilZone}&days=63`, 400, texts.daysFormat],
      [`zone=${oilZone}&days=0`, 400, texts.daysFormat],
      [
        `zone=${oilZone}&from=2027-02-30`,
        400,
        'Enter the first day as a real date from 2000-01-01 to 2100-12-31, such as 2026-11-24.',
      ],
    ] as const) {
      const res = await asStaff('get', `/api/admin/delivery-days?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status });
      expect(res.body).toMatchObject({ message });
    }
  });

  it("changes a day's capacity, never below what is booked on it, and audits it", async () => {
    clock = new Date('2027-04-12T09:00:00Z'); // Monday, 10:00 in London
    const day = '2027-04-14';
    await place([oilLine('500 Litres')], day);

    const below = await changeDay(oilZone, day, { capacity: 499 });
    expect(below.status).toBe(409);
    const message =
      '500 litres are booked on Wednesday 14 April 2027: set the capacity to at least 500 litres.';
    expect(below.body).toMatchObject({ code: 409, message, fieldErrors: { capacity: message } });
    expect(texts.belowBooked(day, 500, 'litres')).toBe(message);
    expect(await dayOf(oilZone, day)).toMatchObject({ capacity: 40_000, booked: 500 });

    const exact = await changed(oilZone, day, { capacity: 500 });
    expect(exact).toMatchObject({
      code: 200,
      day: { day, capacity: 500, booked: 500, free: 0, closed: false, orders: 1 },
      moved: [],
      notMoved: [],
    });
    // Full now: checkout refuses the day.
    const agent = await visitorWith(t, [oilLine()]);
    const full = await postCheckout(agent, { ...checkoutForm(), deliveryDay: day });
    expect(full.status).toBe(409);

    // A day nothing was booked on yet gets its row with the new capacity ("120" as typed works).
    expect(await changed(lorryZone, '2027-04-15', { capacity: '90' })).toMatchObject({
      day: { capacity: 90, booked: 0, free: 90 },
    });
    const [entry] = await auditOf('delivery_day', `${oilZone}/${day}`);
    expect(entry).toMatchObject({
      action: 'capacity',
      before: { capacity: 40_000, booked: 500, closed: false },
      after: { capacity: 500, booked: 500, closed: false },
    });

    for (const [body, status, bodyMessage] of [
      [{}, 400, texts.nothingToChange],
      [{ capacity: -1 }, 400, texts.capacityFormat],
      [{ capacity: 1.5 }, 400, texts.capacityFormat],
      [{ capacity: 'lots' }, 400, texts.capacityFormat],
      [{ capacity: 1_000_001 }, 400, texts.capacityFormat],
      [{ closed: 'yes' }, 400, texts.closedFormat],
    ] as const) {
      const res = await changeDay(oilZone, day, body);
      expect({ body, status: res.status }).toEqual({ body, status });
      expect(res.body).toMatchObject({ message: bodyMessage });
    }
    const past = await changeDay(oilZone, '2027-04-09', { capacity: 10 });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ message: texts.dayPassed('2027-04-09') });
    expect((await changeDay(oilZone, '2027-04-31', { capacity: 10 })).status).toBe(400);
    expect((await changeDay(999_999, day, { capacity: 10 })).status).toBe(404);
  });

  it(
    'closing a day moves its paid and pending orders, oldest booking first, each to the next day with room; paid customers are e-mailed; all audited; reopening keeps them where they are',
    async () => {
      clock = new Date('2027-05-10T09:00:00Z'); // Monday
      const closing = '2027-05-12'; // Wednesday
      const first = await place([oilLine()], closing, { fullName: 'Aoife Quinn' });
      const second = await place([oilLine()], closing, { fullName: 'Brendan Kerr' });
      const third = await place([oilLine()], closing, { fullName: 'Cara Doherty' });
      await pay(first.order.id);
      await pay(third.order.id); // the second stays awaiting payment
      // Thursday has room for one 300-litre order only: the second skips to Friday.
      await changed(oilZone, '2027-05-13', { capacity: 400 });

      const answer = await changed(oilZone, closing, { closed: true });
      expect(answer.moved).toEqual([
        expect.objectContaining({
          number: first.order.number,
          from: closing,
          to: '2027-05-13',
          status: 'paid',
          emailed: true,
        }),
        expect.objectContaining({
          number: second.order.number,
          from: closing,
          to: '2027-05-14',
          status: 'pending_payment',
          emailed: false,
        }),
        expect.objectContaining({
          number: third.order.number,
          from: closing,
          to: '2027-05-14',
          status: 'paid',
          emailed: true,
        }),
      ]);
      expect(answer.notMoved).toEqual([]);
      expect(answer.message).toBe(texts.closed(closing, 3, 0, false));
      expect(answer.day).toMatchObject({
        day: closing,
        closed: true,
        booked: 0,
        free: 0,
        orders: 0,
      });
      expect(await dayOf(oilZone, '2027-05-13')).toMatchObject({
        booked: 300,
        capacity: 400,
        orders: 1,
      });
      expect(await dayOf(oilZone, '2027-05-14')).toMatchObject({ booked: 600, orders: 2 });
      expect((await orderRow(first.order.id)).deliveryDay).toBe('2027-05-13');
      expect((await orderRow(second.order.id)).deliveryDay).toBe('2027-05-14');
      expect(await held(third.order.id)).toEqual([
        { zoneId: oilZone, day: '2027-05-14', amount: 300 },
      ]);

      // The paid customers are told, with both days in words, an apology and the office phone.
      const [mail] = await dayChangedMail(first.order.id);
      expect(mail?.subject).toBe(
        `Your delivery day has changed: Fuelyard order ${first.order.number}`,
      );
      expect(mail?.text).toContain('Dear Aoife Quinn');
      expect(mail?.text).toContain(
        `We are sorry: we cannot deliver your order ${first.order.number} on Wednesday 12 May 2027 as planned.`,
      );
      expect(mail?.text).toContain('Your new delivery day is Thursday 13 May 2027.');
      expect(mail?.text).toContain(site.offices[0].phone);
      expect(mail?.text).toContain(`${shop}/order/${first.order.id}?token=`);
      expect(mail?.html).toContain('Thursday 13 May 2027');
      expect((await dayChangedMail(third.order.id))[0]?.text).toContain(
        'Your new delivery day is Friday 14 May 2027.',
      );
      expect(await dayChangedMail(second.order.id)).toEqual([]);

      // One entry for the day, one per moved order with its day before and after.
      const [dayEntry] = await auditOf('delivery_day', `${oilZone}/${closing}`);
      expect(dayEntry).toMatchObject({
        action: 'close',
        before: { closed: false, booked: 900 },
        after: {
          closed: true,
          booked: 0,
          moved: [
            { number: first.order.number, from: closing, to: '2027-05-13' },
            { number: second.order.number, from: closing, to: '2027-05-14' },
            { number: third.order.number, from: closing, to: '2027-05-14' },
          ],
          notMoved: [],
        },
      });
      for (const [placed, to] of [
        [first, '2027-05-13'],
        [second, '2027-05-14'],
        [third, '2027-05-14'],
      ] as const) {
        const entries = (await auditOf('order', placed.order.id)).filter(
          (e) => e.action === 'delivery_day',
        );
        expect(entries).toEqual([
          expect.objectContaining({
            before: { deliveryDay: closing },
            after: expect.objectContaining({ deliveryDay: to }),
          }),
        ]);
      }

      // A closed day is not offered at checkout.
      const agent = await visitorWith(t, [oilLine()]);
      const refused = await postCheckout(agent, { ...checkoutForm(), deliveryDay: closing });
      expect(refused.status).toBe(409);

      // Open again: bookable, and the moved orders stay on their new days.
      const opened = await changed(oilZone, closing, { closed: false });
      expect(opened).toMatchObject({
        message: texts.opened(closing),
        day: { closed: false, free: 40_000 },
      });
      expect((await orderRow(first.order.id)).deliveryDay).toBe('2027-05-13');
      expect((await auditOf('delivery_day', `${oilZone}/${closing}`)).map((e) => e.action)).toEqual(
        ['close', 'open'],
      );
      await place([oilLine()], closing);
    },
    slow,
  );

  it('an order of oil and coal moves only to a day with room in both zones', async () => {
    clock = new Date('2027-06-14T09:00:00Z'); // Monday
    const closing = '2027-06-16';
    const mixed = await place([oilLine(), coalLine()], closing);
    await pay(mixed.order.id);
    // Thursday: the tankers have room, the lorries none.
    await changed(lorryZone, '2027-06-17', { capacity: 0 });

    const answer = await changed(oilZone, closing, { closed: true });
    expect(answer.moved).toEqual([
      expect.objectContaining({ number: mixed.order.number, to: '2027-06-18' }),
    ]);
    expect(await held(mixed.order.id)).toEqual(
      [
        { zoneId: oilZone, day: '2027-06-18', amount: 300 },
        { zoneId: lorryZone, day: '2027-06-18', amount: 1 },
      ].sort((a, b) => a.zoneId - b.zoneId),
    );
    // The lorries' Wednesday gave its drop back, and stays open (only the tankers' day closed).
    expect(await dayOf(lorryZone, closing)).toMatchObject({ booked: 0, closed: false });
    expect(await dayOf(lorryZone, '2027-06-17')).toMatchObject({ booked: 0, capacity: 0 });
    expect((await orderRow(mixed.order.id)).deliveryDay).toBe('2027-06-18');
  });

  it(
    'an order with no day left that has room keeps its room on the closed day and is reported; closing again moves it once there is room',
    async () => {
      clock = new Date('2027-07-05T09:00:00Z'); // Monday
      const closing = '2027-07-07';
      const stuck = await place([oilLine()], closing);
      await pay(stuck.order.id);
      // Every later day a customer could book now is full.
      const later = (await listing(oilZone, '2027-07-08', 28)).days.filter((d) => d.delivers);
      expect(later.length).toBeGreaterThan(10);
      for (const { day } of later) await changed(oilZone, day, { capacity: 0 });

      const answer = await changed(oilZone, closing, { closed: true });
      expect(answer.moved).toEqual([]);
      expect(answer.notMoved).toEqual([
        {
          orderId: stuck.order.id,
          number: stuck.order.number,
          status: 'paid',
          day: closing,
          reason: 'no_room',
          message: texts.noRoom(stuck.order.number),
        },
      ]);
      expect(answer.day).toMatchObject({ closed: true, booked: 300, orders: 1, free: 0 });
      expect(await held(stuck.order.id)).toEqual([{ zoneId: oilZone, day: closing, amount: 300 }]);
      expect((await orderRow(stuck.order.id)).deliveryDay).toBe(closing);
      expect(await dayChangedMail(stuck.order.id)).toEqual([]);
      const [entry] = (await auditOf('order', stuck.order.id)).filter(
        (e) => e.action === 'delivery_day_not_moved',
      );
      expect(entry).toMatchObject({ after: { deliveryDay: closing, reason: 'no_room' } });
      expect((await auditOf('delivery_day', `${oilZone}/${closing}`)).at(-1)).toMatchObject({
        after: { notMoved: [{ number: stuck.order.number, reason: 'no_room' }] },
      });
      // Its room is still counted on the closed day: the capacity cannot go under it.
      expect((await changeDay(oilZone, closing, { capacity: 0 })).status).toBe(409);

      // Room on Tuesday week; closing the day again moves it there.
      await changed(oilZone, '2027-07-13', { capacity: 1000 });
      const again = await changed(oilZone, closing, { closed: true });
      expect(again.moved).toEqual([
        expect.objectContaining({ number: stuck.order.number, to: '2027-07-13', emailed: true }),
      ]);
      expect(await dayOf(oilZone, closing)).toMatchObject({ booked: 0, orders: 0, closed: true });
    },
    slow,
  );

  it("sets a zone's calendar: checked by the calendar's own rules, audited, used for the listing", async () => {
    clock = new Date('2027-08-02T09:00:00Z'); // Monday
    const created = await asStaff('post', '/api/admin/zones').send({
      title: 'cold-snap-test',
      rate: '5.00',
      minimumOrder: '0',
      postcodes: 'BT99',
    });
    expect(created.status).toBe(201);
    const zoneId = (created.body as { zone: AdminZone }).zone.id;
    const put = (body: object) =>
      asStaff('put', `/api/admin/delivery-calendars/${zoneId}`).send(body);
    const good = {
      weekdays: ['sat', 'mon', 'tue', 'mon'],
      cutoff: '10:30',
      leadDays: 3,
      horizonDays: 14,
      dailyCapacity: 60,
      closedOnBankHolidays: false,
    };
    const saved = await put(good);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body as AdminCalendarChange).toEqual({
      code: 200,
      message: texts.calendarSaved,
      customCalendar: true,
      calendar: { ...good, weekdays: ['mon', 'tue', 'sat'] },
    });
    const week = await listing(zoneId, '2027-08-02', 7);
    expect(week).toMatchObject({ customCalendar: true, unit: 'drops' });
    expect(week.days.map((d) => d.delivers)).toEqual([
      true,
      true,
      false,
      false,
      false,
      true,
      false,
    ]);
    expect(week.days[0]).toMatchObject({ capacity: 60, free: 60 });
    // The priority surcharge, which this form does not set, is kept (the lorries' built-in one).
    const [row] = await db()
      .select()
      .from(deliveryCalendars)
      .where(eq(deliveryCalendars.zoneId, zoneId));
    expect(row?.prioritySurcharge).toBe(1500);
    const [entry] = (await auditOf('zone', String(zoneId))).filter((e) => e.action === 'calendar');
    expect(entry).toMatchObject({
      before: { custom: false, weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'], dailyCapacity: 120 },
      after: { custom: true, weekdays: ['mon', 'tue', 'sat'], dailyCapacity: 60 },
    });

    for (const [change, message, field] of [
      [
        { weekdays: [] },
        'A delivery calendar needs at least one weekday the lorries run.',
        'weekdays',
      ],
      [{ weekdays: ['mon', 'funday'] }, 'Not a weekday (mon, tue, … sun): funday', 'weekdays'],
      [
        { cutoff: '25:00' },
        'A time must be HH:MM on the 24-hour clock (00:00 to 23:59): 25:00',
        'cutoff',
      ],
      [
        { leadDays: 0 },
        'The lead time in delivery days must be a whole number from 1 to 366: 0',
        'leadDays',
      ],
      [
        { horizonDays: 400 },
        'The booking horizon in days must be a whole number from 1 to 366: 400',
        'horizonDays',
      ],
      [{ dailyCapacity: -5 }, texts.dailyCapacityFormat, 'dailyCapacity'],
      [{ weekdays: 'mon' }, texts.weekdaysFormat, 'weekdays'],
      [{ closedOnBankHolidays: 'no' }, texts.bankHolidaysFormat, 'closedOnBankHolidays'],
      [{ cutoff: undefined }, texts.cutoffFormat, 'cutoff'],
    ] as const) {
      const res = await put({ ...good, ...change });
      expect({ change, status: res.status }).toEqual({ change, status: 400 });
      expect(res.body).toMatchObject({ code: 400, message, fieldErrors: { [field]: message } });
    }
    // Nothing of the refused ones was kept.
    expect((await listing(zoneId, '2027-08-02', 1)).calendar).toEqual({
      ...good,
      weekdays: ['mon', 'tue', 'sat'],
    });
    expect((await put({ ...good, weekdays: ['mon'] })).status).toBe(200);
    const missing = await asStaff('put', '/api/admin/delivery-calendars/999999').send(good);
    expect(missing.status).toBe(404);
  });

  it('refuses to delete a zone while orders not yet delivered hold room in it; without them it goes, days and all', async () => {
    clock = new Date('2027-09-06T09:00:00Z'); // Monday
    const placed = await place([oilLine()], '2027-09-08');
    const refused = await asStaff('delete', `/api/admin/zones/${oilZone}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 409 });
    expect((refused.body as { message: string }).message).toMatch(
      /^This zone cannot be deleted: [\d,]+ orders not yet delivered hold delivery room in it\./,
    );
    expect(
      await db().select().from(shippingZones).where(eq(shippingZones.id, oilZone)),
    ).toHaveLength(1);
    expect(await held(placed.order.id)).toHaveLength(1);

    // A zone whose only booking was given back: deleted, with its days; the order keeps its day.
    const created = await asStaff('post', '/api/admin/zones').send({
      title: 'short-lived',
      rate: '1.00',
      minimumOrder: '0',
      postcodes: 'BT98',
    });
    expect(created.status).toBe(201);
    const zoneId = (created.body as { zone: AdminZone }).zone.id;
    await changed(zoneId, '2027-09-09', { capacity: 10 });
    await db().insert(deliveryBookings).values({
      orderId: placed.order.id,
      zoneId,
      day: '2027-09-09',
      amount: 1,
      releasedAt: new Date(),
    });
    const gone = await asStaff('delete', `/api/admin/zones/${zoneId}`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(204);
    expect(await db().select().from(deliveryDays).where(eq(deliveryDays.zoneId, zoneId))).toEqual(
      [],
    );
    expect((await orderRow(placed.order.id)).deliveryDay).toBe('2027-09-08');
    expect(texts.zoneHasBookings(1)).toBe(
      'This zone cannot be deleted: 1 order not yet delivered holds delivery room in it. Deliver, cancel or refund it first.',
    );
  });

  it("the deliveries CSV gives each order's delivery day, and ?day= is the driver's run for a booked day", async () => {
    clock = new Date('2027-10-04T09:00:00Z'); // Monday
    const run = '2027-10-06';
    const lisburn = await place([oilLine()], run, { postcode: 'BT28 1AA' });
    const belfast = await place([oilLine()], run, { postcode: 'BT9 5AA' });
    const city = await place([oilLine()], run, { postcode: 'BT1 1AA' });
    const unpaid = await place([oilLine()], run, { postcode: 'BT1 1AB' });
    const otherDay = await place([oilLine()], '2027-10-07');
    for (const order of [lisburn, belfast, city, otherDay]) await pay(order.order.id);
    // On the lorry already: still on the run. Delivered: not.
    await db()
      .update(orders)
      .set({ status: 'out_for_delivery', dispatchedAt: new Date() })
      .where(eq(orders.id, belfast.order.id));
    const delivered = await place([oilLine()], run, { postcode: 'BT2 1AA' });
    await pay(delivered.order.id);
    await db().update(orders).set({ status: 'delivered' }).where(eq(orders.id, delivered.order.id));

    const res = await asStaff('get', `/api/admin/deliveries.csv?day=${run}`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="delivery-run-${run}.csv"`,
    );
    const records = res.text.split('\r\n').filter(Boolean);
    expect(records[0]).toBe(
      '"District","Order","Status","Delivery day","Name","Address","Town","Postcode","Telephone","Deliver","Tank location","Tanker access","Instructions"',
    );
    // By postcode, then order number: BT1, BT28, BT9 (as text), paid and out for delivery only.
    expect(records.slice(1).map((r) => r.split(',')[1])).toEqual([
      `"${city.order.number}"`,
      `"${lisburn.order.number}"`,
      `"${belfast.order.number}"`,
    ]);
    expect(records[1]).toContain(`"Paid","${run}"`);
    expect(records[3]).toContain(`"Out for delivery","${run}"`);
    expect(res.text).not.toContain(unpaid.order.number);
    expect(res.text).not.toContain(delivered.order.number);
    expect(res.text).not.toContain(otherDay.order.number);

    // The orders sent out on a date carry their booked day too.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(),
    );
    const sent = await asStaff('get', `/api/admin/deliveries.csv?date=${today}`).buffer(true);
    const line = sent.text.split('\r\n').find((r) => r.includes(belfast.order.number)) ?? '';
    expect(line).toContain(`"Out for delivery","${run}"`);

    for (const [query, message] of [
      [
        'day=2027-02-29',
        'Enter the delivery day as a real date from 2000-01-01 to 2100-12-31, such as 2026-11-24.',
      ],
      [
        `day=${run}&date=${run}`,
        'Give either day (the orders booked for that day) or date (the orders sent out that day), not both.',
      ],
    ] as const) {
      const bad = await asStaff('get', `/api/admin/deliveries.csv?${query}`);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ message });
    }
  });
});
