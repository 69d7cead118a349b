import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { createToaster, ToastRegion, ToasterProvider, theme } from '../../ui';

/**
 * The notifications of a machine explorer's component, in a strip above the explorer: the site
 * shows them over the top of the page, which in the explorer would cover its panels and chart.
 * The strip's layout containment makes it the box the (fixed) notification area is placed in.
 */
const Strip = styled.div`
  contain: layout;
  overflow: hidden;
  min-height: 7rem;
  /* The hint sits at the bottom: the notifications come in at the top. */
  display: flex;
  align-items: flex-end;
  padding: ${theme.space[2]} ${theme.space[4]};
  border-bottom: 1px solid ${theme.colors.border};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.inkMuted};
`;

export function ExplorerToasts({ children }: { children: ReactNode }) {
  const [toaster] = useState(() => createToaster(8));
  return (
    <ToasterProvider toaster={toaster}>
      <Strip data-testid="explorer-notifications">
        <p style={{ margin: 0 }}>
          Notifications from the component show here (on the site, at the top of the page).
        </p>
        <ToastRegion />
      </Strip>
      {children}
    </ToasterProvider>
  );
}
