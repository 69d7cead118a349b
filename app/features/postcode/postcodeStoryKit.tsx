/**
 * Shared by the postcode stories: answers from the cart API, a toaster of their own, and the
 * machine with its network actors replaced (`machine.provide(...)`).
 */
import { useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { emptyCartView, type CartView } from '../../../api/domain/cart';
import { messages } from '../../../api/domain/messages';
import { createToaster, ToastRegion, ToasterProvider } from '../../../ui';
import { CartNetworkError, type CartResponse } from '../cart';
import { postcodeMachine, type PostcodeMachine } from './postcodeMachine';

/**
 * An answer whose cart is left out of JSON (so the explorer's buttons read
 * `{"output":{"code":201,"message":"Added to cart."}}`); the machine reads only code and message.
 */
function answer(code: number, message: string, cart: Partial<CartView> = {}): CartResponse {
  const response = { code, message } as CartResponse;
  Object.defineProperty(response, 'cart', {
    value: { ...emptyCartView(), ...cart },
    enumerable: false,
  });
  return response;
}

export const answers = {
  added: answer(201, messages.cart.added, { postcode: 'BT11AA', count: 1 }),
  set: answer(200, messages.postcode.set, { postcode: 'BT11AA' }),
  alreadySet: answer(409, messages.postcode.alreadySet, { postcode: 'BT11AA' }),
  invalid: answer(400, messages.postcode.invalidModal),
  closed: answer(200, messages.cart.modalClosed),
};

export const offlineError = new CartNetworkError(new TypeError('Failed to fetch'));

export type SetPostcodeResponder = (postcode: string) => Promise<CartResponse>;

/** An API that never answers: the explorer's answers come from its event buttons. */
export const neverAnswers = () => new Promise<CartResponse>(() => {});

/** 201 for a new postcode (an item was waiting), 409 for the one already set. */
export const respondLikeTheShop =
  (current: string | null): SetPostcodeResponder =>
  async (postcode) =>
    postcode === current ? answers.alreadySet : answers.added;

export function dialogMachine(options: {
  setPostcode?: SetPostcodeResponder;
  closeDialog?: () => Promise<CartResponse>;
  onNavigate?: () => void;
}): PostcodeMachine {
  return postcodeMachine.provide({
    actors: {
      setPostcode: fromPromise<CartResponse, { postcode: string }>(({ input }) =>
        (options.setPostcode ?? neverAnswers)(input.postcode),
      ),
      closeDialog: fromPromise<CartResponse>(() => (options.closeDialog ?? neverAnswers)()),
    },
    actions: { navigateToCart: () => options.onNavigate?.() },
  });
}

export function WithToasts({ children }: { children: ReactNode }) {
  const [toaster] = useState(() => createToaster());
  return (
    <ToasterProvider toaster={toaster}>
      {children}
      <ToastRegion />
    </ToasterProvider>
  );
}
