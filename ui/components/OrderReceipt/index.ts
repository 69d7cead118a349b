export {
  OrderReceipt,
  defaultOrderReceiptLabels,
  type OrderReceiptLabels,
  type OrderReceiptLine,
  type OrderReceiptProps,
  type OrderReceiptSeller,
  type OrderStatusTone,
} from './OrderReceipt';
