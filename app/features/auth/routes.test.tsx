import { describe, expect, it } from 'vitest';
import { emptyCartView } from '../../../api/domain/cart';
import type { SessionUser } from '../../../api/domain/auth';
import type { GraphQLExecutor } from '../../../api/domain/ssr';
import { render } from '../../entry-server';
import { testCustomer } from './testing';

const graphql: GraphQLExecutor = async () => ({
  data: { oils: [], coalCategories: [], woodPellets: [], otherProducts: [], shippingZones: [] },
});

const customer = testCustomer;

function renderAs(path: string, user: SessionUser | null) {
  return render(new Request(`http://localhost${path}`), {
    nonce: 'n',
    graphql,
    publicConfig: { analytics: null, testPayments: false },
    cart: async () => emptyCartView(),
    user: () => Promise.resolve(user),
    checkout: async () => {
      throw new Error('no checkout here');
    },
  });
}

describe('route guards (SPEC §8), server-rendered', () => {
  it.each([
    '/user/login',
    '/user/register',
    '/user/password-forgot',
    '/user/password-reset?token=x',
  ])('the guest-only %s sends a signed-in customer home', async (path) => {
    expect(await renderAs(path, customer)).toMatchObject({ type: 'redirect', location: '/' });
  });

  it.each(['/user/login', '/user/register', '/user/password-forgot', '/user/password-reset'])(
    '%s renders for a guest',
    async (path) => {
      const result = await renderAs(path, null);
      expect(result).toMatchObject({ type: 'document', status: 200 });
      if (result.type === 'document') expect(result.html).toContain('Customer Login');
    },
  );

  it.each([
    ['/order', '/user/login?redirect=%2Forder'],
    ['/user/account', '/user/login?redirect=%2Fuser%2Faccount'],
  ])('%s needs auth: signed out, it goes to %s', async (path, location) => {
    expect(await renderAs(path, null)).toMatchObject({ type: 'redirect', location });
  });

  it('a signed-in customer sees the greeting, not Customer Login, in the first HTML', async () => {
    const result = await renderAs('/user/account', customer);
    expect(result.type).toBe('document');
    if (result.type !== 'document') return;
    const html = result.html.replace(/<!-- -->/g, '');
    expect(html).toContain('Hi, Siobhan Doherty!');
    expect(html).not.toContain('Customer Login');
    expect(html).toContain('siobhan@example.co.uk');
  });

  it('the auth callback returns to the local target only', async () => {
    expect(await renderAs('/login?redirect=%2Forder', customer)).toMatchObject({
      type: 'redirect',
      location: '/order',
    });
    expect(await renderAs('/login?redirect=%2F%2Fevil.example', customer)).toMatchObject({
      type: 'redirect',
      location: '/',
    });
    expect(await renderAs('/login?redirect=https%3A%2F%2Fevil.example', customer)).toMatchObject({
      type: 'redirect',
      location: '/',
    });
    expect(await renderAs('/login?redirect=%2Forder', null)).toMatchObject({
      type: 'redirect',
      location: '/user/login?redirect=%2Forder',
    });
  });
});
