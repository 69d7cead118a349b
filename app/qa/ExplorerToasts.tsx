import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { createToaster, ToastRegion, ToasterProvider, theme } from '../../ui';

/**
 * The notifications of a machine explorer's component, in a strip that stays at the top of the
 * explorer as it scrolls: the site shows them over the top of the page, where in the explorer they
 * would cover its panels or the statechart. The notification area is fixed at the top of the
 * window, so it always falls on this strip.
 */
const Strip = styled.div`
  position: sticky;
  top: 0;
  z-index: 1;
  background: ${theme.colors.surface};
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
