export { TextField, type TextFieldProps, type TextFieldBaseProps } from './TextField';
export type { ValidationState } from './fieldStyles';
