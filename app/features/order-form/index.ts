/**
 * The order form feature's public surface: the Order Online button (its modal loads on first
 * use), the compact order form for product cards, and the form's machine (for the QA registry).
 */
export { OrderOnlineButton, type OrderOnlineButtonProps } from './OrderOnlineButton';
export { OrderOnlineTarget } from './OrderOnlineTarget';
export { ProductOrderForm } from './ProductOrderForm';
export { orderFormMachine, type OrderFormInput } from './orderFormMachine';
