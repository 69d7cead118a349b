import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { AddToCartInput } from '../../../api/domain/cart';
import { normalisePostcode } from '../../../api/domain/postcode';
import type { CartResponse } from '../cart';
import type { OrderFormActor } from './OrderForm';
import type { ProductType } from '../../../api/domain/catalogue';
import {
  orderFormMachine,
  type OrderFormEmitted,
  type OrderFormInput,
  type SetPostcodeInput,
} from './orderFormMachine';

/**
 * What an order form needs of the cart: its postcode, and the two calls. On the site this is the
 * shared cart store (`useCart()`), which also shows every answer as a notification; stories and
 * tests pass stand-ins.
 */
export interface OrderFormCart {
  postcode: string | null;
  /** How many items it holds (a new postcode would empty them). */
  count: number;
  add(input: AddToCartInput): Promise<CartResponse>;
  /** Refused, changing nothing, when the product type cannot be delivered there. */
  setPostcode(postcode: string, options?: { productType?: ProductType }): Promise<CartResponse>;
}

export type OrderFormSetup = Omit<OrderFormInput, 'cartPostcode' | 'cartCount'>;

/**
 * Starts an order form machine bound to a cart: its cart calls go to `cart`, it follows the cart's
 * postcode, and `onAdded` hears about each successful add. `setup` is read once, when the form
 * starts. The actor renders on the server too (not started there: its first snapshot is the same
 * on both sides, so hydration matches).
 */
export function useOrderFormActor(
  setup: OrderFormSetup,
  cart: OrderFormCart,
  onAdded?: (response: CartResponse) => void,
): OrderFormActor {
  const latest = useRef({ cart, onAdded });
  useEffect(() => {
    latest.current = { cart, onAdded };
  });

  const [machine] = useState(() =>
    orderFormMachine.provide({
      actors: {
        setPostcode: fromPromise<CartResponse, SetPostcodeInput>(({ input }) =>
          latest.current.cart.setPostcode(input.postcode, { productType: input.productType }),
        ),
        addToCart: fromPromise<CartResponse, AddToCartInput>(({ input }) =>
          latest.current.cart.add(input),
        ),
      },
    }),
  );
  const actor = useActorRef(machine, {
    input: { ...setup, cartPostcode: cart.postcode, cartCount: cart.count },
  });

  // Another form, the Set Postcode modal or emptying the cart may change the cart's postcode.
  useEffect(() => {
    const postcode = cart.postcode === null ? null : normalisePostcode(cart.postcode);
    if (actor.getSnapshot().context.savedPostcode !== postcode) {
      actor.send({ type: 'CART_POSTCODE_CHANGED', postcode });
    }
  }, [actor, cart.postcode]);
  useEffect(() => {
    if (actor.getSnapshot().context.cartCount !== cart.count) {
      actor.send({ type: 'CART_COUNT_CHANGED', count: cart.count });
    }
  }, [actor, cart.count]);

  useEffect(() => {
    const subscription = actor.on('added', (event: Extract<OrderFormEmitted, { type: 'added' }>) =>
      latest.current.onAdded?.(event.response),
    );
    return () => subscription.unsubscribe();
  }, [actor]);

  return actor;
}
