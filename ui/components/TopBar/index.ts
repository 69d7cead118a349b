export { TopBar, cartLinkLabel, type TopBarProps, type TopBarUser } from './TopBar';
