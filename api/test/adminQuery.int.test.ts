import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer } from './appEntry';
import { createTestApp, usingPostgres, type TestApp } from './harness';

/**
 * Every query parameter of the back office's GET routes is checked before it reaches the
 * database: a bad one is a 400 with a message, never a 500 (a year 0 date, a NUL byte, a
 * parameter given twice, …). Good ones still answer 200.
 */
const slow = 120_000;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signedInCustomer(t.db, { role: 'staff' }));
}, slow);
afterAll(async () => {
  await t?.close();
}, slow);

const get = (path: string) => request(t.app.callback()).get(path).set('Cookie', cookie);

const dateMessage = (name: string) =>
  `Enter ${name} as a real date from 2000-01-01 to 2100-12-31, such as 2026-11-24.`;

describe(`the back office's query parameters (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it.each([
    ['/api/admin/deliveries.csv?date=0000-01-01', dateMessage('the delivery date')],
    ['/api/admin/deliveries.csv?date=1999-12-31', dateMessage('the delivery date')],
    ['/api/admin/deliveries.csv?date=2101-01-01', dateMessage('the delivery date')],
    ['/api/admin/deliveries.csv?date=2025-02-29', dateMessage('the delivery date')],
    ['/api/admin/deliveries.csv?date=today', dateMessage('the delivery date')],
    ['/api/admin/deliveries.csv?date=2025-01-01&date=2025-01-02', 'Give date only once.'],
    ['/api/admin/orders?from=0000-01-01', dateMessage('the From date')],
    ['/api/admin/orders?to=0000-01-01', dateMessage('the To date')],
    ['/api/admin/orders?from=9999-12-31', dateMessage('the From date')],
    ['/api/admin/orders?to=2025-04-31', dateMessage('the To date')],
    [
      '/api/admin/orders?from=2025-03-02&to=2025-03-01',
      'The From date must not be after the To date.',
    ],
    ['/api/admin/orders?status=%00', 'status must not hold control characters.'],
    ['/api/admin/orders?district=BT7%0A', 'district must not hold control characters.'],
    ['/api/admin/orders?status=paid&status=delivered', 'Give status only once.'],
    ['/api/admin/orders?page=0', 'Give page as a whole number from 1 to 10000.'],
    ['/api/admin/orders?page=abc', 'Give page as a whole number from 1 to 10000.'],
    ['/api/admin/orders?page=10001', 'Give page as a whole number from 1 to 10000.'],
    ['/api/admin/orders?pageSize=101', 'Give pageSize as a whole number from 1 to 100.'],
    ['/api/admin/orders?pageSize=-5', 'Give pageSize as a whole number from 1 to 100.'],
    [
      `/api/admin/orders?district=${'B'.repeat(201)}`,
      'district is too long: at most 200 characters.',
    ],
    ['/api/admin/audit?entity=%00', 'entity must not hold control characters.'],
    ['/api/admin/audit?entityId=%00', 'entityId must not hold control characters.'],
    ['/api/admin/audit?entityId=a%0D%0Ab', 'entityId must not hold control characters.'],
    [
      '/api/admin/audit?entity=orders',
      'Filter entity by one of: product, size, image, category, zone, delivery_day, order, enquiry, mail, user.',
    ],
    [
      `/api/admin/audit?entityId=${'x'.repeat(101)}`,
      'entityId is too long: at most 100 characters.',
    ],
    ['/api/admin/enquiries?handled=%00', 'handled must not hold control characters.'],
    ['/api/admin/enquiries?page=1.5', 'Give page as a whole number from 1 to 10000.'],
    ['/api/admin/mail?status=%00', 'status must not hold control characters.'],
    ['/api/admin/mail?pageSize=0', 'Give pageSize as a whole number from 1 to 100.'],
    ['/api/admin/products?x=%00', 'x must not hold control characters.'],
    [
      '/api/admin/summary?%00=1',
      'A query parameter has a name that is too long or holds a control character.',
    ],
    [
      `/api/admin/zones?${Array.from({ length: 21 }, (_, i) => `p${i}=1`).join('&')}`,
      'Too many query parameters: at most 20.',
    ],
  ])('%s: 400 with a message', async (path, message) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, message });
  });

  it.each([
    '/api/admin/deliveries.csv?date=2000-01-01',
    '/api/admin/deliveries.csv?date=2100-12-31',
    '/api/admin/deliveries.csv',
    '/api/admin/orders?from=2000-01-01&to=2100-12-31&status=paid&page=1&pageSize=100',
    '/api/admin/orders?from=2025-03-01&to=2025-03-01&district=bt7&type=oil&sort=total&dir=asc',
    '/api/admin/audit?entity=order&entityId=abc',
    '/api/admin/enquiries?handled=false&page=2',
    '/api/admin/mail?status=failed',
  ])('%s: 200', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
  });

  it('anyone but staff still gets the 404, whatever the query', async () => {
    const res = await request(t.app.callback()).get('/api/admin/audit?entity=%00');
    expect(res.status).toBe(404);
  });
});
