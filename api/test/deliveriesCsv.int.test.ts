import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema';
import { ukToday } from '../routes/admin';
import { signedInCustomer } from './appEntry';
import {
  checkoutForm,
  postCheckout,
  seededProduct,
  shop,
  sizeNamed,
  visitorWith,
  type PlacedBody,
} from './checkoutFixtures';
import { createTestApp, usingPostgres, type TestApp } from './harness';

/**
 * The deliveries CSV never hands a spreadsheet a formula: every field is quoted, and a formula
 * character that could start a cell (at the start of a field, or after a , ; tab | or line break
 * inside it) is made text with an apostrophe, so even a semicolon-separated import of the file
 * that ignores the quotes gets no cell starting with = + - @ tab or CR.
 */
const slow = 120_000;
let t: TestApp;
let staffCookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: shop } });
  ({ cookie: staffCookie } = await signedInCustomer(t.db, { role: 'staff' }));
}, slow);
afterAll(async () => {
  await t?.close();
}, slow);

async function dispatchedOrder(fields: Record<string, string>): Promise<PlacedBody> {
  const oil = await seededProduct(t, 'kerosene-heating-oil');
  const agent = await visitorWith(t, [
    { product: oil, sizeId: sizeNamed(oil, '300 Litres').id, quantity: 1 },
  ]);
  const res = await postCheckout(agent, checkoutForm(fields));
  expect(res.status).toBe(201);
  const placed = res.body as PlacedBody;
  await t.db.handle.db
    .update(orders)
    .set({ status: 'out_for_delivery', dispatchedAt: new Date() })
    .where(eq(orders.id, placed.order.id));
  return placed;
}

const formulaStart = /^[=+\-@\t\r]/;

describe(`the deliveries CSV (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'quotes every field and defuses formulas inside fields, however the file is split',
    async () => {
      const town = "Belfast;=cmd|' /C calc'!A0;";
      const placed = await dispatchedOrder({
        fullName: '@SUM(1+1)',
        town,
        addressLine1: '1 Main St,=HYPERLINK("http://evil.example")',
        tankLocation: '+Behind the shed',
        tankAccess: 'Gate code 1234, lane on the left',
        instructions: 'Leave at the back|+1\t-2',
      });
      const res = await request(t.app.callback())
        .get(`/api/admin/deliveries.csv?date=${ukToday()}`)
        .set('Cookie', staffCookie)
        .buffer(true);
      expect(res.status).toBe(200);
      const records = res.text.split('\r\n');
      expect(records[0]).toBe(
        '"District","Order","Status","Delivery day","Name","Address","Town","Postcode","Telephone","Deliver","Tank location","Tanker access","Instructions"',
      );
      const line = records.find((record) => record.includes(placed.order.number)) ?? '';
      expect(line).toContain(`"Belfast;'=cmd|' /C calc'!A0;"`);
      expect(line).toContain(`"'@SUM(1+1)"`);
      expect(line).toContain(`"1 Main St,'=HYPERLINK(""http://evil.example"")"`);
      // The oil tank's place and access, each its own column for the driver, then instructions.
      expect(line).toContain(
        `"'+Behind the shed","Gate code 1234, lane on the left","Leave at the back|'+1\t'-2"`,
      );
      // Every field quoted: the record is "…","…",…
      expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
      // Split as a careless import would, no cell starts with a formula character.
      for (const separator of [',', ';', '\t', '|']) {
        for (const cell of line.split(separator)) {
          expect(cell, `split on ${JSON.stringify(separator)}`).not.toMatch(formulaStart);
          expect(cell.replace(/^[\s"]+/u, '')).not.toMatch(formulaStart);
        }
      }
    },
    slow,
  );
});
