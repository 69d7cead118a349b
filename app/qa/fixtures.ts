/**
 * The data the QA machine registry (machines.ts) starts its machines with and answers them with:
 * a customer, a cart, a kerosene checkout, an order, an enquiry and a few products, shaped like
 * the seeded catalogue. The features' own test doubles (`testing.ts`, the story kits) are for
 * tests and stories only, so the registry, which the test-plan script also loads, keeps its own.
 */
import { buildCartView, type CartView, type PricedLine } from '../../api/domain/cart';
import type { CheckoutInput } from '../../api/domain/checkout';
import { defaultZoneCalendar, offerDays } from '../../api/domain/deliveryBooking';
import type { EnquiryInput } from '../../api/domain/enquiry';
import type { CheckoutSummary, OrderLineView, OrderView } from '../../api/domain/order';
import type { SessionUser } from '../features/auth';

export const customer: SessionUser = {
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

// --- the cart ------------------------------------------------------------------------------

const cartId = '5f0c8a4e-1111-4000-8000-000000000001';
/** The two shipping zones: lorry deliveries to Northern Ireland, and oil by tanker. */
const zones = [
  { title: 'northern-ireland', rate: 600, minimumOrder: 3000 },
  { title: 'oil', rate: 0, minimumOrder: 15000 },
];
export const houseCoalLineId = '00000000-0000-4000-8000-000000000001';

/** Premium House Coal (40kg bag) and Smokeless Ovals (25kg bag), for delivery to BT1 1AA. */
export function cartWith(houseCoal: number): CartView {
  const lines: PricedLine[] = [
    {
      id: houseCoalLineId,
      type: 'coal',
      productId: 1,
      attributeId: 11,
      title: 'Premium House Coal',
      attribute: '40kg bag',
      price: 2495,
      quantity: houseCoal,
      image: '/api/uploads/products/house-coal.svg',
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      type: 'coal',
      productId: 4,
      attributeId: 41,
      title: 'Smokeless Ovals',
      attribute: '25kg bag',
      price: 1895,
      quantity: 1,
      image: '/api/uploads/products/smokeless.svg',
    },
  ];
  return buildCartView(
    {
      cartId,
      postcode: 'BT11AA',
      showPostcodeModal: false,
      lines: lines.filter((line) => line.quantity > 0),
    },
    zones,
  );
}

// --- checkout ------------------------------------------------------------------------------

const kerosene900 = (quantity: number, vatRate: 500 | 2000): OrderLineView => ({
  productId: 7,
  sizeId: 73,
  type: 'oil',
  title: 'Kerosene Heating Oil',
  sizeTitle: '900 Litres',
  unitPrice: 53500,
  quantity,
  lineTotal: 53500 * quantity,
  vatRate,
  vatAmount: Math.round((53500 * quantity * vatRate) / (10000 + vatRate)),
});

/**
 * The delivery days on offer to that kerosene ordered on Monday 17 March 2025 at 10:00 (the
 * default calendar): priority delivery on Tuesday 18th; standard from Wednesday 19th, Thursday
 * 20th fully booked.
 */
export const qaDeliveryOffer = offerDays(
  [
    {
      calendar: defaultZoneCalendar('oil'),
      amount: 2700,
      roomOn: (day) => (day === '2025-03-20' ? 0 : 40_000),
    },
  ],
  new Date('2025-03-17T10:00:00Z'),
);

/** 3 × 900 L of kerosene to BT1 1AA (above 2,300 L) without the declaration: VAT at 20 %. */
export const summaryUndeclared: CheckoutSummary = {
  lines: [kerosene900(3, 2000)],
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
    ...qaDeliveryOffer,
    priority: { ...qaDeliveryOffer.priority, total: 186286 },
    standardTotal: 183429,
  },
};

/** The same cart with priority (next-day) delivery: £25.00 more, at 20 % like the fuel. */
export const summaryPriority: CheckoutSummary = {
  ...summaryUndeclared,
  prioritySurcharge: 2500,
  vatAdjustment: 23286,
  vatBreakdown: [{ rate: 2000, amount: 31048 }],
  vatTotal: 31048,
  total: 186286,
};

/** The same cart with the domestic-use declaration: VAT at 5 %, no adjustment. */
export const summaryDeclared: CheckoutSummary = {
  ...summaryUndeclared,
  lines: [kerosene900(3, 500)],
  vatAdjustment: 0,
  vatBreakdown: [{ rate: 500, amount: 7643 }],
  vatTotal: 7643,
  total: 160500,
  domesticUse: true,
  delivery: {
    ...qaDeliveryOffer,
    priority: { ...qaDeliveryOffer.priority, total: 163000 },
    standardTotal: 160500,
  },
};

/** A checkout form the shared schema accepts (the postcode is the summary's). */
export const checkoutValues: Partial<CheckoutInput> = {
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

/** An order for that kerosene, as GET /api/orders/{id} shows it. */
export function orderWith(status: OrderView['status']): OrderView {
  return {
    ...summaryDeclared,
    id: orderId,
    number: 'FY-100001',
    status,
    createdAt: '2025-03-14T10:42:00.000Z',
    paidAt: status === 'paid' ? '2025-03-14T10:43:10.000Z' : null,
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
    domesticUse: true,
    refunds: [],
    inAccount: false,
  };
}

// --- the enquiry form ----------------------------------------------------------------------

export const sampleEnquiry: EnquiryInput = {
  name: 'Aoife Murphy',
  email: 'aoife@murphyfuels.co.uk',
  address: '3 Quay Street, Newry BT35 6AA',
  companyName: 'Murphy Fuels',
  telephone: '028 3026 1234',
  telephone2: '',
  message: 'Please quote for 20 pallets of smokeless coal, delivered monthly.',
};

// --- the order form ------------------------------------------------------------------------

/** What the order form needs of a product (the order form's OrderFormProduct). */
export interface QaProduct {
  id: string;
  title: string;
  price: number | null;
  bestSeller: boolean;
  sizes: readonly { id: string; title: string; price: number | null }[];
}

export const kerosene: QaProduct = {
  id: '9',
  title: 'Kerosene Heating Oil',
  price: null,
  bestSeller: true,
  sizes: [
    { id: '91', title: '300 Litres', price: 19200 },
    { id: '92', title: '500 Litres', price: 30500 },
    { id: '93', title: '900 Litres', price: 53500 },
  ],
};

export const gasOil: QaProduct = {
  id: '10',
  title: 'Gas Oil (Red Diesel)',
  price: null,
  bestSeller: false,
  sizes: [{ id: '101', title: '500 Litres', price: 39500 }],
};

/** Nets are priced; the bulk bag is priced on request (no price: nothing to add). */
export const kindling: QaProduct = {
  id: '15',
  title: 'Kiln Dried Kindling',
  price: null,
  bestSeller: false,
  sizes: [
    { id: '151', title: 'Net', price: 350 },
    { id: '152', title: 'Bulk bag (price on request)', price: null },
  ],
};

/** Sold on request: no price at all, so nothing can be added (the total is £0.00). */
export const unpriced: QaProduct = {
  id: '14',
  title: 'Bulk Bark Mulch (price on request)',
  price: null,
  bestSeller: false,
  sizes: [],
};
