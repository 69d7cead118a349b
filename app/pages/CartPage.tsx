import styled from 'styled-components';
import { theme } from '../../ui';
import { CartContents } from '../features/cart';
import { useBlockedCheckoutNotice, type BlockedReasonSource } from '../features/checkout';
import { IslandSlot } from '../features/layout';
import { cartIslandKey } from './cartIsland';

const Section = styled.div`
  max-width: ${theme.sizes.content};
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]} ${theme.space[7]};
`;

/**
 * /cart: the visitor's cart, server-rendered from the root loader's cart, then kept live. Sent
 * back from /checkout (`?checkout=blocked`), it says why checkout did not open.
 */
export default function CartPage({ blockedReason }: { blockedReason?: BlockedReasonSource }) {
  useBlockedCheckoutNotice(blockedReason);
  return (
    <Section>
      {/* An island of its own when the server renders the page as islands (cartIsland.tsx). */}
      <IslandSlot islandKey={cartIslandKey}>
        <CartContents />
      </IslandSlot>
    </Section>
  );
}
