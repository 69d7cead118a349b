import { useId, type ReactNode } from 'react';
import * as RAC from 'react-aria-components';
import styled, { css } from 'styled-components';
import { focusVisible, hovered, pressed } from '../../theme/previewState';
import { theme } from '../../theme/theme';
import { EmailLink, PhoneLink, type ContactPhone } from '../ContactLink';
import { socialIcons, type SocialNetwork } from '../Icon';
import { Link } from '../Link';
import { isCurrentHref, type NavLinkItem } from '../NavBar';

export interface SideNavGroup {
  /** e.g. "Wholesale Solid Fuel". */
  title: string;
  links: readonly NavLinkItem[];
}

export interface SocialLink {
  network: SocialNetwork;
  href: string;
  /** The accessible name (default "Fuelyard on Facebook (opens in a new tab)"). */
  label?: string;
}

export type SideNavHeadingLevel = 2 | 3 | 4;
export type SideNavLayout = 'responsive' | 'mobile' | 'desktop';

export interface SideNavProps {
  /** The product groups, each with a title and its links. */
  groups: readonly SideNavGroup[];
  /** Further site links after the groups (FAQs, About, Contact). */
  links?: readonly NavLinkItem[];
  phones?: readonly ContactPhone[];
  email?: string;
  socials?: readonly SocialLink[];
  /** The "Order Online" button slot; shown below 960px (from 960px up it sits in the NavBar). */
  orderButton?: ReactNode;
  /** The current path, to mark the current page's link with `aria-current="page"`. */
  currentPath?: string;
  /** Called with the link's href when a navigation link is pressed (e.g. to close the panel). */
  onNavigate?: (href: string) => void;
  /** Level of the group headings (default 3: the SidePanel's own title is the h2). */
  headingLevel?: SideNavHeadingLevel;
  /** Forces the layout of the order slot; `responsive` (default) follows the 960px breakpoint. */
  layout?: SideNavLayout;
  /** The navigation landmark's name (default "All products"). */
  'aria-label'?: string;
  /** Used in the default names of the social links (default "Fuelyard"). */
  companyName?: string;
  className?: string;
}

const networkNames: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
};

export function socialLinkLabel(network: SocialNetwork, companyName = 'Fuelyard'): string {
  return `${companyName} on ${networkNames[network]} (opens in a new tab)`;
}

const hideOrder = css`
  & [data-part='order'] {
    display: none;
  }
`;

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
  color: ${theme.colors.ink};

  ${theme.media.md} {
    &[data-layout='responsive'] {
      ${hideOrder}
    }
  }
  &[data-layout='desktop'] {
    ${hideOrder}
  }
`;

const Group = styled.div`
  & + & {
    margin-top: ${theme.space[5]};
  }
`;

const GroupTitle = styled.h3`
  margin: 0 0 ${theme.space[2]};
  padding-bottom: ${theme.space[1]};
  border-bottom: 2px solid ${theme.colors.primary};
  font-family: ${theme.fonts.heading};
  font-size: ${theme.fontSizes.md};
  line-height: ${theme.lineHeights.tight};
`;

const LinkList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  & a {
    display: flex;
    align-items: center;
    min-height: 40px;
    padding: ${theme.space[1]} 0;
  }
`;

const SiteLinks = styled.div`
  margin-top: ${theme.space[5]};
  padding-top: ${theme.space[4]};
  border-top: 1px solid ${theme.colors.border};
`;

const Section = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  padding-top: ${theme.space[4]};
  border-top: 1px solid ${theme.colors.border};
  font-size: ${theme.fontSizes.sm};

  & ul {
    display: flex;
    flex-direction: column;
    gap: ${theme.space[1]};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  & ul a {
    display: inline-flex;
    align-items: center;
    min-height: 32px;
  }
  & ul[data-part='socials'] {
    flex-direction: row;
    gap: ${theme.space[2]};
  }
`;

const SocialAnchor = styled(RAC.Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceDark};
  color: ${theme.colors.onSurfaceDark};
  font-size: 1.25rem;
  outline: none;
  transition:
    background-color ${theme.motion.fast} ${theme.motion.easing},
    color ${theme.motion.fast} ${theme.motion.easing};

  &${hovered}, &${pressed} {
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
  }
  &${focusVisible} {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

function NavLinks({
  links,
  currentPath,
  onNavigate,
  labelledBy,
}: {
  links: readonly NavLinkItem[];
  currentPath?: string;
  onNavigate?: (href: string) => void;
  labelledBy?: string;
}) {
  return (
    <LinkList aria-labelledby={labelledBy}>
      {links.map((link) => (
        <li key={link.href}>
          <Link
            href={link.href}
            aria-current={isCurrentHref(link.href, currentPath) ? 'page' : undefined}
            onPress={onNavigate ? () => onNavigate(link.href) : undefined}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </LinkList>
  );
}

function GroupSection({
  group,
  headingLevel,
  currentPath,
  onNavigate,
}: {
  group: SideNavGroup;
  headingLevel: SideNavHeadingLevel;
  currentPath?: string;
  onNavigate?: (href: string) => void;
}) {
  const titleId = useId();
  return (
    <Group>
      <GroupTitle as={`h${headingLevel}`} id={titleId}>
        {group.title}
      </GroupTitle>
      <NavLinks
        links={group.links}
        currentPath={currentPath}
        onNavigate={onNavigate}
        labelledBy={titleId}
      />
    </Group>
  );
}

/**
 * The content of the off-canvas side navigation (put it inside the SidePanel): the product groups,
 * the site links, the phone numbers, the e-mail address and the social links, plus the
 * "Order Online" button on small screens.
 */
export function SideNav({
  groups,
  links,
  phones = [],
  email,
  socials = [],
  orderButton,
  currentPath,
  onNavigate,
  headingLevel = 3,
  layout = 'responsive',
  'aria-label': ariaLabel = 'All products',
  companyName = 'Fuelyard',
  className,
}: SideNavProps) {
  const contactId = useId();
  const socialId = useId();
  const hasContact = phones.length > 0 || email !== undefined;
  return (
    <Root data-layout={layout} className={className}>
      {orderButton ? <div data-part="order">{orderButton}</div> : null}
      <nav aria-label={ariaLabel}>
        {groups.map((group) => (
          <GroupSection
            key={group.title}
            group={group}
            headingLevel={headingLevel}
            currentPath={currentPath}
            onNavigate={onNavigate}
          />
        ))}
        {links && links.length > 0 ? (
          <SiteLinks>
            <NavLinks links={links} currentPath={currentPath} onNavigate={onNavigate} />
          </SiteLinks>
        ) : null}
      </nav>
      {hasContact ? (
        <Section>
          <GroupTitle as={`h${headingLevel}`} id={contactId}>
            Contact us
          </GroupTitle>
          <ul aria-labelledby={contactId}>
            {phones.map((phone) => (
              <li key={phone.number}>
                <PhoneLink phone={phone} />
              </li>
            ))}
            {email !== undefined ? (
              <li>
                <EmailLink email={email} />
              </li>
            ) : null}
          </ul>
        </Section>
      ) : null}
      {socials.length > 0 ? (
        <Section>
          <GroupTitle as={`h${headingLevel}`} id={socialId}>
            Follow us
          </GroupTitle>
          <ul data-part="socials" aria-labelledby={socialId}>
            {socials.map((social) => {
              const Glyph = socialIcons[social.network];
              return (
                <li key={social.network}>
                  <SocialAnchor
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={social.label ?? socialLinkLabel(social.network, companyName)}
                  >
                    <Glyph />
                  </SocialAnchor>
                </li>
              );
            })}
          </ul>
        </Section>
      ) : null}
    </Root>
  );
}
