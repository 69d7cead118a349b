export {
  Text,
  Heading,
  type TextProps,
  type TextVariant,
  type HeadingProps,
  type HeadingLevel,
} from './Text';
