/**
 * The checkout and order pages' titles and descriptions, for their <title> and meta description
 * (the route table's `handle.meta`) and their headings. Apart from the pages' other words
 * (texts.ts, which spells these out again under the same names): the route table is in every
 * page's first load, and needs only these.
 */
export const checkoutPageMeta = {
  checkout: {
    pageTitle: 'Checkout',
    pageDescription: 'Your delivery details and the order summary, then pay securely.',
  },
  process: {
    pageTitle: 'Confirming your payment',
    description: 'We are waiting for the payment provider to confirm your payment.',
  },
  success: {
    pageTitle: 'Order confirmed',
    description: 'Your payment has been received.',
  },
  order: {
    pageTitle: 'Your order',
    pageDescription: 'Your order, its status and a printable VAT receipt.',
  },
  testPayment: {
    pageTitle: 'Test payment',
    pageDescription: 'The built-in test payment provider: no money is taken.',
  },
} as const;
