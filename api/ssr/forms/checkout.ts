import type { ApiAnswer, ApiCall, PageForm } from './types';

/**
 * The checkout forms that work without JavaScript. Their intents and field names are the app's
 * (app/features/checkout/pageForms.ts): `checkout` on /checkout, `test-payment` on the test
 * provider's page.
 */

/** The checkout form's text inputs, sent as typed (the API trims and checks them). */
const textFields = [
  'fullName',
  'email',
  'phone',
  'addressLine1',
  'addressLine2',
  'town',
  'postcode',
  'tankLocation',
  'tankAccess',
  'instructions',
] as const;

/**
 * `expectedTotal` as the API takes it (a number of pence); anything but digits goes on as it
 * came, and the API answers with its own message.
 */
function expectedTotalOf(value: string | null): number | string | null {
  return value !== null && /^[0-9]{1,12}$/.test(value) ? Number(value) : value;
}

/** Where a successful answer sends the browser: the `redirectUrl` it names, else back. */
function redirectOf(answer: ApiAnswer, fallback: string): string {
  const url = (answer.body as { redirectUrl?: unknown } | null | undefined)?.redirectUrl;
  return typeof url === 'string' && url !== '' ? url : fallback;
}

/** The test provider's page buttons and the outcome each sends (TestPaymentChoice → TestOutcome). */
const testOutcomes = new Map<string, string>([
  ['pay', 'pay'],
  ['decline', 'decline'],
  ['cancel', 'cancel'],
  ['approve', '3ds-approve'],
  ['fail', '3ds-fail'],
]);

/** "Pay with 3-D Secure": no request, the page again with the bank's challenge open. */
const threeDSecure = 'threeDSecure';

/** The session id of /pay/test/{id} ('' when the path has none). */
function sessionIdOf(page: URL): string {
  const segment = /^\/pay\/test\/([^/]+)$/.exec(page.pathname)?.[1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

export const checkoutForms: readonly PageForm[] = [
  {
    // The checkout form (/checkout): the same request its script sends, with the total the page
    // showed; the server prices the cart again and refuses (409) another total.
    intent: 'checkout',
    paths: /^\/checkout$/,
    call: (fields): ApiCall => {
      const body: Record<string, unknown> = {};
      for (const name of textFields) body[name] = fields.get(name) ?? '';
      // Tick boxes are sent only when ticked.
      body.domesticUse = fields.has('domesticUse');
      body.acceptTerms = fields.has('acceptTerms');
      // Priority delivery ticked: the next delivery day, at the priority total the page showed.
      const priority = fields.get('deliveryService') === 'priority';
      body.expectedTotal = expectedTotalOf(
        fields.get(priority ? 'expectedPriorityTotal' : 'expectedTotal'),
      );
      if (priority) body.deliveryService = 'priority';
      // The day chosen; none chosen, the server books the earliest standard day.
      const deliveryDay = fields.get('deliveryDay') ?? '';
      if (!priority && deliveryDay !== '') body.deliveryDay = deliveryDay;
      const key = fields.get('idempotencyKey') ?? '';
      return {
        method: 'POST',
        path: '/api/checkout',
        body,
        ...(key === '' ? {} : { headers: { 'idempotency-key': key } }),
      };
    },
    // The provider's payment page (the test provider's /pay/test/{id}, or Stripe's or Worldpay's
    // https page), or the order's status page when its key is a paid order's.
    success: (answer) => ({ location: redirectOf(answer, '/checkout') }),
    // Everything typed (there are no card details here); the postcode is the cart's.
    keep: [
      'fullName',
      'email',
      'phone',
      'addressLine1',
      'addressLine2',
      'town',
      'tankLocation',
      'tankAccess',
      'instructions',
      'domesticUse',
      'acceptTerms',
      'deliveryDay',
      'deliveryService',
    ],
  },
  {
    // The test provider's hosted page (/pay/test/{id}): each button settles the session, which
    // sends its signed webhook before answering; the browser then goes where the session says.
    intent: 'test-payment',
    paths: /^\/pay\/test\/[^/]+$/,
    call: (fields, page) => {
      const choice = fields.get('choice') ?? '';
      if (choice === threeDSecure) return [];
      return {
        method: 'POST',
        path: `/api/payments/test/sessions/${encodeURIComponent(sessionIdOf(page))}/complete`,
        // An unknown choice goes on as it came: the API refuses it with its own message.
        body: { outcome: testOutcomes.get(choice) ?? choice },
      };
    },
    success: (answer, fields, page) =>
      fields.get('choice') === threeDSecure
        ? { location: `${page.pathname}?step=challenge` }
        : { location: redirectOf(answer, page.pathname) },
  },
];
