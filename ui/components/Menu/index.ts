export { Menu, type MenuProps, type MenuItem, type MenuTriggerVariant } from './Menu';
