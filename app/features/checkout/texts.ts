import type { OrderStatus } from '../../../api/domain/order';
import { checkoutPageMeta } from './pageMeta';

/**
 * The checkout and order pages' own words (the browser's side of issue 15). The form's labels,
 * its validation messages and the API's answers are the shared ones in api/domain/messages.ts
 * (`messages.checkout`, `messages.order`); these are what only the pages say.
 */
export const checkoutTexts = {
  pageTitle: checkoutPageMeta.checkout.pageTitle,
  pageDescription: checkoutPageMeta.checkout.pageDescription,
  formLabel: 'Checkout',
  sections: {
    contact: 'Contact details',
    contactHint: 'We use these only about this order and its delivery.',
    address: 'Delivery address',
    addressHint: 'Where the fuel goes.',
    /** Not in the spec: asked for an order with oil (issue 34), for the tanker's driver. */
    tank: 'Your oil tank',
    tankHint: 'Tell our driver where the tank is and how the tanker gets to it. Both are optional.',
    instructions: 'Delivery instructions',
    confirm: 'Confirm and pay',
  },
  /** Not in the spec: the delivery day chosen at checkout (issue 34). */
  deliveryDay: {
    title: 'Delivery day',
    label: 'Choose a delivery day',
    hint: (standardDays: number) =>
      `Standard delivery is on one of the first ${String(standardDays)} delivery days; you can also choose a later day. Days that are fully booked cannot be chosen.`,
    earliest: 'Earliest',
    full: 'Full',
    /** Priority delivery's box: the day in words and the surcharge, e.g. "£25.00". */
    priority: (day: string, surcharge: string) =>
      `Priority delivery: next day, ${day}, for ${surcharge} more`,
    priorityHint: (total: string) =>
      `Your total with priority delivery is ${total}. The surcharge is shown as its own line, with VAT as the fuel.`,
    priorityFull: 'Priority (next-day) delivery is fully booked. Please choose a day below.',
    priorityChosen: 'Priority delivery comes on the next delivery day, above.',
  },
  postcodeLocked:
    'Prices and delivery were checked for this postcode. To deliver elsewhere, change it in your cart.',
  changePostcodeLabel: 'Change the delivery postcode in your cart',
  termsLink: 'Read the Terms of Purchase',
  termsLinkHint: '(opens in a new tab)',
  declarationTitle: 'Domestic-use declaration',
  declarationHint:
    'This order is above the amount HMRC treats as domestic automatically (2,300 litres of oil or 1 tonne of solid fuel). Without the declaration, VAT is charged at 20 %.',
  payingSecurely: 'Redirecting you to the payment page…',
  /** The page came back from the payment provider without a payment. */
  paymentNotCompleted: 'Your payment was not completed. You have not been charged.',
  paymentDeclined:
    'Your payment was declined. You have not been charged. Please try again or use another card.',
  summaryFailed:
    'We could not update the order summary. Please check your connection and try again.',
  submitFailed:
    'We could not reach the shop, so your order may not have been sent. Please press Pay securely again: you will not be charged twice.',
  checkErrors: 'Please check the highlighted fields.',
  blockedDefault: 'Your cart cannot be checked out yet.',
  testMode: {
    title: 'Test mode',
    text: 'Payments go to the built-in test provider: no card is charged and no money is taken.',
  },
  process: {
    pageTitle: checkoutPageMeta.process.pageTitle,
    title: 'Confirming your payment…',
    description: checkoutPageMeta.process.description,
    slow: 'This is taking longer than usual. You do not need to wait here: your confirmation will follow by e-mail.',
    gaveUp:
      'We have not yet heard from the payment provider. If your payment went through, your confirmation will follow by e-mail, and we will not charge you twice.',
    checkAgain: 'Check again',
    review:
      'We are checking your payment with the provider. Our team will be in touch by e-mail; you have not been charged twice.',
    orderLink: 'View your order',
    noOrder: 'We could not find the order to confirm.',
  },
  success: {
    pageTitle: checkoutPageMeta.success.pageTitle,
    title: 'Thank you for your order',
    description: checkoutPageMeta.success.description,
    number: (number: string) => `Your order number is ${number}.`,
    emailed: (email: string) => `We have sent a confirmation to ${email}.`,
    nextTitle: 'What happens next',
    /** The first step when the order has its delivery day booked (in place of the phone call). */
    booked: (day: string) =>
      `We will deliver on ${day}. We will phone or e-mail you if anything changes.`,
    next: [
      'We will phone or e-mail you to arrange a delivery day.',
      'Our driver delivers to the address you gave, following your delivery instructions.',
      'If you have a question about your order, phone our office and quote your order number.',
    ],
    viewOrder: 'View your order and receipt',
    continueShopping: 'Continue shopping',
    loading: 'Loading your order…',
    notPaid: 'This order has not been paid yet.',
    /**
     * What the page says instead of thanking, for an order that is not (or no longer) paid: one
     * of several checkouts, a payment that failed, or one opened again later.
     */
    unpaid: {
      pending_payment: {
        title: 'Your payment is not confirmed yet',
        text: 'This order has not been paid yet. If you have just paid, the order page shows it once the payment is confirmed.',
      },
      payment_failed: {
        title: 'Your payment did not go through',
        text: 'No payment was taken for this order. You can try again from the checkout.',
      },
      cancelled: {
        title: 'This order was cancelled',
        text: 'No payment was taken for this order.',
      },
      expired: {
        title: 'This order has expired',
        text: 'No payment was taken for this order.',
      },
      needs_review: {
        title: 'We are checking your payment',
        text: 'Our office will be in touch about this order.',
      },
      refunded: {
        title: 'This order was refunded',
        text: 'The payment for this order has been refunded.',
      },
    } as Partial<Record<OrderStatus, { title: string; text: string }>>,
    backToCheckout: 'Back to the checkout',
  },
  order: {
    pageTitle: checkoutPageMeta.order.pageTitle,
    pageDescription: checkoutPageMeta.order.pageDescription,
    title: (number: string) => `Order ${number}`,
    loading: 'Loading your order…',
    failed: 'We could not load your order. Please check your connection and try again.',
    retry: 'Try again',
    status: {
      pending_payment: 'Awaiting payment',
      paid: 'Paid',
      payment_failed: 'Payment failed',
      cancelled: 'Cancelled',
      expired: 'Expired',
      needs_review: 'Being checked',
      out_for_delivery: 'Out for delivery',
      delivered: 'Delivered',
      refunded: 'Refunded',
    },
  },
  testPayment: {
    pageTitle: checkoutPageMeta.testPayment.pageTitle,
    pageDescription: checkoutPageMeta.testPayment.pageDescription,
    loading: 'Loading the test payment…',
    notFound: 'This test payment does not exist or has expired.',
    finished: 'This test payment has already been completed.',
    failed: 'We could not reach the shop. Please try again.',
    redirecting: 'Returning you to the shop…',
  },
} as const;
