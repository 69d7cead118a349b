import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../api/domain/auth';
import { emptyCartView } from '../../../api/domain/cart';
import type { GraphQLExecutor } from '../../../api/domain/ssr';
import { render } from '../../entry-server';
import { emptyCatalogue } from '../catalogue';
import { testCustomer } from '../auth/testing';

/** The back office's route guard, as the server renders it (docs/admin.md). */
const graphql: GraphQLExecutor = async () => ({ data: emptyCatalogue });
const staff: SessionUser = { ...testCustomer, email: 'anne@fuelyard.example', role: 'staff' };

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

const adminPaths = [
  '/admin',
  '/admin/orders',
  '/admin/orders/0b7e4f4e-0000-4000-8000-000000000001',
  '/admin/prices',
  '/admin/products',
  '/admin/products/3',
  '/admin/categories',
  '/admin/zones',
  '/admin/delivery-days',
  '/admin/enquiries',
  '/admin/enquiries/0b7e4f4e-0000-4000-8000-000000000002',
  '/admin/mail',
  '/admin/audit',
];

describe('the back office routes', () => {
  it.each(adminPaths)('%s is the ordinary 404 for a visitor who is not signed in', async (path) => {
    const result = await renderAs(path, null);
    expect(result).toMatchObject({ type: 'document', status: 404 });
    if (result.type === 'document') {
      expect(result.html).toContain('Page not found');
      expect(result.html).not.toContain('back office');
    }
  });

  it.each(adminPaths)('%s is the ordinary 404 for a customer', async (path) => {
    const result = await renderAs(path, testCustomer);
    expect(result).toMatchObject({ type: 'document', status: 404 });
    if (result.type === 'document') expect(result.html).toContain('Page not found');
  });

  it.each(adminPaths)('%s renders for staff, loading its data in the browser', async (path) => {
    const result = await renderAs(path, staff);
    expect(result).toMatchObject({ type: 'document', status: 200 });
    if (result.type !== 'document') return;
    expect(result.html).toContain('Fuelyard back office');
    expect(result.html).toContain('Loading...');
    expect(result.html).toContain('Back to the shop');
  });

  it('a trailing slash is still a 404, even for staff', async () => {
    expect(await renderAs('/admin/orders/', staff)).toMatchObject({ status: 404 });
  });
});
