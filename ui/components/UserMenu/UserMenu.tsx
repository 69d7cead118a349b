import { UserIcon } from '../Icon';
import { Menu, type MenuItem } from '../Menu';

export interface UserMenuLink {
  id: string;
  label: string;
  href: string;
}

export interface UserMenuProps {
  /** The trigger's text: "Hi, {full_name}!" (SPEC §2). */
  greeting: string;
  /** The account's pages ("Your orders", "Your account"), in order, before Logout. */
  links?: readonly UserMenuLink[];
  /** The last item's label ("Logout"). */
  logoutLabel?: string;
  onLogout?: () => void;
  /** True while logging out: Logout is unavailable. */
  isLoggingOut?: boolean;
}

export const LOGOUT_ID = 'logout';

/**
 * The signed-in customer's menu in the top bar: the greeting, the account's pages and Logout.
 * Keyboard: Enter, Space or the arrows open it; Escape closes it and returns focus.
 */
export function UserMenu({
  greeting,
  links = [],
  logoutLabel = 'Logout',
  onLogout,
  isLoggingOut = false,
}: UserMenuProps) {
  const items: MenuItem[] = [
    ...links.map((link) => ({ id: link.id, label: link.label, href: link.href })),
    { id: LOGOUT_ID, label: logoutLabel, isDisabled: isLoggingOut },
  ];
  return (
    <Menu
      label={greeting}
      icon={<UserIcon />}
      items={items}
      onAction={(id) => {
        if (id === LOGOUT_ID) onLogout?.();
      }}
      placement="bottom end"
    />
  );
}
