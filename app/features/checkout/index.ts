/**
 * The checkout feature's public surface: the checkout form and its machine, the payment status
 * machine of /checkout/process, the API calls for checkout and orders, where the order's access
 * token is kept, and the texts and helpers of the checkout and order pages.
 */
export { checkoutTexts } from './texts';
export { checkoutPageMeta } from './pageMeta';
export {
  CHECKOUT_PATH,
  CheckoutAnswerError,
  CheckoutNetworkError,
  fetchCheckoutSummary,
  fetchOrder,
  ordersPath,
  postCheckout,
  type CheckoutAnswer,
  type CreatedOrder,
} from './checkoutApi';
export { loadCheckoutApi } from './loadCheckoutApi';
export {
  orderTokenFor,
  rememberLastOrder,
  rememberOrderToken,
  resolveOrderToken,
  takeLastOrder,
} from './orderAccess';
export {
  checkoutMachine,
  CheckoutInvalidError,
  isCreated,
  isWorthRetrying,
  validateCheckoutForm,
  type CheckoutActorRef,
  type CheckoutContext,
  type CheckoutEvent,
  type CheckoutMachine,
  type CheckoutMachineInput,
  type CheckoutTextField,
  type PlacedOrder,
} from './checkoutMachine';
export {
  delayAfter,
  lastBackoffStep,
  isSlow,
  paymentStatusMachine,
  pollSchedule,
  type PaymentStatusActorRef,
  type PaymentStatusContext,
  type PaymentStatusEvent,
  type PaymentStatusInput,
  type PaymentStatusMachine,
} from './paymentStatusMachine';
export { CheckoutForm, type CheckoutFormProps } from './CheckoutForm';
export { PaymentStatusNow, PaymentStatusView, Waiting } from './PaymentStatusView';
export {
  checkoutFormFields,
  checkoutIntents,
  newIdempotencyKey,
  testPaymentChoiceField,
} from './pageForms';
export { TestModeNotice, useTestPayments } from './TestModeNotice';
export { OrderNotFound } from './NotFound';
export {
  deliveryAddressLines,
  formatOrderDate,
  orderStatusLabel,
  orderStatusTone,
  paymentNoticeText,
  receiptSeller,
} from './orderDisplay';
export {
  CHECKOUT_BLOCKED_PARAM,
  cartAfterBlockedCheckout,
  checkoutAfter,
  notPaidStatuses,
  orderPath,
  paymentNoticeFor,
  paymentNoticeOf,
  successPath,
  type PaymentNotice,
} from './addresses';
export {
  completeTestPayment,
  fetchTestSession,
  type TestOutcome,
  type TestSession,
} from './testPaymentApi';
export { type BlockedReasonSource, useBlockedCheckoutNotice } from './blockedNotice';
