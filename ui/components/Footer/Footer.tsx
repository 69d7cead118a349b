import { useId, type ReactNode } from 'react';
import * as RAC from 'react-aria-components';
import styled from 'styled-components';
import { focusVisible, hovered, pressed } from '../../theme/previewState';
import { theme } from '../../theme/theme';
import { EmailLink, PhoneLink, type ContactPhone } from '../ContactLink';
import { MailIcon } from '../Icon';
import { Link } from '../Link';
import { PaymentLogo } from '../PaymentLogo';

export interface FooterLink {
  label: string;
  href: string;
  /** `_blank` opens a new tab (e.g. the Direct Debit Form PDF); the link then says so. */
  target?: '_blank';
}

export interface FooterLinkGroup {
  title: string;
  links: readonly FooterLink[];
}

export interface FooterOffice {
  /** e.g. "Head Office". */
  name: string;
  /** The postal address, one line per entry. */
  addressLines: readonly string[];
  /** The office's phone number, as printed. */
  phone?: string;
}

export type FooterHeadingLevel = 2 | 3;

export interface FooterProps {
  /** Used in the copyright line (default "Fuelyard"). */
  companyName?: string;
  /** The two offices with their addresses. */
  offices: readonly FooterOffice[];
  /** Product link lists, one per group. */
  productGroups: readonly FooterLinkGroup[];
  /** FAQs, About, Contact, Direct Debit Form PDF, Privacy Policy, Terms of Purchase. */
  siteLinks: readonly FooterLink[];
  /** Title of the site links list (default "Information"). */
  siteLinksTitle?: string;
  /** The general enquiries address, shown in the contact block. */
  email?: string;
  /** Phone numbers for the contact block. */
  phones?: readonly ContactPhone[];
  /** Where "Send an enquiry" goes (default /contact). */
  enquiryHref?: string;
  /** The payment provider's logo (default: PaymentLogo with no provider, the test provider's mark). */
  paymentLogo?: ReactNode;
  /** The note under the columns (default '* For larger quantities please contact our office.'). */
  note?: ReactNode;
  /** The year in the copyright line (default: the current year). */
  year?: number;
  /** Level of the column headings (default 2). */
  headingLevel?: FooterHeadingLevel;
  /** Names the footer landmark; only needed when a page has more than one footer. */
  'aria-label'?: string;
  className?: string;
}

export const DEFAULT_FOOTER_NOTE = '* For larger quantities please contact our office.';

/** "© 2026 Fuelyard". */
export function copyrightLine(companyName: string, year: number): string {
  return `© ${year} ${companyName}`;
}

const Root = styled.footer`
  border-top: 4px solid ${theme.colors.primary};
  background: ${theme.colors.surfaceAlt};
  color: ${theme.colors.ink};
  font-size: ${theme.fontSizes.sm};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${theme.space[6]};
  max-width: ${theme.sizes.content};
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]};

  ${theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${theme.media.md} {
    grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
  min-width: 0;
`;

const ColumnTitle = styled.h2`
  margin: 0;
  font-family: ${theme.fonts.heading};
  font-size: ${theme.fontSizes.md};
  line-height: ${theme.lineHeights.tight};
`;

const LinkList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  & li {
    padding: ${theme.space[1]} 0;
  }
  & a {
    display: inline-flex;
    align-items: center;
    min-height: 28px;
  }
`;

const Address = styled.address`
  font-style: normal;
  line-height: ${theme.lineHeights.snug};

  & strong {
    display: block;
    margin-bottom: ${theme.space[1]};
    font-weight: ${theme.fontWeights.bold};
  }
  & a {
    display: inline-flex;
    margin-top: ${theme.space[2]};
  }
`;

const EnquiryLink = styled(RAC.Link)`
  display: inline-flex;
  align-items: center;
  align-self: flex-start;
  gap: ${theme.space[2]};
  min-height: 44px;
  padding: ${theme.space[2]} ${theme.space[4]};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  font-weight: ${theme.fontWeights.bold};
  text-decoration: none;
  cursor: pointer;
  outline: none;
  transition: background-color ${theme.motion.fast} ${theme.motion.easing};

  &${hovered} {
    background: ${theme.colors.primaryHover};
    color: ${theme.colors.onPrimary};
  }
  &${pressed} {
    background: ${theme.colors.primaryActive};
  }
  &${focusVisible} {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Note = styled.p`
  max-width: ${theme.sizes.content};
  margin: 0 auto;
  padding: 0 ${theme.space[4]} ${theme.space[5]};
  color: ${theme.colors.inkMuted};
`;

const BottomBar = styled.div`
  background: ${theme.colors.surfaceDark};
  color: ${theme.colors.onSurfaceDark};

  & > div {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${theme.space[3]};
    max-width: ${theme.sizes.content};
    margin: 0 auto;
    padding: ${theme.space[4]};
  }
  & p {
    margin: 0;
  }
`;

function FooterLinks({ links, labelledBy }: { links: readonly FooterLink[]; labelledBy: string }) {
  return (
    <LinkList aria-labelledby={labelledBy}>
      {links.map((link) => (
        <li key={link.href}>
          <Link
            href={link.href}
            target={link.target}
            rel={link.target === '_blank' ? 'noopener noreferrer' : undefined}
          >
            {link.label}
            {link.target === '_blank' ? (
              <RAC.VisuallyHidden elementType="span"> (opens in a new tab)</RAC.VisuallyHidden>
            ) : null}
          </Link>
        </li>
      ))}
    </LinkList>
  );
}

function GroupColumn({
  group,
  heading,
}: {
  group: FooterLinkGroup;
  heading: `h${FooterHeadingLevel}`;
}) {
  const id = useId();
  return (
    <Column>
      <ColumnTitle as={heading} id={id}>
        {group.title}
      </ColumnTitle>
      <FooterLinks links={group.links} labelledBy={id} />
    </Column>
  );
}

/**
 * The site footer: the two offices, the product and site link lists, a contact block with
 * "Send an enquiry", the footer note, the payment provider's logo and the copyright line.
 */
export function Footer({
  companyName = 'Fuelyard',
  offices,
  productGroups,
  siteLinks,
  siteLinksTitle = 'Information',
  email,
  phones = [],
  enquiryHref = '/contact',
  paymentLogo,
  note = DEFAULT_FOOTER_NOTE,
  year = new Date().getFullYear(),
  headingLevel = 2,
  'aria-label': ariaLabel,
  className,
}: FooterProps) {
  const heading = `h${headingLevel}` as const;
  const officesId = useId();
  const siteId = useId();
  const contactId = useId();
  return (
    <Root aria-label={ariaLabel} className={className}>
      <Columns>
        <Column>
          <ColumnTitle as={heading} id={officesId}>
            Our offices
          </ColumnTitle>
          {offices.map((office) => (
            <Address key={office.name}>
              <strong>{office.name}</strong>
              {office.addressLines.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
              {office.phone ? (
                <PhoneLink phone={{ label: office.name, number: office.phone }} showLabel={false} />
              ) : null}
            </Address>
          ))}
        </Column>
        {productGroups.map((group) => (
          <GroupColumn key={group.title} group={group} heading={heading} />
        ))}
        <Column>
          <ColumnTitle as={heading} id={siteId}>
            {siteLinksTitle}
          </ColumnTitle>
          <FooterLinks links={siteLinks} labelledBy={siteId} />
        </Column>
        <Column>
          <ColumnTitle as={heading} id={contactId}>
            Contact us
          </ColumnTitle>
          {phones.length > 0 || email ? (
            <LinkList aria-labelledby={contactId}>
              {phones.map((phone) => (
                <li key={phone.number}>
                  <PhoneLink phone={phone} />
                </li>
              ))}
              {email ? (
                <li>
                  <EmailLink email={email} />
                </li>
              ) : null}
            </LinkList>
          ) : null}
          <EnquiryLink href={enquiryHref}>
            <MailIcon />
            Send an enquiry
          </EnquiryLink>
        </Column>
      </Columns>
      {note ? <Note>{note}</Note> : null}
      <BottomBar>
        <div>
          <p>{copyrightLine(companyName, year)}</p>
          {paymentLogo ?? <PaymentLogo />}
        </div>
      </BottomBar>
    </Root>
  );
}
