/**
 * Fixtures for the order form's stories: a small catalogue shaped like the seeded one, and a
 * stand-in cart that answers like the cart API (SPEC §4, §5, §8) and shows its answers the way the
 * cart store does (green for 200/201, red otherwise). Not used by the site.
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { expect, screen, waitFor } from 'storybook/test';
import { emptyCartView, type AddToCartInput, type CartView } from '../../../api/domain/cart';
import type { ProductType } from '../../../api/domain/catalogue';
import { messages } from '../../../api/domain/messages';
import { canDeliver, normalisePostcode } from '../../../api/domain/postcode';
import { createToaster, ToastRegion, ToasterProvider, useToasts } from '../../../ui';
import type { Catalogue, CoalCategory, Product, ProductSize } from '../catalogue';
import type { CartResponse } from '../cart';
import type { OrderFormCart } from './useOrderFormActor';

const product = (
  fields: Pick<Product, 'id' | 'type' | 'title' | 'price' | 'sizes'> & Partial<Product>,
): Product => ({
  slug: fields.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  description: '',
  bestSeller: false,
  images: [],
  categories: [],
  ...fields,
});

/** The Thursday morning the fixtures' prices were set (the weekly oil price update). */
const priceSetAt = '2026-11-26T09:30:00.000Z';

/** A size; `litres` for oil, which the cards show a price per litre for. */
const size = (
  id: string,
  title: string,
  price: number | null,
  litres: number | null = null,
): ProductSize => ({
  id,
  title,
  price,
  litres,
  priceSetAt,
});

export const kerosene = product({
  id: '9',
  type: 'oil',
  title: 'Kerosene Heating Oil',
  price: null,
  bestSeller: true,
  description: '28-second kerosene for domestic boilers, delivered by tanker.',
  sizes: [
    size('91', '300 Litres', 19200, 300),
    size('92', '500 Litres', 30500, 500),
    size('93', '900 Litres', 53500, 900),
  ],
});

export const gasOil = product({
  id: '10',
  type: 'oil',
  title: 'Gas Oil (Red Diesel)',
  price: null,
  sizes: [size('101', '500 Litres', 39500, 500)],
});

export const pellets = product({
  id: '11',
  type: 'woodpellet',
  title: 'ENplus A1 Wood Pellets',
  price: 745,
  bestSeller: true,
  description: 'Certified 6mm softwood pellets for pellet stoves and biomass boilers.',
  sizes: [size('111', '15kg bag', 745), size('112', 'Pallet of 65 bags (975kg)', 42900)],
});

export const hardwoodPellets = product({
  id: '12',
  type: 'woodpellet',
  title: 'Premium Hardwood Pellets',
  price: 825,
  sizes: [size('121', '15kg bag', null)],
});

export const briquettes = product({
  id: '13',
  type: 'other',
  title: 'Hayes Lignite Briquettes',
  price: 1195,
  bestSeller: true,
  sizes: [size('131', '25kg bale', 1195), size('132', 'Pallet of 40 bales', 44000)],
});

export const kindling = product({
  id: '14',
  type: 'other',
  title: 'Kiln Dried Kindling',
  price: 350,
  sizes: [size('141', 'Net', 350), size('142', 'Bag of 10 nets', 3000)],
});

export const houseCoal = product({
  id: '1',
  type: 'coal',
  title: 'Premium House Coal',
  price: null,
  bestSeller: true,
  description: 'Large, low-ash bituminous house coal for open fires and multi-fuel stoves.',
  sizes: [size('11', '40kg bag', 2495), size('12', '20kg bag', 1395)],
});

const category = (title: string, slug: string, icon: CoalCategory['icon']): CoalCategory => ({
  id: slug,
  title,
  slug,
  icon,
  coals: [houseCoal],
});

export const storyCatalogue: Catalogue = {
  coal: [
    category('Best Sellers', 'best-sellers', 'best-sellers'),
    category('Coal & Non-Smokeless Fuels', 'coal-and-non-smokeless-fuels', 'open-fire'),
    category('Smokeless Fuels', 'smokeless-fuels', 'smokeless'),
    category('Gravity Fed Fuel', 'gravity-fed-fuel', 'gravity-fed'),
  ],
  oil: [kerosene, gasOil],
  woodpellet: [pellets, hardwoodPellets],
  other: [briquettes, kindling],
  shippingzones: [],
};

/** The delivery zones the stand-in cart checks (a few districts of each). */
const zones = [
  { title: 'northern-ireland', postcodes: ['bt1', 'bt11', 'bt47', 'bt71'] },
  { title: 'oil', postcodes: ['bt1', 'bt11', 'bt71'] },
];

const allProducts = [
  ...storyCatalogue.oil,
  ...storyCatalogue.woodpellet,
  ...storyCatalogue.other,
  houseCoal,
];

/** How the stand-in cart answers. */
export type StubBehaviour =
  /** Like the API: sets postcodes, checks delivery, adds. */
  | 'api'
  /** Never answers (to show the form while the cart is busy). */
  | 'pending'
  /** The network is down: every call rejects. */
  | 'offline';

export interface StubCart extends OrderFormCart {
  /** Every call, in order, for the stories' assertions. */
  calls: { kind: 'add' | 'setPostcode'; input: unknown }[];
}

/**
 * A stand-in for `useCart()`: answers like the cart API and notifies like the cart store.
 */
export function useStubCart(
  behaviour: StubBehaviour = 'api',
  initialPostcode: string | null = null,
  initialCount = 0,
): StubCart {
  const toaster = useToasts();
  const [cart, setCart] = useState<CartView>(() => ({
    ...emptyCartView(),
    postcode: initialPostcode,
    count: initialCount,
  }));
  const state = useRef(cart);
  const calls = useRef<StubCart['calls']>([]);

  return useMemo(() => {
    const answer = (code: number, message: string, next: CartView): CartResponse => {
      state.current = next;
      setCart(next);
      if (code === 200 || code === 201) toaster.success(message);
      else toaster.danger(message);
      return { code, message, cart: next };
    };
    const run = (work: () => CartResponse): Promise<CartResponse> => {
      if (behaviour === 'pending') return new Promise<CartResponse>(() => {});
      if (behaviour === 'offline') {
        const error = new Error(
          'We could not reach the shop. Please check your connection and try again.',
        );
        toaster.danger(error.message);
        return Promise.reject(error);
      }
      return Promise.resolve().then(work);
    };
    return {
      postcode: cart.postcode,
      count: cart.count,
      calls: calls.current,
      setPostcode: (postcode: string, options?: { productType?: ProductType }) => {
        calls.current.push({ kind: 'setPostcode', input: postcode });
        return run(() => {
          const current = state.current;
          const code = normalisePostcode(postcode);
          // As the API: for a product it cannot go to, nothing changes.
          if (options?.productType && !canDeliver(code, options.productType, zones)) {
            return answer(422, messages.cart.cannotDeliver, current);
          }
          if (current.postcode === code) {
            return answer(409, messages.postcode.alreadySet, current);
          }
          return answer(200, messages.postcode.set, { ...emptyCartView(), postcode: code });
        });
      },
      add: (input: AddToCartInput) => {
        calls.current.push({ kind: 'add', input });
        return run(() => {
          const current = state.current;
          const found = allProducts.find((p) => Number(p.id) === input.productId);
          if (!current.postcode) {
            return answer(428, messages.cart.postcodeRequired, {
              ...current,
              showPostcodeModal: true,
            });
          }
          if (!found || !canDeliver(current.postcode, found.type, zones)) {
            return answer(422, messages.cart.cannotDeliver, current);
          }
          const count = current.count + input.quantity;
          return answer(200, messages.cart.added, { ...current, count });
        });
      },
    };
  }, [behaviour, cart.postcode, cart.count, toaster]);
}

/** Each story gets its own notifications, shown at the top centre as on the site. */
export function StoryToasts({ children }: { children: ReactNode }) {
  const [toaster] = useState(() => createToaster());
  return (
    <ToasterProvider toaster={toaster}>
      {children}
      <ToastRegion />
    </ToasterProvider>
  );
}

/**
 * A pending button is announced through react-aria's live announcer by reference to the button's
 * id. Once the story that showed it has gone, that reference points nowhere and the accessibility
 * check of the next story would fail on it: such leftovers are removed before each story.
 */
export function clearOrphanedAnnouncements(): void {
  for (const node of document.querySelectorAll('[data-live-announcer] [aria-labelledby]')) {
    const refs = node.getAttribute('aria-labelledby')?.split(' ') ?? [];
    if (refs.some((ref) => ref !== '' && document.getElementById(ref) === null)) node.remove();
  }
}

/** The notification showing this message (an alertdialog named by it). */
export async function findNotification(message: string): Promise<HTMLElement> {
  const notification = await screen.findByRole('alertdialog', { name: message });
  await waitFor(() => expect(notification).toBeVisible());
  return notification;
}

/**
 * Resolves once react-aria's second focus of a newly opened dialog is behind us. useDialog focuses
 * the dialog when it opens and, 500 ms later, focuses it again if focus is then on the document's
 * body (a VoiceOver workaround). A step that closes a list box at that very moment, while focus is
 * between the list and its button, loses focus to the dialog. A person does not pick an option that
 * quickly; a test on a busy machine can land on that moment, so it lets it pass first. A timer set
 * after the dialog's own, for longer, always runs after it.
 */
export function dialogRefocusPassed(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 600));
}
