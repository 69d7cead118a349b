import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { CartView } from '../../../api/domain/cart';
import { useToasts } from '../../../ui';
import type { CartApi } from './cartApi';
import { createCartClient, type CartActions, type CartActorRef } from './cartClient';
import { cartMachine, performCartCommand } from './cartMachine';

export interface CartStore extends CartActions {
  /** Always the latest cart the server sent. */
  cart: CartView;
  /** True while a cart request is on its way (more may be queued behind it). */
  isBusy: boolean;
}

const CartStoreContext = createContext<CartStore | null>(null);

/** Binds an existing cart actor to the components below (the QA explorer drives its own). */
export function CartActorProvider({
  actor,
  children,
}: {
  actor: CartActorRef;
  children: ReactNode;
}) {
  const toaster = useToasts();
  const client = useMemo(() => createCartClient(actor, toaster), [actor, toaster]);
  useEffect(() => client.connect(), [client]);
  const cart = useSelector(actor, (snapshot) => snapshot.context.cart);
  const isBusy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const store = useMemo<CartStore>(
    () => ({ cart, isBusy, ...client.actions }),
    [cart, isBusy, client],
  );
  return <CartStoreContext.Provider value={store}>{children}</CartStoreContext.Provider>;
}

export interface CartProviderProps {
  /** The cart the server rendered the page with (the root loader's `cart`). */
  initialCart: CartView;
  /** Another API (stories and tests); the site uses the real one. */
  api?: CartApi;
  children: ReactNode;
}

/** The site's one cart store, seeded from the server-rendered cart. */
export function CartProvider({ initialCart, api, children }: CartProviderProps) {
  const logic = api
    ? cartMachine.provide({
        actors: { cartRequest: fromPromise(({ input }) => performCartCommand(api, input)) },
      })
    : cartMachine;
  const actor = useActorRef(logic, { input: { cart: initialCart } });
  return <CartActorProvider actor={actor}>{children}</CartActorProvider>;
}

/** The shared cart and its actions. Use inside `<CartProvider>` (the site layout has one). */
export function useCart(): CartStore {
  const store = useContext(CartStoreContext);
  if (!store) throw new Error('useCart() needs a <CartProvider> above it.');
  return store;
}
