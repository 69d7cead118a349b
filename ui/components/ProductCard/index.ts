export {
  ProductCard,
  headlinePrice,
  longDate,
  type ProductCardProps,
  type ProductCardSize,
  type ProductCardImage,
  type ProductCardHeadingLevel,
  type ProductCardVariant,
} from './ProductCard';
