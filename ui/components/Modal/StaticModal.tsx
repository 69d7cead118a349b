import { useId, type CSSProperties, type ReactNode } from 'react';
import styled from 'styled-components';
import { colors, radii, shadows, sizes, space, zIndices } from '../../theme/tokens';
import { buttonStyles } from '../Button';
import { CloseIcon } from '../Icon';
import { Heading } from '../Text';

export interface StaticModalProps {
  /** The dialog's heading; it also names the dialog. */
  title: ReactNode;
  /** Width as px (number) or any CSS length (default 500px, as `Modal`). */
  width?: number | string;
  /**
   * The close (X) control: a `StaticCloseLink` to the page without the dialog, or a
   * `StaticCloseButton` in a form that closes it on the server.
   */
  close: ReactNode;
  children: ReactNode;
  className?: string;
}

type CustomProperties = CSSProperties & Record<`--${string}`, string>;

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${zIndices.modal};
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: ${space[6]} ${space[3]};
  overflow-y: auto;
  background: ${colors.overlay};
`;

const Panel = styled.section`
  width: var(--modal-width, ${sizes.orderModal});
  max-width: 100%;
  margin: auto 0;
  padding: ${space[5]};
  border-radius: ${radii.md};
  border-top: 6px solid ${colors.primary};
  background: ${colors.surface};
  box-shadow: ${shadows.lg};
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
  & > :last-child:not(h2) {
    margin: -${space[2]} -${space[2]} 0 0;
  }
  & form {
    display: contents;
  }
`;

/** The X of `Modal`, as a native link or button (no script needed), with CSS states. */
const closeStyles = `
  &:hover {
    background: ${colors.surfaceAlt};
  }
  &:active {
    background: ${colors.border};
  }
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;

const CloseAnchor = styled.a`
  ${buttonStyles}
  ${closeStyles}
`;

const CloseSubmit = styled.button`
  ${buttonStyles}
  ${closeStyles}
`;

/** The X as a link: to the page without the dialog's flag. */
export function StaticCloseLink({ href, label = 'Close' }: { href: string; label?: string }) {
  return (
    <CloseAnchor href={href} aria-label={label} data-variant="icon">
      <CloseIcon />
    </CloseAnchor>
  );
}

/** The X as the submit button of the form around it (closing changes something on the server). */
export function StaticCloseButton({ label = 'Close' }: { label?: string }) {
  return (
    <CloseSubmit type="submit" aria-label={label} data-variant="icon">
      <CloseIcon />
    </CloseSubmit>
  );
}

/**
 * A dialog as the server renders it for a page opened with the dialog's flag (a server-rendered
 * target, DESIGN.md Rendering): the look of `Modal`, over the page, but part of the page's HTML
 * (react-aria's `Modal` renders nothing on the server), so it works before and without
 * JavaScript. Its close control is a link or a form. Not modal: the page behind it stays in
 * reach. The app's script replaces it with the real `Modal` once it runs.
 */
export function StaticModal({ title, width, close, children, className }: StaticModalProps) {
  const titleId = useId();
  const style: CustomProperties | undefined =
    width === undefined
      ? undefined
      : { '--modal-width': typeof width === 'number' ? `${width}px` : width };
  return (
    <Overlay data-static-modal="">
      <Panel role="dialog" aria-labelledby={titleId} className={className} style={style}>
        <Header>
          <Heading level={2} size={3} id={titleId}>
            {title}
          </Heading>
          {close}
        </Header>
        {children}
      </Panel>
    </Overlay>
  );
}
