import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Heading, Link, Text, theme } from '../../../ui';
import { adminPageTexts as t } from './texts';

/** The back office's sections, in the navigation's order. */
export const adminSections = [
  { href: '/admin', label: t.nav.overview },
  { href: '/admin/orders', label: t.nav.orders },
  { href: '/admin/prices', label: t.nav.prices },
  { href: '/admin/products', label: t.nav.products },
  { href: '/admin/categories', label: t.nav.categories },
  { href: '/admin/zones', label: t.nav.zones },
  { href: '/admin/delivery-days', label: t.nav.deliveryDays },
  { href: '/admin/enquiries', label: t.nav.enquiries },
  { href: '/admin/mail', label: t.nav.mail },
  { href: '/admin/late-payments', label: t.nav.latePayments },
  { href: '/admin/staff', label: t.nav.staff },
  { href: '/admin/audit', label: t.nav.audit },
] as const;

/** The section a path belongs to: /admin/orders/abc is in Orders; /admin is only the overview. */
export function currentSection(pathname: string): string | null {
  let best: string | null = null;
  for (const { href } of adminSections) {
    const inside =
      href === '/admin' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
    if (inside && (best === null || href.length > best.length)) best = href;
  }
  return best;
}

const Root = styled.div`
  max-width: 80rem;
  margin: 0 auto;
  padding: ${theme.space[5]} ${theme.space[4]} ${theme.space[7]};
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${theme.space[3]};
  margin-bottom: ${theme.space[4]};
  padding-bottom: ${theme.space[3]};
  border-bottom: 3px solid ${theme.colors.primary};

  & > p {
    margin: 0;
    font-weight: ${theme.fontWeights.bold};
  }
`;

const Columns = styled.div`
  display: grid;
  gap: ${theme.space[5]};
  grid-template-columns: minmax(0, 1fr);

  ${theme.media.md} {
    grid-template-columns: 12rem minmax(0, 1fr);
  }
`;

const Nav = styled.nav`
  & > ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.space[2]} ${theme.space[4]};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  ${theme.media.md} {
    & > ul {
      flex-direction: column;
      position: sticky;
      top: ${theme.space[4]};
    }
  }
`;

const Content = styled.div`
  display: grid;
  gap: ${theme.space[5]};
  align-content: start;
  min-width: 0;

  & > h1 {
    margin: 0;
  }
`;

export interface AdminFrameProps {
  /** The page's h1. */
  title: string;
  /** A line under the title. */
  description?: string;
  /** Above the title, e.g. a link back to the list. */
  back?: { href: string; label: string };
  children: ReactNode;
}

/**
 * Every back-office page: the area's name and a link back to the shop, the sections' navigation
 * (the current one marked), and the page's title (its h1) above its content.
 */
export function AdminFrame({ title, description, back, children }: AdminFrameProps) {
  const { pathname } = useLocation();
  const current = currentSection(pathname);
  return (
    <Root data-admin="">
      <Bar>
        <Text>{t.area}</Text>
        <Link href="/">{t.backToShop}</Link>
      </Bar>
      <Columns>
        <Nav aria-label={t.navLabel}>
          <ul>
            {adminSections.map(({ href, label }) => (
              <li key={href}>
                <Link
                  href={href}
                  variant="muted"
                  aria-current={
                    current === href ? (pathname === href ? 'page' : 'true') : undefined
                  }
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </Nav>
        <Content>
          {back ? <Link href={back.href}>{back.label}</Link> : null}
          <Heading level={1}>{title}</Heading>
          {description ? <Text variant="muted">{description}</Text> : null}
          {children}
        </Content>
      </Columns>
    </Root>
  );
}
