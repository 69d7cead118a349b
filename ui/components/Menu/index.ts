export {
  Menu,
  type MenuProps,
  type MenuItem,
  type MenuItemForm,
  type MenuTriggerVariant,
} from './Menu';
export { useIsHydrated } from './useIsHydrated';
