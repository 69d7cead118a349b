export {
  CartLine,
  cartLineName,
  defaultCartLineLabels,
  type CartLineProps,
  type CartLineLabels,
  type CartLineAction,
  type CartLineForm,
} from './CartLine';
