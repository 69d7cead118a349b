/**
 * The checkout feature's public surface: the checkout form and its machine, the payment status
 * machine of /checkout/process, the API calls for checkout and orders, where the order's access
 * token is kept, and the texts and helpers of the checkout and order pages.
 */
export { checkoutTexts } from './texts';
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
  notPaidStatuses,
  paymentStatusMachine,
  pollSchedule,
  type PaymentStatusActorRef,
  type PaymentStatusContext,
  type PaymentStatusEvent,
  type PaymentStatusInput,
  type PaymentStatusMachine,
} from './paymentStatusMachine';
export { CheckoutForm, newIdempotencyKey, type CheckoutFormProps } from './CheckoutForm';
export { PaymentStatusNow, PaymentStatusView, Waiting } from './PaymentStatusView';
export { checkoutFormFields, checkoutIntents, testPaymentChoiceField } from './pageForms';
export { TestModeNotice, useTestPayments } from './TestModeNotice';
export { OrderNotFound } from './NotFound';
export {
  checkoutAfter,
  deliveryAddressLines,
  formatOrderDate,
  orderPath,
  orderStatusLabel,
  orderStatusTone,
  paymentNoticeFor,
  paymentNoticeOf,
  paymentNoticeText,
  receiptSeller,
  successPath,
  type PaymentNotice,
} from './orderDisplay';
export {
  completeTestPayment,
  fetchTestSession,
  type TestOutcome,
  type TestSession,
} from './testPaymentApi';
export {
  CHECKOUT_BLOCKED_PARAM,
  cartAfterBlockedCheckout,
  type BlockedReasonSource,
  useBlockedCheckoutNotice,
} from './blockedNotice';
