import { useId, type ReactNode } from 'react';
import * as RAC from 'react-aria-components';
import styled, { keyframes } from 'styled-components';
import { colors, motion, shadows, sizes, space, zIndices } from '../../theme/tokens';
import { Button } from '../Button';
import { CloseIcon } from '../Icon';
import { StaticCloseLink } from '../Modal';
import { Heading } from '../Text';
import { overlayBackdrop } from '../../theme/overlay';

export interface SidePanelProps {
  /** The panel's heading; it also names the dialog (e.g. "Menu"). */
  title: ReactNode;
  /** Whether the panel is open (controlled). */
  isOpen?: boolean;
  /** The panel opened or closed (the X, Escape, or the backdrop). */
  onOpenChange?: (isOpen: boolean) => void;
  /** Close when the backdrop is clicked (default true). */
  isDismissable?: boolean;
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Extra class on the panel. */
  className?: string;
}

const slideIn = keyframes`
  from { transform: translateX(-100%); }
`;
const slideOut = keyframes`
  to { transform: translateX(-100%); }
`;

const Overlay = styled(RAC.ModalOverlay)`
  position: fixed;
  inset: 0;
  z-index: ${zIndices.sidePanel};
  ${overlayBackdrop}
`;

const Panel = styled(RAC.Modal)`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  width: ${sizes.sidePanel};
  max-width: calc(100vw - ${space[7]});
  overflow-y: auto;
  background: ${colors.surface};
  box-shadow: ${shadows.lg};
  outline: none;

  &[data-entering] {
    animation: ${slideIn} ${motion.fadeIn} ${motion.easing};
  }
  &[data-exiting] {
    animation: ${slideOut} ${motion.fadeOut} ${motion.easing};
  }
  @media (prefers-reduced-motion: reduce) {
    &[data-entering],
    &[data-exiting] {
      animation: none;
    }
  }
`;

const Dialog = styled(RAC.Dialog)`
  display: flex;
  flex-direction: column;
  min-height: 100%;
  outline: none;
`;

const Header = styled.div`
  position: sticky;
  top: 0;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space[3]};
  padding: ${space[3]} ${space[3]} ${space[3]} ${space[5]};
  border-bottom: 4px solid ${colors.primary};
  background: ${colors.surface};
`;

const Body = styled.div`
  flex: 1;
  padding: ${space[5]};
`;

/** Wrap a trigger and a `SidePanel`: pressing the trigger opens the panel. */
export const SidePanelTrigger = RAC.DialogTrigger;

/**
 * The off-canvas side navigation ("Menu" / "View all products"): slides in from the left as a
 * modal dialog. Escape or the close button closes it; the slide is skipped for users who prefer
 * reduced motion.
 */
export function SidePanel({
  title,
  isOpen,
  onOpenChange,
  isDismissable = true,
  children,
  className,
}: SidePanelProps) {
  return (
    <Overlay
      data-side-panel-overlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
    >
      <Panel className={className}>
        <Dialog>
          {({ close }) => (
            <>
              <Header>
                <Heading slot="title" level={2} size={3}>
                  {title}
                </Heading>
                <Button variant="icon" slot="close" aria-label="Close" icon={<CloseIcon />} />
              </Header>
              <Body>{typeof children === 'function' ? children(close) : children}</Body>
            </>
          )}
        </Dialog>
      </Panel>
    </Overlay>
  );
}

const StaticOverlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${zIndices.sidePanel};
  background: ${colors.overlay};
`;

const StaticPanel = styled.div`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  display: flex;
  flex-direction: column;
  width: ${sizes.sidePanel};
  max-width: calc(100vw - ${space[7]});
  overflow-y: auto;
  background: ${colors.surface};
  box-shadow: ${shadows.lg};
`;

export interface StaticSidePanelProps {
  /** The panel's heading; it also names it (e.g. "Menu"). */
  title: ReactNode;
  /** Where the close (X) link goes: the same page without the panel. */
  closeHref: string;
  /** The close link's accessible name (default "Close"). */
  closeLabel?: string;
  children: ReactNode;
  className?: string;
}

/**
 * The side panel as the server renders it on its own page (e.g. `?menu`): the same look, open,
 * with no script needed; the close (X) button is a link to the page without it. Once the page's
 * script runs, the app replaces it with the `SidePanel` modal.
 */
export function StaticSidePanel({
  title,
  closeHref,
  closeLabel = 'Close',
  children,
  className,
}: StaticSidePanelProps) {
  const titleId = useId();
  return (
    <StaticOverlay data-static-side-panel="">
      <StaticPanel className={className} role="dialog" aria-labelledby={titleId}>
        <Header>
          <Heading level={2} size={3} id={titleId}>
            {title}
          </Heading>
          <StaticCloseLink href={closeHref} label={closeLabel} />
        </Header>
        <Body>{children}</Body>
      </StaticPanel>
    </StaticOverlay>
  );
}
