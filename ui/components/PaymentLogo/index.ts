export {
  PaymentLogo,
  paymentLogoLabel,
  type PaymentLogoProps,
  type PaymentLogoTone,
} from './PaymentLogo';
