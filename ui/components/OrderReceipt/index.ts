export {
  OrderReceipt,
  defaultOrderReceiptLabels,
  type OrderReceiptLabels,
  type OrderReceiptLine,
  type OrderReceiptProps,
  type OrderReceiptRefund,
  type OrderReceiptSeller,
  type OrderStatusTone,
} from './OrderReceipt';
