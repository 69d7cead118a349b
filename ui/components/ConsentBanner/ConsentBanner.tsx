import type { ReactNode } from 'react';
import styled from 'styled-components';
import { colors, fontSizes, shadows, sizes, space, zIndices } from '../../theme/tokens';
import { theme } from '../../theme/theme';
import { Button } from '../Button';
import { Link } from '../Link';

export interface ConsentBannerProps {
  /** Show the banner (the app hides it once the visitor has chosen). */
  isOpen: boolean;
  /** The visitor accepted optional cookies (store the choice and close the banner). */
  onAccept: () => void;
  /** The visitor refused optional cookies (store the choice and close the banner). */
  onReject: () => void;
  /** Where the privacy policy lives (default /privacy-policy). */
  privacyHref?: string;
  /** The explanation; a default suited to optional analytics cookies is used when omitted. */
  children?: ReactNode;
}

const Region = styled.section`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${zIndices.toast};
  background: ${colors.surface};
  color: ${colors.ink};
  border-top: 4px solid ${colors.primary};
  box-shadow: ${shadows.lg};
`;

const Inner = styled.div`
  max-width: ${sizes.content};
  margin: 0 auto;
  padding: ${space[4]};
  display: flex;
  flex-direction: column;
  gap: ${space[3]};
  font-size: ${fontSizes.sm};
  p {
    margin: 0;
  }
  ${theme.media.md} {
    flex-direction: row;
    align-items: center;
    justify-content: space-between;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space[2]};
  flex: none;
`;

/**
 * Asks before any optional (analytics) cookie is set, as UK GDPR and PECR require. Accept and
 * Reject are equally easy to choose; nothing optional loads until the visitor accepts.
 */
export function ConsentBanner({
  isOpen,
  onAccept,
  onReject,
  privacyHref = '/privacy-policy',
  children,
}: ConsentBannerProps) {
  if (!isOpen) return null;
  return (
    <Region aria-label="Cookie consent">
      <Inner>
        <p>
          {children ??
            'We use optional analytics cookies to learn how our website is used, so we can improve it. They are only set if you accept them.'}{' '}
          <Link href={privacyHref}>Read our privacy policy</Link>.
        </p>
        <Actions>
          <Button variant="secondary" onPress={onReject}>
            Reject analytics
          </Button>
          <Button variant="primary" onPress={onAccept}>
            Accept analytics
          </Button>
        </Actions>
      </Inner>
    </Region>
  );
}
