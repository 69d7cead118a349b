import { SideNav, SidePanel } from '../../../ui';
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
}

/**
 * The side navigation ("Menu" / "View all products"), a modal panel. It renders nothing while
 * closed, so its code (the panel, the dialog and focus management) loads when it first opens.
 */
export default function SideMenu({
  isOpen,
  onOpenChange,
  currentPath,
  coalCategories,
}: SideMenuProps) {
  return (
    <SidePanel title={messages.menu} isOpen={isOpen} onOpenChange={onOpenChange}>
      <SideNav
        groups={sideNavGroups(coalCategories)}
        links={sideNavInfoLinks}
        phones={phones}
        email={site.email}
        socials={site.social.map((s) => ({ network: s.network, href: s.href }))}
        currentPath={currentPath}
        companyName={site.companyName}
        onNavigate={() => onOpenChange(false)}
        orderButton={<OrderOnlineButton fullWidth />}
      />
    </SidePanel>
  );
}
