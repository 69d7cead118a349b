import type { ReactNode } from 'react';
import styled from 'styled-components';
import { messages } from '../../../api/domain/messages';
import type { FormOutcome } from '../../../api/domain/pageForms';
import { displayPostcode } from '../../../api/domain/postcode';
import { Notice, theme } from '../../../ui';

const Question = styled.div`
  display: grid;
  gap: ${theme.space[2]};
`;

const Answers = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`;

/**
 * Whether the server refused an add posted without script because its new postcode would empty
 * the cart (409 'Resetting the postcode will clear your cart.'): the form then asks.
 */
export function asksToClearCart(outcome: FormOutcome | null): boolean {
  return outcome?.status === 409 && outcome.message === messages.postcode.resetWarning;
}

export interface ClearCartQuestionProps {
  /** What the cart holds, and for which postcode (left out when not known). */
  count?: number;
  cartPostcode?: string | null;
  /** "Keep my cart" (first: the answer that changes nothing) and "Clear cart and add". */
  keep: ReactNode;
  clear: ReactNode;
}

/**
 * SPEC §4: a new postcode empties the cart. An order form with a new postcode over a cart with
 * items in it asks first, with the Set Postcode dialog's warning.
 */
export function ClearCartQuestion({ count, cartPostcode, keep, clear }: ClearCartQuestionProps) {
  return (
    <Question>
      <Notice variant="warning">
        {messages.postcode.resetWarning}
        {count !== undefined && count > 0 && cartPostcode
          ? ` ${messages.orderForm.cartHolds(count, displayPostcode(cartPostcode))}`
          : null}
      </Notice>
      <Answers>
        {keep}
        {clear}
      </Answers>
    </Question>
  );
}
