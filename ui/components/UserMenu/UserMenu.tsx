import { UserIcon } from '../Icon';
import { Menu, type MenuItem, type MenuItemForm } from '../Menu';

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
  /**
   * Logout before (and without) the script: a `method="post"` form to this page with these
   * fields (e.g. `{ intent: 'logout' }`). Without it, the native menu has no Logout.
   */
  logoutForm?: MenuItemForm;
  /** True while logging out: Logout is unavailable. */
  isLoggingOut?: boolean;
  /** Render the native menu (what the server renders before the script); see `Menu`. */
  native?: boolean;
}

export const LOGOUT_ID = 'logout';

/**
 * The signed-in customer's menu in the top bar: the greeting, the account's pages and Logout.
 * Keyboard: Enter, Space or the arrows open it; Escape closes it and returns focus. Before the
 * page's script runs it is a native disclosure, with Logout as a form that posts `logoutForm`.
 */
export function UserMenu({
  greeting,
  links = [],
  logoutLabel = 'Logout',
  onLogout,
  logoutForm,
  isLoggingOut = false,
  native,
}: UserMenuProps) {
  const items: MenuItem[] = [
    ...links.map((link) => ({ id: link.id, label: link.label, href: link.href })),
    { id: LOGOUT_ID, label: logoutLabel, isDisabled: isLoggingOut, form: logoutForm },
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
      native={native}
    />
  );
}
