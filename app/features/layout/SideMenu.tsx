import { useEffect, useState } from 'react';
import { SideNav, SidePanel, StaticSidePanel, useIsHydrated } from '../../../ui';
import { messages } from '../../../api/domain/messages';
import { site } from '../../../api/domain/site';
import { OrderOnlineButton } from '../order-form';
import { sideNavGroups, sideNavInfoLinks } from '../navigation';
import { phones } from './rootData';

export interface SideMenuProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  currentPath: string;
  coalCategories: readonly { title: string; slug: string }[];
  /**
   * The page was rendered with the menu open (`?menu`): start as the server's panel (the same
   * HTML, so it hydrates as it is), then turn into the modal panel. Default false.
   */
  serverRendered?: boolean;
  /** Where the server's panel's close link goes (the page without `menu`). */
  closeHref?: string;
  /** Called once the modal panel has taken over from the server's panel. */
  onTakeOver?: () => void;
}

/**
 * The side navigation ("Menu" / "View all products"), a modal panel. It renders nothing while
 * closed, so its code (the panel, the dialog and focus management) loads when it first opens, or
 * with the first page when the server rendered it open (`?menu`, see navigation/targets.tsx).
 */
export default function SideMenu({
  isOpen,
  onOpenChange,
  currentPath,
  coalCategories,
  serverRendered = false,
  closeHref = '',
  onTakeOver,
}: SideMenuProps) {
  // The server's panel only while hydrating the server's HTML; rendered by the browser itself,
  // the modal panel at once.
  const hydrated = useIsHydrated();
  const [takenOver, setTakenOver] = useState(!serverRendered || hydrated);
  useEffect(() => {
    if (!takenOver) setTakenOver(true);
    else onTakeOver?.();
  }, [takenOver, onTakeOver]);

  const nav = (onNavigate?: () => void) => (
    <SideNav
      groups={sideNavGroups(coalCategories)}
      links={sideNavInfoLinks}
      phones={phones}
      email={site.email}
      socials={site.social.map((s) => ({ network: s.network, href: s.href }))}
      currentPath={currentPath}
      companyName={site.companyName}
      onNavigate={onNavigate}
      orderButton={<OrderOnlineButton fullWidth />}
    />
  );

  if (!takenOver) {
    return (
      <StaticSidePanel title={messages.menu} closeHref={closeHref}>
        {nav()}
      </StaticSidePanel>
    );
  }
  return (
    <SidePanel title={messages.menu} isOpen={isOpen} onOpenChange={onOpenChange}>
      {nav(() => onOpenChange(false))}
    </SidePanel>
  );
}
