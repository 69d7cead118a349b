import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '../db/schema';
import { deliveryMessages } from '../domain/deliveryMessages';
import { messages } from '../domain/messages';
import {
  deliveryDayForm,
  orderDeliveryDayTexts as texts,
  type OrderDeliveryDays,
} from '../domain/orderDeliveryDay';
import { noticeCookieName } from '../domain/pageForms';
import { officePhones } from '../domain/site';
import { crossSiteMessage } from '../middleware/crossSite';
import { customerActorEmail } from '../services/orders/deliveryDayChange';
import { realAppRuntime, signedInCustomer } from './appEntry';
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
 * A customer moves their paid order's delivery day (issue 34, item 6), through HTTP against the
 * real app (its API and its server-rendered order page) on a real database, at fixed instants (the
 * app's clock): the room moves from the old day to the new one in one transaction, the audit log
 * and the customer's e-mail record it; an order that is not paid, a change after the cut-off on
 * the day before (Europe/London, GMT and BST), a full day and a day the order cannot have are
 * refused, and nothing changes. Each test books its own weeks, so their days never meet.
 */
const slow = 120_000;
let t: TestApp;
let clock = new Date('2026-12-07T10:00:00Z');
let oil: SeededProduct;
let coal: SeededProduct;
let oilZone: number;
let lorryZone: number;
let staffCookie: string;

const db = () => t.db.handle.db;
const app = () => t.app.callback();
const phones = officePhones();

beforeAll(async () => {
  t = await createTestApp({
    ssr: await realAppRuntime(),
    env: { PUBLIC_URL: shop },
    now: () => clock,
  });
  oil = await seededProduct(t, 'kerosene-heating-oil');
  coal = await seededProduct(t, 'premium-house-coal');
  ({ oilZone, lorryZone } = await deliveryZoneIds(db()));
  expect(oilZone).toBeGreaterThan(0);
  expect(lorryZone).toBeGreaterThan(0);
  ({ cookie: staffCookie } = await signedInCustomer(t.db, { role: 'staff' }));
}, slow);
afterAll(async () => {
  await t?.close();
}, slow);

// Whatever a test did, no day is over its capacity and every day's booked room is the sum of
// the bookings that hold it: nothing lost, nothing counted twice.
afterEach(async () => {
  await expectRoomConsistent(db());
});

const oilLine = (title = '300 Litres') => ({
  product: oil,
  sizeId: sizeNamed(oil, title).id,
  quantity: 1,
});
const coalLine = () => ({ product: coal, sizeId: sizeNamed(coal, '40kg bag').id, quantity: 2 });

async function booked(zoneId: number, day: string): Promise<number> {
  return (await dayRoom(db(), zoneId, day))?.booked ?? 0;
}

/** Sets a day's capacity (making its row, as staff will). */
const setCapacity = (zoneId: number, day: string, capacity: number) =>
  setDayRoom(db(), zoneId, day, capacity);
const orderRow = (id: string) => orderById(db(), id);
const held = (orderId: string) => heldBookings(db(), orderId);

async function auditOf(orderId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)))
    .orderBy(asc(auditLog.id));
}

async function dayMails(orderId: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.topicId, orderId), eq(mailOutbox.topic, 'order-delivery-day-chosen')))
    .orderBy(asc(mailOutbox.createdAt));
}

/** Everything a refused change must leave as it was. */
async function stateOf(orderId: string) {
  const order = await orderRow(orderId);
  return {
    day: order.deliveryDay,
    updatedAt: order.updatedAt.toISOString(),
    held: await held(orderId),
    audit: (await auditOf(orderId)).length,
    mails: (await dayMails(orderId)).length,
  };
}

/** The test provider's signed webhook saying the order's payment went through. */
async function pay(orderId: string) {
  expect((await sendPaymentEvent(t, orderId)).status).toBe(200);
}

/** An order for `day`, placed (by the signed-in customer of `cookie`, if given) and paid. */
async function paidOrder(
  day: string,
  lines = [oilLine()],
  options: { cookie?: string; paid?: boolean } = {},
): Promise<PlacedBody> {
  const agent = await visitorWith(t, lines);
  if (options.cookie) agent.set('Cookie', options.cookie);
  const res = await postCheckout(agent, { ...checkoutForm(), deliveryDay: day });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const placed = res.body as PlacedBody;
  if (options.paid !== false) {
    await pay(placed.order.id);
    expect((await orderRow(placed.order.id)).status).toBe('paid');
  }
  expect((await orderRow(placed.order.id)).deliveryDay).toBe(day);
  return placed;
}

interface DayAnswer {
  code: number;
  message: string;
  errors?: string[];
  fieldErrors?: Record<string, string>;
  order?: { id: string; deliveryDay: string | null; number: string };
  deliveryDays?: OrderDeliveryDays;
}

/** PUT /api/orders/{id}/delivery-day as the order page's script sends it (same-origin). */
async function putDay(
  orderId: string,
  body: object,
  auth: { token?: string; cookie?: string } = {},
): Promise<{ status: number; body: DayAnswer }> {
  let req = request(app())
    .put(`/api/orders/${orderId}/delivery-day`)
    .set('Origin', shop)
    .set('Sec-Fetch-Site', 'same-origin');
  if (auth.token !== undefined) req = req.set('X-Order-Token', auth.token);
  if (auth.cookie !== undefined) req = req.set('Cookie', auth.cookie);
  const res = await req.send(body);
  return { status: res.status, body: res.body as DayAnswer };
}

async function getDays(
  orderId: string,
  auth: { token?: string; cookie?: string } = {},
): Promise<{ status: number; body: DayAnswer }> {
  let req = request(app()).get(`/api/orders/${orderId}/delivery-days`);
  if (auth.token !== undefined) req = req.set('X-Order-Token', auth.token);
  if (auth.cookie !== undefined) req = req.set('Cookie', auth.cookie);
  const res = await req;
  return { status: res.status, body: res.body as DayAnswer };
}

/** Text as React writes it into HTML. */
const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** The page's HTML with React's text separators taken out. */
const textOf = (res: request.Response) => res.text.replace(/<!-- -->/g, '');

/** The "Change day" form of an order page (its HTML), or undefined. */
function changeForm(page: string): string | undefined {
  return (page.match(/<form\b[^>]*>[\s\S]*?<\/form>/g) ?? []).find((form) =>
    form.includes(`name="intent" value="${deliveryDayForm.intent}"`),
  );
}

/** The form posted to the order page as a browser without JavaScript does (same-origin). */
/** The days of a form's radios, and the one checked. */
function radiosOf(form: string | undefined): { days: string[]; checked: string[] } {
  const inputs = (form?.match(/<input\b[^>]*>/g) ?? []).filter((input) =>
    input.includes(`name="${deliveryDayForm.field}"`),
  );
  const valueOf = (input: string) => /\svalue="([^"]*)"/.exec(input)?.[1] ?? '';
  return {
    days: inputs.map(valueOf),
    checked: inputs.filter((input) => /\schecked=/.test(input)).map(valueOf),
  };
}

function postPage(path: string, fields: Record<string, string>, cookie?: string) {
  const req = request(app()).post(path).set('Origin', shop).type('form');
  if (cookie) req.set('Cookie', cookie);
  return req.send(new URLSearchParams(fields).toString());
}

function cookieSet(res: request.Response, name: string): string | undefined {
  const raw = res.headers['set-cookie'] as unknown;
  const lines = Array.isArray(raw) ? (raw as string[]) : [];
  return lines.find((c) => c.startsWith(`${name}=`))?.split(';')[0];
}

describe(`changing a paid order's delivery day (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'with its token: the room moves from the old day to the new one in every zone, the order has the new day, the audit log and an e-mail say so',
    async () => {
      clock = new Date('2026-12-07T10:00:00Z'); // Monday, 10:00 in London (GMT)
      const placed = await paidOrder('2026-12-10', [oilLine(), coalLine()]);
      const id = placed.order.id;
      const before = {
        oilOld: await booked(oilZone, '2026-12-10'),
        oilNew: await booked(oilZone, '2026-12-11'),
        lorryOld: await booked(lorryZone, '2026-12-10'),
        lorryNew: await booked(lorryZone, '2026-12-11'),
      };

      const res = await putDay(id, { deliveryDay: '2026-12-11' }, { token: placed.orderToken });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        code: 200,
        message: 'Your delivery day is now Friday 11 December 2026.',
        order: { id, number: placed.order.number, deliveryDay: '2026-12-11' },
        deliveryDays: {
          current: '2026-12-11',
          canChange: true,
          reason: null,
          changeBy: { day: '2026-12-10', time: '12:00' },
        },
      });
      // The same shape as GET /api/orders/{id}.
      const view = await request(app())
        .get(`/api/orders/${id}`)
        .set('X-Order-Token', placed.orderToken);
      expect(res.body.order).toEqual((view.body as { order: unknown }).order);

      expect((await orderRow(id)).deliveryDay).toBe('2026-12-11');
      expect(await held(id)).toEqual(
        [
          { zoneId: oilZone, day: '2026-12-11', amount: 300 },
          { zoneId: lorryZone, day: '2026-12-11', amount: 1 },
        ].sort((a, b) => a.zoneId - b.zoneId),
      );
      expect(await booked(oilZone, '2026-12-10')).toBe(before.oilOld - 300);
      expect(await booked(oilZone, '2026-12-11')).toBe(before.oilNew + 300);
      expect(await booked(lorryZone, '2026-12-10')).toBe(before.lorryOld - 1);
      expect(await booked(lorryZone, '2026-12-11')).toBe(before.lorryNew + 1);

      // The audit log: the customer, never their address; the old and the new day.
      const entries = await auditOf(id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorId: null,
        actorEmail: customerActorEmail,
        action: 'delivery_day',
        before: { deliveryDay: '2026-12-10' },
        after: { deliveryDay: '2026-12-11', by: 'customer', via: 'token' },
      });
      expect(JSON.stringify(entries)).not.toContain(checkoutForm().email);

      // The customer's e-mail, with the link that opens the order.
      const mails = await dayMails(id);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to).toBe(checkoutForm().email);
      expect(mails[0]?.subject).toBe(`Fuelyard order ${placed.order.number}: new delivery day`);
      expect(mails[0]?.text).toContain(
        `we have moved the delivery of your order ${placed.order.number} from Thursday 10 December 2026 to Friday 11 December 2026.`,
      );
      expect(mails[0]?.text).toContain(
        'You can change the day again on your order page until 12:00 on Thursday 10 December.',
      );
      expect(mails[0]?.text).toContain(`${shop}/order/${id}?token=${placed.orderToken}`);

      // And back again: a second change, a second entry and e-mail.
      const back = await putDay(id, { deliveryDay: '2026-12-10' }, { token: placed.orderToken });
      expect(back.status).toBe(200);
      expect(await auditOf(id)).toHaveLength(2);
      expect(await dayMails(id)).toHaveLength(2);
      expect(await booked(oilZone, '2026-12-10')).toBe(before.oilOld);
      expect(await booked(oilZone, '2026-12-11')).toBe(before.oilNew);
    },
    slow,
  );

  it('GET …/delivery-days: the days the order can move to, and until when', async () => {
    clock = new Date('2026-12-07T10:00:00Z');
    const placed = await paidOrder('2026-12-16');
    const res = await getDays(placed.order.id, { token: placed.orderToken });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(texts.loaded);
    const days = res.body.deliveryDays;
    expect(days).toMatchObject({
      current: '2026-12-16',
      canChange: true,
      reason: null,
      changeBy: { day: '2026-12-15', time: '12:00' },
    });
    const offered = days?.days.map((d) => d.day) ?? [];
    expect(offered).toContain('2026-12-11');
    expect(offered).toContain('2026-12-17');
    // Weekends and bank holidays are not delivery days; four weeks ahead at most.
    for (const closed of ['2026-12-12', '2026-12-13', '2026-12-25', '2026-12-28', '2027-01-01']) {
      expect(offered).not.toContain(closed);
    }
    expect(offered.at(-1)).toBe('2027-01-04');
  });

  it('its signed-in owner needs no token; anyone else, or without a token, gets the one 404 and nothing changes', async () => {
    clock = new Date('2027-01-11T09:00:00Z'); // Monday
    const owner = await signedInCustomer(t.db);
    const other = await signedInCustomer(t.db);
    const placed = await paidOrder('2027-01-14', [oilLine()], { cookie: owner.cookie });
    const id = placed.order.id;
    const before = await stateOf(id);

    for (const auth of [
      {},
      { token: '' },
      { token: 'x'.repeat(43) },
      { cookie: other.cookie },
      { token: 'x'.repeat(43), cookie: other.cookie },
    ]) {
      const res = await putDay(id, { deliveryDay: '2027-01-15' }, auth);
      expect(res.status, JSON.stringify(auth)).toBe(404);
      expect(res.body.message).toBe(messages.order.notFound);
      expect((await getDays(id, auth)).status).toBe(404);
    }
    for (const unknown of [randomUUID(), 'not-an-order']) {
      const res = await putDay(
        unknown,
        { deliveryDay: '2027-01-15' },
        { token: placed.orderToken },
      );
      expect(res.status).toBe(404);
    }
    expect(await stateOf(id)).toEqual(before);

    const res = await putDay(id, { deliveryDay: '2027-01-15' }, { cookie: owner.cookie });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await orderRow(id)).deliveryDay).toBe('2027-01-15');
    expect((await auditOf(id))[0]?.after).toMatchObject({ via: 'account' });
  });

  it('is refused from another site (403) and as anything but JSON (415)', async () => {
    clock = new Date('2027-01-11T09:00:00Z');
    const placed = await paidOrder('2027-01-19');
    const before = await stateOf(placed.order.id);
    const path = `/api/orders/${placed.order.id}/delivery-day`;
    const foreign = await request(app())
      .put(path)
      .set('Origin', 'https://evil.example')
      .set('X-Order-Token', placed.orderToken)
      .send({ deliveryDay: '2027-01-20' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ message: crossSiteMessage });
    const crossSite = await request(app())
      .put(path)
      .set('Sec-Fetch-Site', 'cross-site')
      .set('X-Order-Token', placed.orderToken)
      .send({ deliveryDay: '2027-01-20' });
    expect(crossSite.status).toBe(403);
    const form = await request(app())
      .put(path)
      .set('Origin', shop)
      .set('X-Order-Token', placed.orderToken)
      .type('form')
      .send('deliveryDay=2027-01-20');
    expect(form.status).toBe(415);
    expect(await stateOf(placed.order.id)).toEqual(before);
  });

  it('an order paid for priority delivery is not moved online: the office arranges it (409)', async () => {
    clock = new Date('2027-01-25T09:00:00Z'); // Monday
    const agent = await visitorWith(t, [oilLine()]);
    const priced = (await agent.get('/api/checkout?priority=true')).body as {
      summary: { total: number };
    };
    const res = await postCheckout(agent, {
      ...checkoutForm(),
      deliveryService: 'priority',
      expectedTotal: priced.summary.total,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const placed = res.body as PlacedBody;
    await pay(placed.order.id);
    const row = await orderRow(placed.order.id);
    expect(row).toMatchObject({ status: 'paid', deliveryDay: '2027-01-26' });
    expect(row.prioritySurcharge).toBeGreaterThan(0);
    const before = await stateOf(placed.order.id);
    const refused = await putDay(
      placed.order.id,
      { deliveryDay: '2027-01-27' },
      { token: placed.orderToken },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(texts.priority);
    expect(refused.body.message).toContain(phones);
    expect(await stateOf(placed.order.id)).toEqual(before);
  });

  it('only a paid order can change: awaiting payment, out for delivery (409), with its reason', async () => {
    clock = new Date('2027-01-25T09:00:00Z'); // Monday
    const unpaid = await paidOrder('2027-01-28', [oilLine()], { paid: false });
    const before = await stateOf(unpaid.order.id);
    const refused = await putDay(
      unpaid.order.id,
      { deliveryDay: '2027-01-29' },
      { token: unpaid.orderToken },
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 409,
      message: texts.notPaid('pending_payment'),
      deliveryDays: { canChange: false, reason: texts.notPaid('pending_payment'), days: [] },
    });
    expect(await stateOf(unpaid.order.id)).toEqual(before);
    expect((await getDays(unpaid.order.id, { token: unpaid.orderToken })).body).toMatchObject({
      deliveryDays: { current: '2027-01-28', canChange: false },
    });

    // Staff send it out: no more changes.
    const out = await paidOrder('2027-01-28');
    const moved = await request(app())
      .post(`/api/admin/orders/${out.order.id}/status`)
      .set('Origin', shop)
      .set('Cookie', staffCookie)
      .send({ status: 'out_for_delivery' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const outBefore = await stateOf(out.order.id);
    const late = await putDay(
      out.order.id,
      { deliveryDay: '2027-01-29' },
      { token: out.orderToken },
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(texts.notPaid('out_for_delivery'));
    expect(await stateOf(out.order.id)).toEqual(outBefore);
  });

  it('until the cut-off on the day before (GMT): at 11:59 yes, from 12:00 no, past midnight no; a Monday closes on the Sunday', async () => {
    clock = new Date('2027-02-08T09:00:00Z'); // Monday 8 February
    const tuesday = await paidOrder('2027-02-16'); // Tuesday of the next week
    const monday = await paidOrder('2027-02-15'); // Monday of the next week
    const canChange = async (placed: PlacedBody) =>
      (await getDays(placed.order.id, { token: placed.orderToken })).body.deliveryDays?.canChange;

    // Across midnight into the day before: still before its noon cut-off.
    clock = new Date('2027-02-14T23:59:00Z'); // Sunday 23:59
    expect(await canChange(tuesday)).toBe(true);
    clock = new Date('2027-02-15T00:00:00Z'); // Monday 00:00
    expect(await canChange(tuesday)).toBe(true);
    clock = new Date('2027-02-15T11:59:59Z');
    expect(await canChange(tuesday)).toBe(true);
    clock = new Date('2027-02-15T12:00:00Z');
    expect(await canChange(tuesday)).toBe(false);
    const before = await stateOf(tuesday.order.id);
    const tooLate = texts.tooLate('2027-02-16', { day: '2027-02-15', time: '12:00' });
    for (const at of ['2027-02-15T12:00:00Z', '2027-02-15T23:59:00Z', '2027-02-16T00:00:00Z']) {
      clock = new Date(at);
      const res = await putDay(
        tuesday.order.id,
        { deliveryDay: '2027-02-18' },
        { token: tuesday.orderToken },
      );
      expect(res.status, at).toBe(409);
      expect(res.body.message).toBe(tooLate);
      expect(res.body.message).toContain(phones);
    }
    expect(await stateOf(tuesday.order.id)).toEqual(before);

    // Monday's day before is Sunday, though the lorries do not run on it.
    clock = new Date('2027-02-14T11:59:00Z');
    expect(await canChange(monday)).toBe(true);
    clock = new Date('2027-02-14T12:00:00Z');
    const res = await putDay(
      monday.order.id,
      { deliveryDay: '2027-02-18' },
      { token: monday.orderToken },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      texts.tooLate('2027-02-15', { day: '2027-02-14', time: '12:00' }),
    );

    // Just before the cut-off, the change goes through.
    clock = new Date('2027-02-15T11:59:00Z');
    const ok = await putDay(
      tuesday.order.id,
      { deliveryDay: '2027-02-18' },
      { token: tuesday.orderToken },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await orderRow(tuesday.order.id)).deliveryDay).toBe('2027-02-18');
  });

  it('the cut-off is on the London clock in summer too (BST): 11:59 BST is 10:59 UTC', async () => {
    clock = new Date('2027-06-14T08:00:00Z'); // Monday 14 June, 09:00 BST
    const placed = await paidOrder('2027-06-17'); // Thursday
    const before = await stateOf(placed.order.id);
    // 12:00 in London is 11:00 UTC: too late, though it is not noon in UTC yet.
    clock = new Date('2027-06-16T11:00:00Z');
    const late = await putDay(
      placed.order.id,
      { deliveryDay: '2027-06-18' },
      { token: placed.orderToken },
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      texts.tooLate('2027-06-17', { day: '2027-06-16', time: '12:00' }),
    );
    expect(await stateOf(placed.order.id)).toEqual(before);
    // 23:30 UTC on the 15th is already the 16th in London, before noon: the change is allowed.
    clock = new Date('2027-06-15T23:30:00Z');
    expect(
      (await getDays(placed.order.id, { token: placed.orderToken })).body.deliveryDays,
    ).toMatchObject({ canChange: true, changeBy: { day: '2027-06-16', time: '12:00' } });
    clock = new Date('2027-06-16T10:59:00Z');
    const ok = await putDay(
      placed.order.id,
      { deliveryDay: '2027-06-18' },
      { token: placed.orderToken },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toBe('Your delivery day is now Friday 18 June 2027.');
  });

  it('a full day is refused (409) with the next free day, and nothing changes', async () => {
    clock = new Date('2027-03-01T09:00:00Z'); // Monday
    const placed = await paidOrder('2027-03-04'); // Thursday, 300 litres
    // Friday has 299 litres of room left: not enough.
    await setCapacity(oilZone, '2027-03-05', 299);
    const before = await stateOf(placed.order.id);
    const oldBooked = await booked(oilZone, '2027-03-04');
    const res = await putDay(
      placed.order.id,
      { deliveryDay: '2027-03-05' },
      { token: placed.orderToken },
    );
    expect(res.status).toBe(409);
    const message = deliveryMessages.deliveryDayFull('Friday 5 March', 'Monday 8 March');
    expect(res.body).toMatchObject({
      code: 409,
      message,
      errors: [message],
      fieldErrors: { deliveryDay: message },
      deliveryDays: { current: '2027-03-04', canChange: true },
    });
    expect(res.body.deliveryDays?.days.find((d) => d.day === '2027-03-05')).toMatchObject({
      free: false,
    });
    expect(await stateOf(placed.order.id)).toEqual(before);
    expect(await booked(oilZone, '2027-03-04')).toBe(oldBooked);
    expect(await booked(oilZone, '2027-03-05')).toBe(0);

    // No other day with room: the order keeps its day, and the office can help.
    clock = new Date('2027-03-01T09:00:00Z');
    const days = (await getDays(placed.order.id, { token: placed.orderToken })).body.deliveryDays;
    for (const { day } of days?.days ?? []) {
      if (day !== '2027-03-04') await setCapacity(oilZone, day, 0);
    }
    const none = await putDay(
      placed.order.id,
      { deliveryDay: '2027-03-05' },
      { token: placed.orderToken },
    );
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(texts.noOtherDay('2027-03-05', '2027-03-04'));
    expect(await stateOf(placed.order.id)).toEqual(before);
  });

  it('a day the order cannot have is refused (400): a weekend, a bank holiday, past the horizon, not a date', async () => {
    clock = new Date('2026-12-07T10:00:00Z');
    const placed = await paidOrder('2026-12-17');
    const before = await stateOf(placed.order.id);
    for (const deliveryDay of [
      '2026-12-19', // Saturday
      '2026-12-25', // Christmas Day
      '2026-12-28', // Boxing Day's substitute
      '2026-12-04', // gone
      '2026-12-07', // today
      '2027-02-01', // past four weeks
      '2026-02-30',
      '18/12/2026',
      'next friday',
      '',
      20261218,
      null,
      ['2026-12-18'],
    ]) {
      const res = await putDay(placed.order.id, { deliveryDay }, { token: placed.orderToken });
      expect(res.status, JSON.stringify(deliveryDay)).toBe(400);
      expect(res.body).toMatchObject({
        message: texts.invalid,
        fieldErrors: { deliveryDay: texts.invalid },
      });
    }
    const missing = await putDay(placed.order.id, {}, { token: placed.orderToken });
    expect(missing.status).toBe(400);
    expect(await stateOf(placed.order.id)).toEqual(before);
  });

  it('the same day again: 200, and nothing changes', async () => {
    clock = new Date('2026-12-07T10:00:00Z');
    const placed = await paidOrder('2026-12-18');
    const before = await stateOf(placed.order.id);
    const oldBooked = await booked(oilZone, '2026-12-18');
    const res = await putDay(
      placed.order.id,
      { deliveryDay: '2026-12-18' },
      { token: placed.orderToken },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: texts.unchanged('2026-12-18'),
      order: { deliveryDay: '2026-12-18' },
    });
    expect(await stateOf(placed.order.id)).toEqual(before);
    expect(await booked(oilZone, '2026-12-18')).toBe(oldBooked);
  });

  it(
    'two customers race for the last room of a day: one moves, the other gets the 409; two swapping days both move',
    async () => {
      clock = new Date('2027-04-05T08:00:00Z'); // Monday, 09:00 BST
      const first = await paidOrder('2027-04-08');
      const second = await paidOrder('2027-04-08');
      // Room for one 300-litre order on Friday.
      await setCapacity(oilZone, '2027-04-09', 300);
      const answers = await Promise.all(
        [first, second].map((placed) =>
          putDay(placed.order.id, { deliveryDay: '2027-04-09' }, { token: placed.orderToken }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await booked(oilZone, '2027-04-09')).toBe(300);
      expect(await booked(oilZone, '2027-04-08')).toBe(300);

      // One on Tuesday 13th moves to Wednesday 14th while one there moves to the 13th.
      const tuesday = await paidOrder('2027-04-13');
      const wednesday = await paidOrder('2027-04-14');
      const swapped = await Promise.all([
        putDay(tuesday.order.id, { deliveryDay: '2027-04-14' }, { token: tuesday.orderToken }),
        putDay(wednesday.order.id, { deliveryDay: '2027-04-13' }, { token: wednesday.orderToken }),
      ]);
      expect(swapped.map((a) => a.status)).toEqual([200, 200]);
      expect((await orderRow(tuesday.order.id)).deliveryDay).toBe('2027-04-14');
      expect((await orderRow(wednesday.order.id)).deliveryDay).toBe('2027-04-13');
    },
    slow,
  );
});

describe(`"Change delivery day" on the order page, without JavaScript (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'the page has the form, its day chosen; posted, the day changes and the page says so (303 + notice)',
    async () => {
      clock = new Date('2027-05-03T08:00:00Z'); // Monday, 09:00 BST
      const placed = await paidOrder('2027-05-06'); // Thursday
      const path = `/order/${placed.order.id}?token=${placed.orderToken}`;
      const page = await request(app()).get(path);
      expect(page.status).toBe(200);
      const form = changeForm(page.text);
      expect(form, 'the Change day form').toBeDefined();
      expect(form).toMatch(/^<form[^>]*method="post"/);
      expect(form).toContain(`action="${html(path)}"`);
      // A real radio per day, the order's own checked; weekends are not there.
      const radios = radiosOf(form);
      expect(radios.checked).toEqual(['2027-05-06']);
      expect(radios.days).toContain('2027-05-07');
      expect(radios.days).not.toContain('2027-05-08');
      expect(radios.days).not.toContain('2027-05-09');
      expect(form).toContain(texts.button);
      expect(textOf(page)).toContain(
        html(texts.intro('2027-05-06', { day: '2027-05-05', time: '12:00' })),
      );

      const posted = await postPage(path, {
        intent: deliveryDayForm.intent,
        deliveryDay: '2027-05-07',
      });
      expect(posted.status).toBe(303);
      expect(posted.headers.location).toBe(path);
      const notice = cookieSet(posted, noticeCookieName);
      expect(notice).toBe(
        `${noticeCookieName}=${encodeURIComponent('Your delivery day is now Friday 7 May 2027.')}`,
      );
      expect((await orderRow(placed.order.id)).deliveryDay).toBe('2027-05-07');
      expect(await auditOf(placed.order.id)).toHaveLength(1);

      const next = await request(app()).get(path).set('Cookie', String(notice));
      expect(next.status).toBe(200);
      expect(textOf(next)).toContain(html('Your delivery day is now Friday 7 May 2027.'));
      expect(textOf(next)).toContain('Friday 7 May 2027');
      expect(radiosOf(changeForm(next.text)).checked).toEqual(['2027-05-07']);
    },
    slow,
  );

  it(
    'a refusal renders the order page again with its message (409); without the token, the 404 page',
    async () => {
      clock = new Date('2027-05-03T08:00:00Z');
      const placed = await paidOrder('2027-05-11'); // Tuesday of the next week
      await setCapacity(oilZone, '2027-05-12', 0);
      const path = `/order/${placed.order.id}?token=${placed.orderToken}`;
      const before = await stateOf(placed.order.id);

      const full = await postPage(path, {
        intent: deliveryDayForm.intent,
        deliveryDay: '2027-05-12',
      });
      expect(full.status).toBe(409);
      expect(full.headers['content-type']).toMatch(/text\/html/);
      const message = deliveryMessages.deliveryDayFull('Wednesday 12 May', 'Thursday 13 May');
      expect(textOf(full)).toContain('data-server-notices');
      expect(textOf(full)).toContain(html(message));
      // The form is there again, the order's own day chosen (the full one cannot be).
      expect(radiosOf(changeForm(full.text)).checked).toEqual(['2027-05-11']);
      expect(await stateOf(placed.order.id)).toEqual(before);

      // A weekend day (the page never offers one): 400, the page with the message.
      const weekend = await postPage(path, {
        intent: deliveryDayForm.intent,
        deliveryDay: '2027-05-15',
      });
      expect(weekend.status).toBe(400);
      expect(textOf(weekend)).toContain(html(texts.invalid));

      // Past the cut-off: the page says why, and has no form.
      clock = new Date('2027-05-10T11:00:00Z'); // Monday 12:00 BST
      const late = await postPage(path, {
        intent: deliveryDayForm.intent,
        deliveryDay: '2027-05-13',
      });
      expect(late.status).toBe(409);
      const tooLate = texts.tooLate('2027-05-11', { day: '2027-05-10', time: '12:00' });
      expect(textOf(late)).toContain(html(tooLate));
      expect(changeForm(late.text)).toBeUndefined();

      // Without the token (and no cookie, no session): the ordinary 404 page.
      const stranger = await postPage(`/order/${placed.order.id}`, {
        intent: deliveryDayForm.intent,
        deliveryDay: '2027-05-13',
      });
      expect(stranger.status).toBe(404);
      expect(textOf(stranger)).toContain(messages.notFound.heading);
      expect(await stateOf(placed.order.id)).toEqual(before);
    },
    slow,
  );

  it(
    'as a browser posts it from the order page, which sends no Referer: Origin "null" with Sec-Fetch-Site same-origin passes, from anywhere else it does not',
    async () => {
      clock = new Date('2027-05-03T08:00:00Z');
      const placed = await paidOrder('2027-05-18');
      const path = `/order/${placed.order.id}?token=${placed.orderToken}`;
      const page = await request(app()).get(path);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      const before = await stateOf(placed.order.id);
      const fields = new URLSearchParams({
        intent: deliveryDayForm.intent,
        deliveryDay: '2027-05-19',
      }).toString();
      const postAs = (headers: Record<string, string>) => {
        let req = request(app()).post(path).type('form');
        for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
        return req.send(fields);
      };
      const refusedHeaders: Record<string, string>[] = [
        { Origin: 'null' },
        { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
        { Origin: 'null', 'Sec-Fetch-Site': 'same-site' },
        { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' },
      ];
      for (const headers of refusedHeaders) {
        const refused = await postAs(headers);
        expect(refused.status, JSON.stringify(headers)).toBe(403);
      }
      expect(await stateOf(placed.order.id)).toEqual(before);
      const ok = await postAs({ Origin: 'null', 'Sec-Fetch-Site': 'same-origin' });
      expect(ok.status).toBe(303);
      expect((await orderRow(placed.order.id)).deliveryDay).toBe('2027-05-19');
    },
    slow,
  );

  it('an order that is not paid shows no form', async () => {
    clock = new Date('2027-05-03T08:00:00Z');
    const unpaid = await paidOrder('2027-05-13', [oilLine()], { paid: false });
    const page = await request(app()).get(`/order/${unpaid.order.id}?token=${unpaid.orderToken}`);
    expect(page.status).toBe(200);
    expect(changeForm(page.text)).toBeUndefined();
    expect(page.text).not.toContain(texts.heading);
  });
});
