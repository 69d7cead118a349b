export {
  TestPaymentPanel,
  defaultTestPaymentPanelLabels,
  type TestPaymentChoice,
  type TestPaymentPanelLabels,
  type TestPaymentPanelProps,
  type TestPaymentStep,
} from './TestPaymentPanel';
