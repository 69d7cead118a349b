import type { FocusEvent, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { colors } from '../../theme/tokens';
import { buttonStyles, type ButtonSize } from '../Button';

export type ModalLinkVariant = 'primary' | 'secondary' | 'link';

export interface ModalLinkProps {
  /**
   * The dialog's server-rendered target: this page with the dialog's flag (e.g. `?order-online`),
   * which the server renders with the dialog open. Followed before the script runs, or without it.
   */
  href: string;
  /** With script: opens the dialog in place (a plain click, Enter or Space); the link is not followed. */
  onOpen: () => void;
  /** Whether the dialog it opens is open (`aria-expanded`). */
  isOpen?: boolean;
  /** The dialog is on its way (its code is loading): presses are ignored meanwhile. */
  isPending?: boolean;
  /** Pointed at or focused: a good moment to fetch the dialog's code. */
  onHoverStart?: () => void;
  onFocus?: (event: FocusEvent<HTMLAnchorElement>) => void;
  variant?: ModalLinkVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  children: ReactNode;
  className?: string;
}

const Root = styled.a`
  ${buttonStyles}

  /* A native link has no react-aria state attributes: the same looks from CSS states. */
  &:hover {
    background: ${colors.primaryHover};
  }
  &:active {
    background: ${colors.primaryActive};
  }
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
  &[data-variant='secondary']:hover {
    background: ${colors.surfaceAlt};
    border-color: ${colors.ink};
  }
  &[data-variant='secondary']:active {
    background: ${colors.border};
  }
  &[data-variant='link']:hover,
  &[data-variant='link']:active {
    background: transparent;
    color: ${colors.linkHover};
  }
`;

/** A plain left click: anything else (a new tab, a download) is left to the browser. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The control that opens a dialog (DESIGN.md, Rendering: a button that opens something has a
 * server-rendered target). It is a link to the page with the dialog open, so a tap before the
 * script runs, or without it, still opens the dialog; with script a press opens the `Modal` in
 * place instead. It is announced as a button that opens a dialog, and Space presses it too.
 */
export function ModalLink({
  href,
  onOpen,
  isOpen,
  isPending,
  onHoverStart,
  onFocus,
  variant = 'primary',
  size = 'md',
  fullWidth,
  children,
  className,
}: ModalLinkProps) {
  const open = () => {
    if (!isPending) onOpen();
  };
  return (
    <Root
      href={href}
      role="button"
      aria-haspopup="dialog"
      aria-expanded={isOpen ?? false}
      aria-busy={isPending || undefined}
      data-variant={variant}
      data-size={size}
      data-full-width={fullWidth || undefined}
      data-pending={isPending || undefined}
      className={className}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        open();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLAnchorElement>) => {
        // A button is pressed with Space (on release); the page must not scroll.
        if (event.key === ' ') event.preventDefault();
      }}
      onKeyUp={(event: KeyboardEvent<HTMLAnchorElement>) => {
        if (event.key === ' ') {
          event.preventDefault();
          open();
        }
      }}
      onMouseEnter={onHoverStart}
      onFocus={onFocus}
    >
      {children}
    </Root>
  );
}
