export { LOGOUT_ID, UserMenu, type UserMenuLink, type UserMenuProps } from './UserMenu';
