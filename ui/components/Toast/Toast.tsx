import { useEffect, useRef, type RefObject } from 'react';
import * as RAC from 'react-aria-components';
import styled, { keyframes } from 'styled-components';
import {
  colors,
  fontSizes,
  fontWeights,
  lineHeights,
  motion,
  radii,
  shadows,
  sizes,
  space,
  zIndices,
} from '../../theme/tokens';
import { focusVisible } from '../../theme/previewState';
import { Button } from '../Button';
import { CloseIcon, DangerIcon, InfoIcon, SuccessIcon, WarningIcon } from '../Icon';
import { useToasts } from './ToasterProvider';
import type { ToastContent, Toaster } from './toastQueue';

const icons = {
  success: SuccessIcon,
  info: InfoIcon,
  warning: WarningIcon,
  danger: DangerIcon,
} as const;

const slideDown = keyframes`
  from { opacity: 0; transform: translateY(-8px); }
`;

const Region = styled(RAC.UNSTABLE_ToastRegion<ToastContent>)`
  position: fixed;
  top: ${space[4]};
  left: 50%;
  z-index: ${zIndices.toast};
  display: flex;
  flex-direction: column;
  gap: ${space[2]};
  width: ${sizes.toast};
  max-width: calc(100vw - ${space[5]});
  transform: translateX(-50%);
  outline: none;

  &[data-focus-visible] {
    outline: 3px solid ${colors.focus};
    outline-offset: 4px;
  }

  /* Out of the way of the field being filled in, which it would otherwise cover. */
  transition: opacity ${motion.fadeIn} ${motion.easing};
  &[data-yield] {
    opacity: 0;
    pointer-events: none;
  }
`;

/** The controls a visitor types into or chooses with, which a notice must never cover. */
const FIELD =
  'input:not([type="hidden"]), textarea, select, [role="combobox"], [role="spinbutton"]';

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Keeps the notices off the focused field (an error's notices at the top of a phone's screen sit
 * over the first fields of a form): the field scrolls to just below them where the page can
 * scroll, and otherwise the notices fade out while the field has focus. They return when focus
 * leaves it; they stay in the accessibility tree throughout.
 */
export function useNoticesYieldToFocusedField(region: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const check = () => {
      const root = region.current;
      if (!root) return;
      const field = document.activeElement;
      const covered = () =>
        field instanceof HTMLElement &&
        overlaps(root.getBoundingClientRect(), field.getBoundingClientRect());
      if (!(field instanceof HTMLElement) || root.contains(field) || !field.matches(FIELD)) {
        root.removeAttribute('data-yield');
        return;
      }
      if (root.children.length > 0 && covered()) {
        const below = root.getBoundingClientRect().bottom + 8;
        const margin = field.style.scrollMarginTop;
        field.style.scrollMarginTop = `${below}px`;
        field.scrollIntoView({ block: 'start', inline: 'nearest' });
        field.style.scrollMarginTop = margin;
      }
      root.toggleAttribute('data-yield', root.children.length > 0 && covered());
    };
    // After the browser has settled focus (and any scrolling it does itself).
    const later = () => requestAnimationFrame(check);
    document.addEventListener('focusin', later);
    document.addEventListener('focusout', later);
    const observer = new MutationObserver(later);
    if (region.current) observer.observe(region.current, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', later);
      document.removeEventListener('focusout', later);
      observer.disconnect();
    };
  }, [region]);
}

const Card = styled(RAC.UNSTABLE_Toast<ToastContent>)`
  display: flex;
  align-items: flex-start;
  gap: ${space[3]};
  padding: ${space[3]} ${space[2]} ${space[3]} ${space[4]};
  border-left: 6px solid currentColor;
  border-radius: ${radii.sm};
  background: ${colors.surface};
  box-shadow: ${shadows.md};
  outline: none;
  animation: ${slideDown} ${motion.fadeIn} ${motion.easing};

  &[data-variant='success'] {
    color: ${colors.success};
    background: ${colors.successSurface};
  }
  &[data-variant='info'] {
    color: ${colors.ink};
    background: ${colors.surfaceAlt};
  }
  &[data-variant='warning'] {
    color: ${colors.warning};
    background: ${colors.warningSurface};
  }
  &[data-variant='danger'] {
    color: ${colors.danger};
    background: ${colors.dangerSurface};
  }
  &${focusVisible} {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }

  & > svg {
    flex: none;
    margin-top: 0.15em;
    font-size: ${fontSizes.lg};
  }
  & > button {
    flex: none;
    margin: -${space[1]} 0;
  }

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Content = styled(RAC.UNSTABLE_ToastContent)`
  flex: 1;
  min-width: 0;
  padding-top: ${space[1]};
  color: ${colors.ink};
  font-size: ${fontSizes.sm};
  line-height: ${lineHeights.snug};
`;

const Title = styled(RAC.Text)`
  display: block;
  font-weight: ${fontWeights.bold};
`;

const Message = styled(RAC.Text)`
  display: block;
`;

/**
 * One notification, as the region shows it. It needs react-aria's toast state in context, which
 * the region provides; the design-system stories provide it too, to show each variant in place.
 */
export function ToastCard({ toast }: { toast: RAC.QueuedToast<ToastContent> }) {
  const { variant, title, message } = toast.content;
  const Icon = icons[variant];
  return (
    <Card toast={toast} data-variant={variant}>
      <Icon />
      <Content>
        {title ? <Title slot="title">{title}</Title> : null}
        <Message slot={title ? 'description' : 'title'}>{message}</Message>
      </Content>
      <Button variant="icon" size="sm" slot="close" aria-label="Close" icon={<CloseIcon />} />
    </Card>
  );
}

export interface ToastRegionProps {
  /** The toaster whose toasts to show (default: the one from `useToasts()`). */
  toaster?: Toaster;
  'aria-label'?: string;
}

/**
 * The notification area: 350px wide, at the top centre (SPEC §9). Mount it once. Each toast is a
 * landmark-reachable `alertdialog` (F6 jumps to the region) whose message is announced as an
 * alert; it has a Close button, and auto-dismiss timers pause on hover and focus.
 */
export function ToastRegion({ toaster, 'aria-label': ariaLabel }: ToastRegionProps) {
  const fromContext = useToasts();
  const { queue } = toaster ?? fromContext;
  const ref = useRef<HTMLDivElement>(null);
  useNoticesYieldToFocusedField(ref);
  return (
    <Region queue={queue} aria-label={ariaLabel} ref={ref}>
      {({ toast }) => <ToastCard toast={toast} />}
    </Region>
  );
}
