export { LockedField, type LockedFieldProps } from './LockedField';
