import type { SessionUser } from './types';

/** A signed-in customer for tests and stories (no phone or address on file yet). */
export const testCustomer: SessionUser = {
  id: 'u1',
  fullName: 'Siobhan Doherty',
  email: 'siobhan@example.co.uk',
  phone: null,
  addressLine1: null,
  addressLine2: null,
  town: null,
  postcode: null,
  role: 'customer',
};
