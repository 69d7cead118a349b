export {
  CartLine,
  cartLineName,
  defaultCartLineLabels,
  type CartLineProps,
  type CartLineLabels,
} from './CartLine';
