import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../domain/messages';
import { signedInCustomer } from './appEntry';
import {
  checkoutForm,
  postCheckout,
  seededProduct,
  shop,
  sizeNamed,
  visitorWith,
} from './checkoutFixtures';
import { createTestApp, usingPostgres, type TestApp } from './harness';

/**
 * One e-mail rule for every customer address: an address that would bend a mailto: link
 * ("?", "&", "%") or names an IP literal is refused by the enquiry form, checkout,
 * registration, log-in, the forgotten-password form and the account's details, with the same
 * message, before anything is stored or sent.
 */
const slow = 120_000;
const password = 'a long enough passphrase';
let t: TestApp;

const refused = [
  'a?cc=spy%40evil.example&body=hi@fuelyard.example',
  'x@[127.0.0.1]',
  'a%b@example.com',
  'a&b@example.com',
];

beforeAll(async () => {
  t = await createTestApp({
    env: {
      PUBLIC_URL: shop,
      ENQUIRY_RATE_LIMIT: '1000',
      CHECKOUT_RATE_LIMIT: '1000',
      CHECKOUT_CART_RATE_LIMIT: '1000',
      LOGIN_RATE_LIMIT: '1000',
    },
  });
}, slow);
afterAll(async () => {
  await t?.close();
}, slow);

const api = () => request(t.app.callback());

function expectEmailRefused(res: request.Response) {
  expect([400, 422]).toContain(res.status);
  expect(res.body).toMatchObject({ code: res.status });
  expect(JSON.stringify(res.body)).toContain(messages.enquiry.emailInvalid);
}

describe(`the one e-mail rule over HTTP (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it.each(refused)('the enquiry form refuses %s', async (email) => {
    const res = await api().post('/api/enquiries').set('Origin', shop).send({
      name: 'Aoife Murphy',
      email,
      address: '3 Quay Street, Newry BT35 6AA',
      companyName: 'Murphy Fuels',
      telephone: '028 3026 1234',
      message: 'Please quote for 20 pallets.',
    });
    expectEmailRefused(res);
  });

  it.each(refused)(
    'checkout refuses %s',
    async (email) => {
      const oil = await seededProduct(t, 'kerosene-heating-oil');
      const agent = await visitorWith(t, [
        { product: oil, sizeId: sizeNamed(oil, '300 Litres').id, quantity: 1 },
      ]);
      expectEmailRefused(await postCheckout(agent, checkoutForm({ email })));
    },
    slow,
  );

  it.each(refused)(
    'registration, log-in and the forgotten-password form refuse %s',
    async (email) => {
      expectEmailRefused(
        await api()
          .post('/api/auth/local/register')
          .set('Origin', shop)
          .send({ fullName: 'Ann Other', email, password }),
      );
      expectEmailRefused(
        await api().post('/api/auth/local').set('Origin', shop).send({ email, password }),
      );
      expectEmailRefused(
        await api().post('/api/auth/forgot-password').set('Origin', shop).send({ email }),
      );
    },
  );

  it.each(refused)('the account details refuse %s', async (email) => {
    const customer = await signedInCustomer(t.db, { password });
    expectEmailRefused(
      await api()
        .patch('/api/users/me')
        .set('Origin', shop)
        .set('Cookie', customer.cookie)
        .send({ fullName: 'Ann Other', email, currentPassword: password }),
    );
  });

  it('an ordinary address still goes through the enquiry form', async () => {
    const res = await api().post('/api/enquiries').set('Origin', shop).send({
      name: 'Aoife Murphy',
      email: "o'neill+fuel@murphy-fuels.co.uk",
      address: '3 Quay Street, Newry BT35 6AA',
      companyName: 'Murphy Fuels',
      telephone: '028 3026 1234',
      message: 'Please quote for 20 pallets.',
    });
    expect(res.status).toBe(200);
  });
});
