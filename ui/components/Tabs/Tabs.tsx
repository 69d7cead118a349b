import type { CSSProperties, ReactNode } from 'react';
import * as RAC from 'react-aria-components';
import styled from 'styled-components';
import { focusVisible, hovered } from '../../theme/previewState';
import {
  breakpoints,
  colors,
  fontSizes,
  fontWeights,
  motion,
  radii,
  space,
} from '../../theme/tokens';

export interface TabItem {
  id: RAC.Key;
  label: ReactNode;
  content: ReactNode;
  isDisabled?: boolean;
}

export interface TabsProps extends Omit<
  RAC.TabsProps,
  'children' | 'className' | 'style' | 'orientation'
> {
  /** The tabs, in order. Leave out tabs with nothing to show (SPEC §2, Order Online modal). */
  items: TabItem[];
  /** Names the tab list for screen readers, e.g. "Products". */
  'aria-label'?: string;
  className?: string;
  style?: CSSProperties;
}

const Root = styled(RAC.Tabs)`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const List = styled(RAC.TabList<TabItem>)`
  display: flex;
  gap: ${space[1]};
  overflow-x: auto;
  border-bottom: 2px solid ${colors.ink};
  scrollbar-width: thin;
`;

/*
 * Tabs keep their natural width while the row has room; when it has not (the Order Online modal
 * on a phone), they narrow and their names wrap onto a second line, so every name stays readable
 * rather than running off the end of a scrolling row.
 */
const Tab = styled(RAC.Tab)`
  flex: 0 1 auto;
  padding: ${space[2]} ${space[3]};
  text-align: center;

  @media (max-width: ${breakpoints.sm - 0.02}px) {
    padding-inline: ${space[2]};
  }
  border: 2px solid transparent;
  border-bottom: 0;
  border-radius: ${radii.sm} ${radii.sm} 0 0;
  color: ${colors.ink};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  overflow-wrap: normal;
  cursor: pointer;
  outline: none;
  transition: background-color ${motion.fast} ${motion.easing};

  &${hovered} {
    background: ${colors.surfaceAlt};
  }
  &[data-selected] {
    background: ${colors.primary};
    border-color: ${colors.ink};
    color: ${colors.onPrimary};
    font-weight: ${fontWeights.bold};
  }
  &${focusVisible} {
    outline: 3px solid ${colors.focus};
    outline-offset: -3px;
  }
  &[data-disabled] {
    cursor: not-allowed;
    color: ${colors.inkMuted};
  }
`;

const Panel = styled(RAC.TabPanel)`
  padding: ${space[4]} 0 0;
  outline: none;

  &[data-focus-visible] {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * Tabs (the Order Online modal's Coal / Wood Pellets / Oil / Wood & Other Products). Arrow keys
 * move between tabs; Tab moves into the panel.
 */
export function Tabs({ items, 'aria-label': ariaLabel, ...rest }: TabsProps) {
  return (
    <Root {...rest} disabledKeys={items.filter((item) => item.isDisabled).map((item) => item.id)}>
      <List aria-label={ariaLabel} items={items}>
        {(item) => <Tab id={item.id}>{item.label}</Tab>}
      </List>
      {items.map((item) => (
        <Panel key={item.id} id={item.id}>
          {item.content}
        </Panel>
      ))}
    </Root>
  );
}
