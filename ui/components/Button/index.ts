export {
  Button,
  buttonStyles,
  type ButtonProps,
  type ButtonVariant,
  type ButtonSize,
} from './Button';
