import type { CSSProperties, ReactNode } from 'react';
import * as RAC from 'react-aria-components';
import styled, { keyframes } from 'styled-components';
import { colors, motion, radii, shadows, sizes, space, zIndices } from '../../theme/tokens';
import { Button } from '../Button';
import { CloseIcon } from '../Icon';
import { Heading } from '../Text';
import { overlayBackdrop } from '../../theme/overlay';

export interface ModalProps {
  /** The dialog's heading; it also names the dialog for screen readers. */
  title: ReactNode;
  /** Width as px (number) or any CSS length (default 500px, the Order Online modal, SPEC §9). */
  width?: number | string;
  /** Controlled open state. Leave out inside a `ModalTrigger`, which then controls it. */
  isOpen?: boolean;
  /** The dialog opened or closed (the X, Escape, or the backdrop when dismissable). */
  onOpenChange?: (isOpen: boolean) => void;
  /** Close when the backdrop is clicked (default true). Escape always closes unless disabled. */
  isDismissable?: boolean;
  /** Escape does not close the dialog (for a step that must be finished). */
  isKeyboardDismissDisabled?: boolean;
  /** Hide the close (X) button, e.g. while a submission is pending. */
  hideCloseButton?: boolean;
  /** Content, or a function of `close` for content with its own Cancel/Done buttons. */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Extra class on the dialog. */
  className?: string;
}

type CustomProperties = CSSProperties & Record<`--${string}`, string>;

const rise = keyframes`
  from { transform: translateY(12px); }
`;

const Overlay = styled(RAC.ModalOverlay)`
  position: fixed;
  inset: 0;
  z-index: ${zIndices.modal};
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: ${space[6]} ${space[3]};
  overflow-y: auto;
  ${overlayBackdrop}
`;

const Panel = styled(RAC.Modal)`
  width: var(--modal-width, ${sizes.orderModal});
  max-width: 100%;
  margin: auto 0;
  border-radius: ${radii.md};
  border-top: 6px solid ${colors.primary};
  background: ${colors.surface};
  box-shadow: ${shadows.lg};
  outline: none;

  &[data-entering] {
    animation: ${rise} ${motion.fadeIn} ${motion.easing};
  }
  @media (prefers-reduced-motion: reduce) {
    &[data-entering] {
      animation: none;
    }
  }
`;

const Dialog = styled(RAC.Dialog)`
  position: relative;
  padding: ${space[5]};
  outline: none;
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${space[3]};
  margin-bottom: ${space[4]};

  & > h2 {
    padding-top: ${space[2]};
  }
  & > button {
    margin: -${space[2]} -${space[2]} 0 0;
  }
`;

/** Wrap a trigger (e.g. a `Button`) and a `Modal`: pressing the trigger opens the modal. */
export const ModalTrigger = RAC.DialogTrigger;

/**
 * A modal dialog (Order Online, Set Postcode, Wholesale Enquiry). Focus moves into it and is
 * trapped there, the page behind is inert, Escape closes it, and focus returns to the trigger.
 */
export function Modal({
  title,
  width,
  isOpen,
  onOpenChange,
  isDismissable = true,
  isKeyboardDismissDisabled,
  hideCloseButton,
  children,
  className,
}: ModalProps) {
  const style: CustomProperties | undefined =
    width === undefined
      ? undefined
      : { '--modal-width': typeof width === 'number' ? `${width}px` : width };
  return (
    <Overlay
      data-modal-overlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
    >
      <Panel className={className} style={style}>
        <Dialog>
          {({ close }) => (
            <>
              <Header>
                <Heading slot="title" level={2} size={3}>
                  {title}
                </Heading>
                {hideCloseButton ? null : (
                  <Button variant="icon" slot="close" aria-label="Close" icon={<CloseIcon />} />
                )}
              </Header>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </Dialog>
      </Panel>
    </Overlay>
  );
}
