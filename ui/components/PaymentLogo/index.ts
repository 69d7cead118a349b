export {
  PaymentLogo,
  paymentLogoLabel,
  paymentMarkOf,
  type PaymentLogoProps,
  type PaymentLogoTone,
  type PaymentMark,
} from './PaymentLogo';
