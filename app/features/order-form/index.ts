/**
 * The order form feature's public surface: the Order Online button (its modal loads on first
 * use) and the compact order form for product cards.
 */
export { OrderOnlineButton, type OrderOnlineButtonProps } from './OrderOnlineButton';
export { ProductOrderForm } from './ProductOrderForm';
