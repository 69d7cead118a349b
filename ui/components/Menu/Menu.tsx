import type { ReactNode } from 'react';
import * as RAC from 'react-aria-components';
import styled from 'styled-components';
import {
  colors,
  fontSizes,
  fontWeights,
  motion,
  radii,
  shadows,
  space,
  zIndices,
} from '../../theme/tokens';
import { ChevronDownIcon } from '../Icon';

export interface MenuItem {
  id: RAC.Key;
  label: string;
  /** A navigation item: rendered as a link (through the router inside a `RouterProvider`). */
  href?: string;
  isDisabled?: boolean;
}

export type MenuTriggerVariant = 'nav' | 'outline';

export interface MenuProps {
  /** The trigger's visible label ("Wholesale Fuel", "Hi, Jane Doe!"). */
  label: ReactNode;
  /** An accessible name for the trigger when `label` is not plain text. */
  'aria-label'?: string;
  items: MenuItem[];
  /** Called with the item's id when an item without `href` is chosen (e.g. "logout"). */
  onAction?: (id: RAC.Key) => void;
  /** `nav` (default) is plain text for the primary navigation; `outline` is a bordered button. */
  triggerVariant?: MenuTriggerVariant;
  /** A leading icon in the trigger, e.g. the user icon. */
  icon?: ReactNode;
  placement?: RAC.PopoverProps['placement'];
  isOpen?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  isDisabled?: boolean;
}

const Trigger = styled(RAC.Button)`
  display: inline-flex;
  align-items: center;
  gap: ${space[1]};
  min-height: 44px;
  padding: ${space[2]} ${space[3]};
  border: 2px solid transparent;
  border-radius: ${radii.sm};
  background: transparent;
  color: ${colors.ink};
  font: inherit;
  font-weight: ${fontWeights.semibold};
  cursor: pointer;
  outline: none;
  transition: background-color ${motion.fast} ${motion.easing};

  & > svg[data-icon='ChevronDown'] {
    transition: transform ${motion.fast} ${motion.easing};
  }
  &[aria-expanded='true'] > svg[data-icon='ChevronDown'] {
    transform: rotate(180deg);
  }
  &[data-hovered],
  &[aria-expanded='true'] {
    background: ${colors.surfaceAlt};
  }
  &[data-pressed] {
    background: ${colors.border};
  }
  &[data-focus-visible] {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
  &[data-variant='outline'] {
    border-color: ${colors.borderStrong};
    background: ${colors.surface};
  }
  &[data-variant='outline'][data-hovered],
  &[data-variant='outline'][aria-expanded='true'] {
    background: ${colors.surfaceAlt};
  }
  &[data-disabled] {
    cursor: not-allowed;
    color: ${colors.inkMuted};
  }
`;

const Popover = styled(RAC.Popover)`
  min-width: max(var(--trigger-width), 220px);
  max-height: 70vh;
  overflow: auto;
  border: 1px solid ${colors.borderStrong};
  border-top: 4px solid ${colors.primary};
  border-radius: ${radii.sm};
  background: ${colors.surface};
  box-shadow: ${shadows.md};
  z-index: ${zIndices.header + 1};
`;

const List = styled(RAC.Menu<MenuItem>)`
  padding: ${space[1]};
  outline: none;
`;

const Item = styled(RAC.MenuItem)`
  display: block;
  padding: ${space[2]} ${space[3]};
  border-radius: ${radii.sm};
  color: ${colors.ink};
  font-size: ${fontSizes.md};
  text-decoration: none;
  cursor: pointer;
  outline: none;

  &[data-focused],
  &[data-hovered] {
    background: ${colors.surfaceAlt};
    color: ${colors.link};
    text-decoration: underline;
  }
  &[data-focus-visible] {
    outline: 2px solid ${colors.focus};
    outline-offset: -2px;
  }
  &[data-current] {
    font-weight: ${fontWeights.bold};
  }
  &[data-disabled] {
    cursor: not-allowed;
    color: ${colors.inkMuted};
  }
`;

/**
 * A drop-down menu: the primary navigation's "Wholesale Fuel" / "Home Heating Fuel" lists
 * (items with `href`) and the "Hi, {name}!" user menu (items with `onAction`). Opens with Enter,
 * Space or the arrow keys; Escape closes it and returns focus to the trigger.
 */
export function Menu({
  label,
  'aria-label': ariaLabel,
  items,
  onAction,
  triggerVariant = 'nav',
  icon,
  placement = 'bottom start',
  isOpen,
  defaultOpen,
  onOpenChange,
  isDisabled,
}: MenuProps) {
  return (
    <RAC.MenuTrigger isOpen={isOpen} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <Trigger data-variant={triggerVariant} aria-label={ariaLabel} isDisabled={isDisabled}>
        {icon}
        {label}
        <ChevronDownIcon />
      </Trigger>
      <Popover placement={placement} offset={4}>
        <List items={items} onAction={onAction ? (id) => onAction(id) : undefined}>
          {(item) => (
            <Item id={item.id} href={item.href} isDisabled={item.isDisabled} textValue={item.label}>
              {item.label}
            </Item>
          )}
        </List>
      </Popover>
    </RAC.MenuTrigger>
  );
}
