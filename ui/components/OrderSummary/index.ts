export {
  OrderSummary,
  defaultOrderSummaryLabels,
  vatPercent,
  type OrderSummaryLabels,
  type OrderSummaryLine,
  type OrderSummaryProps,
  type OrderSummaryVat,
} from './OrderSummary';
