export { Price, formatPence, penceToDecimal, type PriceProps, type PriceSize } from './Price';
