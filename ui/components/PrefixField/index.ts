export { PrefixField, type PrefixFieldProps } from './PrefixField';
