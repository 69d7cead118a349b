import styled from 'styled-components';
import { theme } from '../../theme/theme';
import { MailIcon, PhoneIcon } from '../Icon';
import { Link, type LinkVariant } from '../Link';

/** A phone number as shown to customers, with what it is for ("Head Office"). */
export interface ContactPhone {
  label: string;
  /** As printed, e.g. "028 9649 6010". */
  number: string;
}

/**
 * A `tel:` address in international form, so it dials from anywhere: spaces and punctuation are
 * dropped, "00" becomes "+", and a national number starting with 0 is taken as a UK number (+44).
 */
export function telHref(number: string): string {
  const compact = number.trim().replace(/[^\d+]/g, '');
  if (compact.startsWith('+')) return `tel:+${compact.slice(1).replace(/\+/g, '')}`;
  if (compact.startsWith('00')) return `tel:+${compact.slice(2)}`;
  if (compact.startsWith('0')) return `tel:+44${compact.slice(1)}`;
  return `tel:${compact}`;
}

/** A `mailto:` address for an e-mail address. */
export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}

const Inner = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};

  & > svg {
    flex: none;
  }
  & [data-part='label'] {
    font-weight: ${theme.fontWeights.semibold};
  }
`;

export interface PhoneLinkProps {
  /** The number to call: its label (e.g. "Office") and the number as printed. */
  phone: ContactPhone;
  /** Show the label ("Head Office:") before the number (default true). */
  showLabel?: boolean;
  /** Show the phone icon (default true). */
  showIcon?: boolean;
  /** The link's look: `default` (body text), `muted`, or `inverse` on the dark footer. */
  variant?: LinkVariant;
  /** Extra class on the link. */
  className?: string;
}

/**
 * A phone number that dials when pressed. The accessible name always includes the label, even
 * when only the number is visible, so "028 9649 6010" is announced as "Head Office: 028 9649 6010".
 */
export function PhoneLink({
  phone,
  showLabel = true,
  showIcon = true,
  variant = 'default',
  className,
}: PhoneLinkProps) {
  return (
    <Link
      href={telHref(phone.number)}
      variant={variant}
      className={className}
      aria-label={showLabel ? undefined : `${phone.label}: ${phone.number}`}
    >
      <Inner>
        {showIcon ? <PhoneIcon /> : null}
        <span>
          {showLabel ? <span data-part="label">{phone.label}:</span> : null}
          {showLabel ? ' ' : null}
          <span data-part="number">{phone.number}</span>
        </span>
      </Inner>
    </Link>
  );
}

export interface EmailLinkProps {
  /** The address to write to (a mailto: link). */
  email: string;
  /** Shows the envelope icon before the address. */
  showIcon?: boolean;
  /** The link's look: `default` (body text), `muted`, or `inverse` on the dark footer. */
  variant?: LinkVariant;
  /** Extra class on the link. */
  className?: string;
}

/** An e-mail address that opens the mail client when pressed. */
export function EmailLink({
  email,
  showIcon = true,
  variant = 'default',
  className,
}: EmailLinkProps) {
  return (
    <Link href={mailtoHref(email)} variant={variant} className={className}>
      <Inner>
        {showIcon ? <MailIcon /> : null}
        <span data-part="address">{email}</span>
      </Inner>
    </Link>
  );
}
