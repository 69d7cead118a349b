import styled from 'styled-components';
import { theme } from '../../ui';
import { CartContents } from '../features/cart';

const Section = styled.div`
  max-width: ${theme.sizes.content};
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]} ${theme.space[7]};
`;

/** /cart: the visitor's cart, server-rendered from the root loader's cart, then kept live. */
export default function CartPage() {
  return (
    <Section>
      <CartContents />
    </Section>
  );
}
