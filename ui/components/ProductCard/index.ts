export {
  ProductCard,
  headlinePrice,
  type ProductCardProps,
  type ProductCardSize,
  type ProductCardImage,
  type ProductCardHeadingLevel,
  type ProductCardVariant,
} from './ProductCard';
