import type { ReactNode } from 'react';
import * as RAC from 'react-aria-components';
import styled, { css } from 'styled-components';
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
import { focusVisible, hovered, nativeStates, pressed } from '../../theme/previewState';
import { ChevronDownIcon } from '../Icon';
import { useIsHydrated } from './useIsHydrated';

/** A `method="post"` form that an action item is before the script runs (e.g. Logout). */
export interface MenuItemForm {
  /** The page the form posts to. */
  action: string;
  /** Its hidden fields (e.g. `{ intent: 'logout' }`). */
  fields?: Readonly<Record<string, string>>;
}

export interface MenuItem {
  id: RAC.Key;
  label: string;
  /** A navigation item: rendered as a link (through the router inside a `RouterProvider`). */
  href?: string;
  /**
   * An action item's form for the native menu (before and without the script): its button
   * posts it. An item with neither `href` nor `form` needs the script: the native menu leaves it
   * out.
   */
  form?: MenuItemForm;
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
  /**
   * Render the native disclosure (a `<details>` with links and forms) that works without
   * script. Default: until the page has hydrated (what the server renders), then the menu.
   */
  native?: boolean;
}

const triggerLook = css`
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
`;

const popupLook = css`
  border: 1px solid ${colors.borderStrong};
  border-top: 4px solid ${colors.primary};
  border-radius: ${radii.sm};
  background: ${colors.surface};
  box-shadow: ${shadows.md};
`;

const Trigger = styled(RAC.Button)`
  ${triggerLook}

  &[aria-expanded='true'] > svg[data-icon='ChevronDown'] {
    transform: rotate(180deg);
  }
  &${hovered}, &[aria-expanded='true'] {
    background: ${colors.surfaceAlt};
  }
  &${pressed} {
    background: ${colors.border};
  }
  &${focusVisible} {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
  &[data-variant='outline'] {
    border-color: ${colors.borderStrong};
    background: ${colors.surface};
  }
  &[data-variant='outline']${hovered}, &[data-variant='outline'][aria-expanded='true'] {
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
  ${popupLook}
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

/** The native menu: a disclosure whose list drops down under its summary. */
const Disclosure = styled.details`
  position: relative;
  display: inline-block;

  & > summary {
    list-style: none;
  }
  & > summary::-webkit-details-marker {
    display: none;
  }
`;

const Summary = styled.summary`
  ${triggerLook}

  &${nativeStates.hover},
  [open] > & {
    background: ${colors.surfaceAlt};
  }
  [open] > & > svg[data-icon='ChevronDown'] {
    transform: rotate(180deg);
  }
  &${nativeStates.focusVisible} {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
  &[data-variant='outline'] {
    border-color: ${colors.borderStrong};
    background: ${colors.surface};
  }
  &[data-variant='outline']${nativeStates.hover}, [open] > &[data-variant='outline'] {
    background: ${colors.surfaceAlt};
  }
`;

const NativeList = styled.ul`
  ${popupLook}
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  z-index: ${zIndices.header + 1};
  min-width: max(100%, 220px);
  max-height: 70vh;
  overflow: auto;
  margin: 0;
  padding: ${space[1]};
  list-style: none;

  &[data-align='end'] {
    left: auto;
    right: 0;
  }

  & form {
    margin: 0;
  }
`;

const NativeItem = styled.a`
  display: block;
  width: 100%;
  padding: ${space[2]} ${space[3]};
  border: 0;
  border-radius: ${radii.sm};
  background: transparent;
  color: ${colors.ink};
  font: inherit;
  font-size: ${fontSizes.md};
  text-align: left;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  outline: none;

  &:hover,
  &:focus-visible {
    background: ${colors.surfaceAlt};
    color: ${colors.link};
    text-decoration: underline;
  }
  &:focus-visible {
    outline: 2px solid ${colors.focus};
    outline-offset: -2px;
  }
  &[aria-disabled='true'],
  &:disabled {
    cursor: not-allowed;
    color: ${colors.inkMuted};
    text-decoration: none;
  }
`;

function NativeMenuItem({ item }: { item: MenuItem }) {
  if (item.href !== undefined) {
    return item.isDisabled ? (
      <NativeItem as="span" aria-disabled="true">
        {item.label}
      </NativeItem>
    ) : (
      <NativeItem href={item.href}>{item.label}</NativeItem>
    );
  }
  if (!item.form) return null;
  return (
    <form method="post" action={item.form.action}>
      {Object.entries(item.form.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <NativeItem as="button" type="submit" disabled={item.isDisabled}>
        {item.label}
      </NativeItem>
    </form>
  );
}

/**
 * The menu before (and without) the script: a native disclosure, which opens and closes by
 * itself, with the items as links and forms. Items that only the script can run are left out.
 */
function NativeMenu({
  label,
  'aria-label': ariaLabel,
  items,
  triggerVariant = 'nav',
  icon,
  placement = 'bottom start',
  isDisabled,
}: MenuProps) {
  if (isDisabled) {
    return (
      <Trigger data-variant={triggerVariant} aria-label={ariaLabel} isDisabled>
        {icon}
        {label}
        <ChevronDownIcon />
      </Trigger>
    );
  }
  const shown = items.filter((item) => item.href !== undefined || item.form !== undefined);
  return (
    <Disclosure data-menu-native="">
      <Summary data-variant={triggerVariant} aria-label={ariaLabel}>
        {icon}
        {label}
        <ChevronDownIcon />
      </Summary>
      <NativeList data-align={placement.endsWith('end') ? 'end' : 'start'}>
        {shown.map((item) => (
          <li key={String(item.id)}>
            <NativeMenuItem item={item} />
          </li>
        ))}
      </NativeList>
    </Disclosure>
  );
}

/**
 * A drop-down menu: the primary navigation's "Wholesale Fuel" / "Home Heating Fuel" lists
 * (items with `href`) and the "Hi, {name}!" user menu (items with `onAction`). Opens with Enter,
 * Space or the arrow keys; Escape closes it and returns focus to the trigger.
 *
 * Until the page has hydrated (the server's HTML) it is a native disclosure that works without
 * script: its links navigate and an item with a `form` posts it (see `native`).
 */
export function Menu(props: MenuProps) {
  const hydrated = useIsHydrated();
  const native = props.native ?? !hydrated;
  return native ? <NativeMenu {...props} /> : <ScriptMenu {...props} />;
}

/** The react-aria menu: a button and a popover with a keyboard-navigable list. */
function ScriptMenu({
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
