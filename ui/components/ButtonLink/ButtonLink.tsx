import type { ReactNode, Ref } from 'react';
import * as RAC from 'react-aria-components';
import styled from 'styled-components';
import { buttonStyles, type ButtonSize } from '../Button';

export type ButtonLinkVariant = 'primary' | 'secondary';

export interface ButtonLinkProps extends Omit<RAC.LinkProps, 'className' | 'children'> {
  /** `primary` (yellow, the main call to action) or `secondary` (outlined). */
  variant?: ButtonLinkVariant;
  size?: ButtonSize;
  /** Stretch to the width of the container. */
  fullWidth?: boolean;
  /** A leading icon, shown before the label. Decorative: the label names the link. */
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLAnchorElement>;
}

const Root = styled(RAC.Link)`
  ${buttonStyles}
`;

/**
 * A link that looks like a button, for a call to action that goes somewhere ("Checkout",
 * "Shop home heating fuel"). It is a real link: it opens in a new tab, shows its address, and
 * inside a react-aria `RouterProvider` navigates through the client-side router.
 */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  fullWidth,
  icon,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Root
      {...rest}
      data-variant={variant}
      data-size={size}
      data-full-width={fullWidth || undefined}
    >
      {icon}
      {children}
    </Root>
  );
}
