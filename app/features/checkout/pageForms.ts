/**
 * The checkout feature's forms as the browser posts them without script (DESIGN.md, Rendering):
 * their intents and the fields beyond the visible inputs. api/ssr/forms/checkout.ts reads the same
 * names; the API suite (api/test/pageForms.checkout.int.test.ts) posts the rendered forms back.
 */
export const checkoutIntents = {
  /** The checkout form (/checkout): POST /api/checkout. */
  checkout: 'checkout',
  /** The test provider's page (/pay/test/{id}): POST /api/payments/test/sessions/{id}/complete. */
  testPayment: 'test-payment',
} as const;

/** The checkout form's fields that are not text inputs. */
export const checkoutFormFields = {
  /** The total (pence) of the summary the page shows: the server refuses (409) any other. */
  expectedTotal: 'expectedTotal',
  /** The Idempotency-Key a post without script is sent with (one per page the server renders). */
  idempotencyKey: 'idempotencyKey',
  /** The delivery day chosen (a radio per day, ISO `YYYY-MM-DD`). */
  deliveryDay: 'deliveryDay',
  /** Priority delivery's box: sent as "priority" only when ticked. */
  deliveryService: 'deliveryService',
  /** The total with priority delivery the page showed: sent as the total when it is ticked. */
  expectedPriorityTotal: 'expectedPriorityTotal',
  /** The two tick boxes: sent (as "on") only when ticked. */
  domesticUse: 'domesticUse',
  acceptTerms: 'acceptTerms',
} as const;

/** The test payment page's buttons: each sends its choice (TestPaymentChoice) in this field. */
export const testPaymentChoiceField = 'choice';

/**
 * A fresh random Idempotency-Key candidate (crypto.getRandomValues works on plain http too). Here,
 * not with the form, so that the checkout route's loader (in the first-load bundle) can make the
 * key of a post without script without pulling in the form's components.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `checkout-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
