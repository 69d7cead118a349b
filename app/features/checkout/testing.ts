/**
 * The checkout feature's test support: server answers for tests and stories (`*.test.ts(x)`,
 * `*.stories.tsx`). Production code never imports this module; it uses the feature's `index.ts`.
 * The figures are the seeded catalogue's, priced by the VAT rules of api/domain/vat.ts.
 */
import type { CheckoutInput } from '../../../api/domain/checkout';
import { defaultZoneCalendar, offerDays } from '../../../api/domain/deliveryBooking';
import type { CheckoutSummary, OrderLineView, OrderView } from '../../../api/domain/order';
import type { CheckoutAnswer } from './checkoutApi';

const kerosene = (sizeTitle: string, unitPrice: number, quantity: number): OrderLineView => ({
  productId: 7,
  sizeId: sizeTitle === '500 Litres' ? 72 : 73,
  type: 'oil',
  title: 'Kerosene Heating Oil',
  sizeTitle,
  unitPrice,
  quantity,
  lineTotal: unitPrice * quantity,
  vatRate: 500,
  vatAmount: Math.round((unitPrice * quantity * 500) / 10500),
});

/**
 * The delivery days on offer to an order of oil placed on Monday 17 March 2025 at 10:00 (the
 * default calendar): priority delivery on Tuesday 18th; standard from Wednesday 19th, Thursday
 * 20th fully booked, four weeks ahead.
 */
export const offerOil = offerDays(
  [
    {
      calendar: defaultZoneCalendar('oil'),
      amount: 500,
      roomOn: (day) => (day === '2025-03-20' ? 0 : 40_000),
    },
  ],
  new Date('2025-03-17T10:00:00Z'),
);

/** 500 L of kerosene to BT1 1AA: free delivery in the oil zone, VAT at 5 % included. */
export const summaryOil500: CheckoutSummary = {
  lines: [kerosene('500 Litres', 30500, 1)],
  subtotal: 30500,
  deliveryCharge: 0,
  vatAdjustment: 0,
  vatBreakdown: [{ rate: 500, amount: 1452 }],
  vatTotal: 1452,
  total: 30500,
  currency: 'GBP',
  postcode: 'BT11AA',
  blocked: null,
  declarationApplies: false,
  domesticUse: false,
  litres: 500,
  kilograms: 0,
  delivery: {
    ...offerOil,
    priority: { ...offerOil.priority, total: 33000 },
    standardTotal: 30500,
  },
};

/** The same cart with priority (next-day) delivery: £25.00 more, VAT at 5 % on it too. */
export const summaryOil500Priority: CheckoutSummary = {
  ...summaryOil500,
  prioritySurcharge: 2500,
  vatBreakdown: [{ rate: 500, amount: 1571 }],
  vatTotal: 1571,
  total: 33000,
};

/** 3 × 900 L (2,700 L, above 2,300 L) without the declaration: 20 %, and the adjustment line. */
export const summaryOil2700: CheckoutSummary = {
  lines: [{ ...kerosene('900 Litres', 53500, 3), vatRate: 2000, vatAmount: 30572 }],
  subtotal: 160500,
  deliveryCharge: 0,
  vatAdjustment: 22929,
  vatBreakdown: [{ rate: 2000, amount: 30572 }],
  vatTotal: 30572,
  total: 183429,
  currency: 'GBP',
  postcode: 'BT11AA',
  blocked: null,
  declarationApplies: true,
  domesticUse: false,
  litres: 2700,
  kilograms: 0,
  delivery: {
    ...offerOil,
    priority: { ...offerOil.priority, total: 186286 },
    standardTotal: 183429,
  },
};

/** The same cart with priority delivery: the surcharge at 20 % too (its own adjustment). */
export const summaryOil2700Priority: CheckoutSummary = {
  ...summaryOil2700,
  prioritySurcharge: 2500,
  vatAdjustment: 23286,
  vatBreakdown: [{ rate: 2000, amount: 31048 }],
  vatTotal: 31048,
  total: 186286,
};

/** The same cart with the domestic-use declaration: 5 %, no adjustment. */
export const summaryOil2700Declared: CheckoutSummary = {
  ...summaryOil2700,
  lines: [kerosene('900 Litres', 53500, 3)],
  vatAdjustment: 0,
  vatBreakdown: [{ rate: 500, amount: 7643 }],
  vatTotal: 7643,
  total: 160500,
  domesticUse: true,
  delivery: {
    ...offerOil,
    priority: { ...offerOil.priority, total: 163000 },
    standardTotal: 160500,
  },
};

/** A cart checkout cannot take. */
export const summaryBlocked: CheckoutSummary = {
  ...summaryOil500,
  lines: [],
  subtotal: 0,
  vatBreakdown: [],
  vatTotal: 0,
  total: 0,
  blocked: 'Your cart is empty.',
};

/** A form that passes the shared schema (the postcode is the summary's). */
export const validCheckoutValues: Partial<CheckoutInput> = {
  fullName: 'Jane Doe',
  email: 'jane@example.com',
  phone: '028 9032 1234',
  addressLine1: '12 Main Street',
  addressLine2: '',
  town: 'Belfast',
  tankLocation: 'At the back of the house',
  tankAccess: 'Side gate, code 1234',
  instructions: 'Please ring the bell when you arrive',
  acceptTerms: true,
};

export const orderId = '3b9b2f6e-5a4c-4d1e-9f3a-2c1d0e9b8a7f';

const dayFullMessage =
  'Wednesday 19 March is now fully booked. The next free delivery day is Friday 21 March: please choose a day again.';

/** POST /api/checkout's answers. */
export const checkoutAnswers = {
  /** The day chosen (Wednesday 19th) filled up before Pay: the days on offer now. */
  dayFull: {
    code: 409,
    message: dayFullMessage,
    errors: [dayFullMessage],
    fieldErrors: { deliveryDay: dayFullMessage },
    delivery: {
      ...offerOil,
      days: offerOil.days.map((d) => (d.day === '2025-03-19' ? { ...d, free: false } : d)),
      earliest: '2025-03-21',
      standard: '2025-03-21',
    },
  },
  created: {
    code: 201,
    message: 'Your order has been created. Continue to the payment page.',
    order: { id: orderId, number: 'FY-100001', status: 'pending_payment', total: 30500 },
    orderToken: 'token-abc',
    redirectUrl: '/pay/test/ses_1',
  },
  invalid: {
    code: 400,
    message: 'Full name required.',
    errors: ['Full name required.'],
    fieldErrors: { fullName: 'Full name required.' },
  },
  blocked: { code: 422, message: 'Your cart is empty.', errors: ['Your cart is empty.'] },
  providerDown: {
    code: 502,
    message:
      'We could not reach the payment provider. You have not been charged. Please try again in a few minutes.',
    errors: [
      'We could not reach the payment provider. You have not been charged. Please try again in a few minutes.',
    ],
  },
} satisfies Record<string, CheckoutAnswer>;

/** The order of `summaryOil500`, as GET /api/orders/{id} shows it. */
export function orderView(overrides: Partial<OrderView> = {}): OrderView {
  return {
    ...summaryOil500,
    id: orderId,
    number: 'FY-100001',
    status: 'paid',
    createdAt: '2025-03-14T10:42:00.000Z',
    paidAt: '2025-03-14T10:43:10.000Z',
    deliveryDay: '2025-03-18',
    fullName: 'Jane Doe',
    email: 'jane@example.com',
    phone: '028 9032 1234',
    addressLine1: '12 Main Street',
    addressLine2: null,
    town: 'Belfast',
    postcode: 'BT11AA',
    tankLocation: 'At the back of the house',
    tankAccess: 'Side gate, code 1234',
    instructions: 'Please ring the bell when you arrive',
    domesticUse: false,
    refunds: [],
    inAccount: false,
    ...overrides,
  };
}
