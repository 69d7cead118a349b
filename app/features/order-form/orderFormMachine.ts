/**
 * The order form (SPEC §2 "Order Online modal", §3 "Order form selection", §4 "Order form",
 * §5 "Postcode" and "Add to Cart", §9). One machine per form: the Order Online modal has one per
 * product type, and every product card on the catalogue pages has its own.
 *
 * The cart calls are the named promise actors `setPostcode` and `addToCart`; the site binds them
 * to the shared cart store (which also shows each answer as a notification), tests and stories
 * replace them with `orderFormMachine.provide({ actors })`. The machine never talks to the network
 * and has no React.
 *
 * Things the page must tell the visitor come out as emitted events (`actor.on(...)`):
 *   - `notify`: a postcode warning for the top-centre notifications (SPEC §5);
 *   - `added`: the item is in the cart (the Order Online modal closes on it, SPEC §4).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { cartLimits, unitPrice, type AddToCartInput } from '../../../api/domain/cart';
import type { ProductType } from '../../../api/domain/catalogue';
import { messages } from '../../../api/domain/messages';
import { formatPence, isPence, multiplyPence, type Pence } from '../../../api/domain/money';
import {
  defaultPostcodePrefix,
  normalisePostcode,
  validatePostcode,
} from '../../../api/domain/postcode';
import type { CartResponse } from '../cart';

/** What the form needs of a product (a subset of the catalogue's Product). */
export interface OrderFormProduct {
  id: string;
  title: string;
  /** Whole pence, or null when only the sizes are priced (or nothing is). */
  price: Pence | null;
  bestSeller: boolean;
  sizes: readonly { id: string; title: string; price: Pence | null }[];
}

export interface OrderFormInput {
  productType: ProductType;
  /** The products of that type the form offers. */
  products: readonly OrderFormProduct[];
  /** A preselected product (the product cards), if any. */
  productId?: string | null;
  /** The postcode the cart already has (cart.postcode), or null. */
  cartPostcode: string | null;
}

export interface OrderFormPostcode {
  /** The fixed part shown beside the input (SPEC §9: default prefix BT). */
  prefix: string;
  /** What the visitor typed after the prefix: spaces removed, upper-cased. */
  value: string;
  /** False while the cart's postcode is shown locked (SPEC §4), true once it may be edited. */
  isChangeable: boolean;
}

export interface OrderFormContext {
  productType: ProductType;
  products: readonly OrderFormProduct[];
  productId: string | null;
  /** The chosen size (the "attribute"); null for a product sold without sizes. */
  sizeId: string | null;
  quantity: number;
  postcode: OrderFormPostcode;
  /** The cart's postcode as last seen: the form only sets a postcode that differs from it. */
  savedPostcode: string | null;
  /** An exception from the cart (network down, unexpected answer), shown as a danger notice. */
  error: string | null;
}

export type OrderFormEvent =
  | { type: 'PRODUCT_CHANGED'; productId: string }
  | { type: 'SIZE_CHANGED'; sizeId: string }
  | { type: 'QUANTITY_CHANGED'; quantity: number }
  | { type: 'POSTCODE_CHANGED'; value: string }
  | { type: 'CHANGE_POSTCODE' }
  | { type: 'CANCEL_POSTCODE_CHANGE' }
  | { type: 'ADD_TO_CART' }
  /** The shared cart's postcode changed (another form, the Set Postcode modal, emptying). */
  | { type: 'CART_POSTCODE_CHANGED'; postcode: string | null };

export type OrderFormEmitted =
  | { type: 'notify'; variant: 'warning'; message: string }
  | { type: 'added'; response: CartResponse };

// ---------------------------------------------------------------------------------------------
// Pure rules, shared by the machine, the form component and the tests.
// ---------------------------------------------------------------------------------------------

/** The quantity choices (SPEC §9: 1 to 20). */
export const quantityOptions: readonly number[] = Array.from(
  { length: cartLimits.maxQuantity - cartLimits.minQuantity + 1 },
  (_, i) => cartLimits.minQuantity + i,
);

/**
 * The typed part of the postcode as it is typed (SPEC §5): spaces removed and upper-cased. The
 * prefix is shown beside the input, yet many people type the whole postcode ("BT1 1AA"); every
 * real district after "BT" starts with a digit, so a leading "BT" before a digit is the prefix
 * typed twice and is dropped.
 */
export function typedPostcode(raw: string, prefix: string = defaultPostcodePrefix): string {
  const value = normalisePostcode(raw);
  return value.startsWith(prefix) && /^[0-9]$/.test(value.charAt(prefix.length))
    ? value.slice(prefix.length)
    : value;
}

/** The whole postcode the form would send: the prefix and the typed part. */
export function fullPostcode(postcode: OrderFormPostcode): string {
  return `${postcode.prefix}${postcode.value}`;
}

/** The typed part that shows a cart postcode, or null when it does not start with the prefix. */
export function typedPartOf(savedPostcode: string | null, prefix: string): string | null {
  if (savedPostcode === null) return null;
  const normalised = normalisePostcode(savedPostcode);
  return normalised.startsWith(prefix) ? normalised.slice(prefix.length) : null;
}

/** SPEC §5 wording for the order form: 'Postcode required.' / 'Invalid postcode.' / null. */
export function postcodeProblem(context: Pick<OrderFormContext, 'postcode'>): string | null {
  // With a fixed prefix, nothing typed means no postcode at all.
  if (context.postcode.value === '') return messages.postcode.required;
  return validatePostcode(fullPostcode(context.postcode), 'orderForm');
}

export function selectedProduct(
  context: Pick<OrderFormContext, 'products' | 'productId'>,
): OrderFormProduct | null {
  return context.products.find((p) => p.id === context.productId) ?? null;
}

export function selectedSize(
  context: Pick<OrderFormContext, 'products' | 'productId' | 'sizeId'>,
): OrderFormProduct['sizes'][number] | null {
  return selectedProduct(context)?.sizes.find((s) => s.id === context.sizeId) ?? null;
}

/** The sizes on offer: those of the chosen product. */
export function availableSizes(
  context: Pick<OrderFormContext, 'products' | 'productId'>,
): OrderFormProduct['sizes'] {
  return selectedProduct(context)?.sizes ?? [];
}

/** SPEC §9: the chosen size's price, else the product's price, else 0. */
export function unitPriceOf(
  context: Pick<OrderFormContext, 'products' | 'productId' | 'sizeId'>,
): Pence {
  const product = selectedProduct(context);
  if (!product) return 0;
  const price = unitPrice(product, selectedSize(context)) ?? 0;
  return isPence(price) ? price : 0;
}

/** Unit price x quantity in pence; null if it cannot be computed (beyond safe integers). */
export function totalOf(
  context: Pick<OrderFormContext, 'products' | 'productId' | 'sizeId' | 'quantity'>,
): Pence | null {
  try {
    return multiplyPence(unitPriceOf(context), context.quantity);
  } catch {
    return null;
  }
}

/** The price display (SPEC §9): 2 decimals in pounds, e.g. "£305.00". */
export function priceText(
  context: Pick<OrderFormContext, 'products' | 'productId' | 'sizeId' | 'quantity'>,
): string {
  const total = totalOf(context);
  return total === null ? '—' : formatPence(total);
}

/** SPEC §2: quantity is hidden for oil (it is bought by the amount). */
export function showsQuantity(context: Pick<OrderFormContext, 'productType'>): boolean {
  return context.productType !== 'oil';
}

/** SPEC §2: the size select is labelled Amount for oil. */
export function sizeLabel(context: Pick<OrderFormContext, 'productType'>): string {
  return context.productType === 'oil' ? messages.orderForm.amount : messages.orderForm.size;
}

/** A product is chosen and the total is above zero. */
export function hasSomethingToAdd(context: OrderFormContext): boolean {
  return selectedProduct(context) !== null && (totalOf(context) ?? 0) > 0;
}

/** SPEC §5: Add to Cart shows when the total is non-zero, a product is chosen and a postcode entered. */
export function isAddToCartVisible(context: OrderFormContext): boolean {
  return hasSomethingToAdd(context) && context.postcode.value !== '';
}

/** The add request for the cart API. */
export function addToCartInput(context: OrderFormContext): AddToCartInput {
  return {
    type: context.productType,
    productId: Number(context.productId),
    attributeId: context.sizeId === null ? null : Number(context.sizeId),
    quantity: context.quantity,
  };
}

function isSuccessCode(code: number): boolean {
  return code === 200 || code === 201;
}

/** An exception's own message (an Error, or anything with a message), else a general one. */
function errorMessage(error: unknown): string {
  const message =
    typeof error === 'object' && error !== null && 'message' in error ? error.message : null;
  return typeof message === 'string' && message !== ''
    ? message
    : messages.orderForm.unexpectedError;
}

/** The postcode part of the context after the cart's postcode became `saved`. */
function followCartPostcode(
  context: OrderFormContext,
  saved: string | null,
): Pick<OrderFormContext, 'postcode' | 'savedPostcode'> {
  if (context.postcode.isChangeable) {
    // The visitor is typing a new one: keep it, only remember the cart's.
    return { postcode: context.postcode, savedPostcode: saved };
  }
  const shown = typedPartOf(saved, context.postcode.prefix);
  return shown === null
    ? // Nothing (or nothing this form can show) to lock: the field opens for typing.
      { postcode: { ...context.postcode, isChangeable: true }, savedPostcode: saved }
    : { postcode: { ...context.postcode, value: shown }, savedPostcode: saved };
}

export function initialContext(input: OrderFormInput): OrderFormContext {
  const prefix = defaultPostcodePrefix;
  const product = input.products.find((p) => p.id === input.productId) ?? null;
  const shown = typedPartOf(input.cartPostcode, prefix);
  return {
    productType: input.productType,
    products: input.products,
    productId: product?.id ?? null,
    sizeId: product?.sizes[0]?.id ?? null,
    quantity: cartLimits.defaultQuantity,
    postcode: { prefix, value: shown ?? '', isChangeable: shown === null },
    savedPostcode: input.cartPostcode === null ? null : normalisePostcode(input.cartPostcode),
    error: null,
  };
}

type DoneOutput = { output: CartResponse };

// ---------------------------------------------------------------------------------------------
// The machine
// ---------------------------------------------------------------------------------------------

export const orderFormMachine = setup({
  types: {
    context: {} as OrderFormContext,
    input: {} as OrderFormInput,
    events: {} as OrderFormEvent,
    emitted: {} as OrderFormEmitted,
  },
  actors: {
    // Replaced by the site (the cart store) and by tests and stories.
    setPostcode: fromPromise<CartResponse, { postcode: string }>(async () => {
      throw new Error('orderFormMachine: provide the "setPostcode" actor.');
    }),
    addToCart: fromPromise<CartResponse, AddToCartInput>(async () => {
      throw new Error('orderFormMachine: provide the "addToCart" actor.');
    }),
  },
  guards: {
    'isProductOffered?': ({ context, event }) =>
      event.type === 'PRODUCT_CHANGED' && context.products.some((p) => p.id === event.productId),
    // SPEC §2: the size select is disabled when there is only one size.
    'isSizeChoosable?': ({ context, event }) => {
      const sizes = availableSizes(context);
      return (
        event.type === 'SIZE_CHANGED' &&
        sizes.length > 1 &&
        sizes.some((s) => s.id === event.sizeId)
      );
    },
    // SPEC §9: 1 to 20; SPEC §2: no quantity for oil.
    'isQuantityAllowed?': ({ context, event }) =>
      event.type === 'QUANTITY_CHANGED' &&
      showsQuantity(context) &&
      quantityOptions.includes(event.quantity),
    'isPostcodeChangeable?': ({ context }) => context.postcode.isChangeable,
    'isPostcodeLocked?': ({ context }) => !context.postcode.isChangeable,
    // There is a cart postcode to go back to.
    'canCancelPostcodeChange?': ({ context }) =>
      context.postcode.isChangeable &&
      typedPartOf(context.savedPostcode, context.postcode.prefix) !== null,
    'hasNothingToAdd?': ({ context }) => !hasSomethingToAdd(context),
    'isPostcodeMissing?': ({ context }) => postcodeProblem(context) === messages.postcode.required,
    'isPostcodeInvalid?': ({ context }) => postcodeProblem(context) !== null,
    'isPostcodeNew?': ({ context }) => fullPostcode(context.postcode) !== context.savedPostcode,
    // 409 "This postcode is already set." means the cart has it already: go on and add.
    'isPostcodeAccepted?': ({ event }) => {
      const { code } = (event as unknown as DoneOutput).output;
      return isSuccessCode(code) || code === 409;
    },
    'isAddSuccessful?': ({ event }) => isSuccessCode((event as unknown as DoneOutput).output.code),
  },
  actions: {
    // SPEC §4: choosing a product resets the size to its first size.
    chooseProduct: assign(({ context, event }) => {
      if (event.type !== 'PRODUCT_CHANGED') return {};
      const product = context.products.find((p) => p.id === event.productId);
      return { productId: event.productId, sizeId: product?.sizes[0]?.id ?? null };
    }),
    chooseSize: assign(({ event }) =>
      event.type === 'SIZE_CHANGED' ? { sizeId: event.sizeId } : {},
    ),
    chooseQuantity: assign(({ event }) =>
      event.type === 'QUANTITY_CHANGED' ? { quantity: event.quantity } : {},
    ),
    typePostcode: assign(({ context, event }) =>
      event.type === 'POSTCODE_CHANGED'
        ? {
            postcode: {
              ...context.postcode,
              value: typedPostcode(event.value, context.postcode.prefix),
            },
          }
        : {},
    ),
    unlockPostcode: assign(({ context }) => ({
      postcode: { ...context.postcode, isChangeable: true },
    })),
    // Back to the cart's postcode, locked.
    restoreCartPostcode: assign(({ context }) => ({
      postcode: {
        ...context.postcode,
        value: typedPartOf(context.savedPostcode, context.postcode.prefix) ?? '',
        isChangeable: false,
      },
    })),
    followCartPostcode: assign(({ context, event }) =>
      event.type === 'CART_POSTCODE_CHANGED'
        ? followCartPostcode(
            context,
            event.postcode === null ? null : normalisePostcode(event.postcode),
          )
        : {},
    ),
    // After a cart answer: the cart's postcode as it now is.
    rememberCartPostcode: assign(({ context, event }) => {
      const postcode = (event as unknown as DoneOutput).output.cart.postcode;
      return followCartPostcode(context, postcode === null ? null : normalisePostcode(postcode));
    }),
    // SPEC §4: after a successful add, the postcode is locked again.
    lockPostcode: assign(({ context }) => {
      const shown = typedPartOf(context.savedPostcode, context.postcode.prefix);
      return shown === null
        ? {}
        : { postcode: { ...context.postcode, value: shown, isChangeable: false } };
    }),
    clearError: assign({ error: null }),
    showError: assign(({ event }) => ({
      error: errorMessage((event as unknown as { error: unknown }).error),
    })),
    // SPEC §5: warnings at top-centre; the submission stops.
    warnPostcodeRequired: emit({
      type: 'notify',
      variant: 'warning',
      message: messages.postcode.required,
    } as const),
    warnPostcodeInvalid: emit(({ context }) => ({
      type: 'notify' as const,
      variant: 'warning' as const,
      message: postcodeProblem(context) ?? messages.postcode.invalidOrderForm,
    })),
    announceAdded: emit(({ event }) => ({
      type: 'added' as const,
      response: (event as unknown as DoneOutput).output,
    })),
  },
}).createMachine({
  id: 'orderForm',
  context: ({ input }) => initialContext(input),
  initial: 'ready',
  states: {
    ready: {
      on: {
        CART_POSTCODE_CHANGED: { actions: 'followCartPostcode' },
        PRODUCT_CHANGED: { guard: 'isProductOffered?', actions: ['chooseProduct', 'clearError'] },
        SIZE_CHANGED: { guard: 'isSizeChoosable?', actions: ['chooseSize', 'clearError'] },
        QUANTITY_CHANGED: {
          guard: 'isQuantityAllowed?',
          actions: ['chooseQuantity', 'clearError'],
        },
        POSTCODE_CHANGED: {
          guard: 'isPostcodeChangeable?',
          actions: ['typePostcode', 'clearError'],
        },
        CHANGE_POSTCODE: { guard: 'isPostcodeLocked?', actions: 'unlockPostcode' },
        CANCEL_POSTCODE_CHANGE: {
          guard: 'canCancelPostcodeChange?',
          actions: ['restoreCartPostcode', 'clearError'],
        },
        ADD_TO_CART: [
          // Forbidden while no product is chosen or the total is zero (snapshot.can() is false).
          { guard: 'hasNothingToAdd?' },
          { guard: 'isPostcodeMissing?', actions: ['clearError', 'warnPostcodeRequired'] },
          { guard: 'isPostcodeInvalid?', actions: ['clearError', 'warnPostcodeInvalid'] },
          // SPEC §4: a new postcode is set first (the cart empties when it changes).
          { guard: 'isPostcodeNew?', target: 'submitting.settingPostcode', actions: 'clearError' },
          { target: 'submitting.adding', actions: 'clearError' },
        ],
      },
    },
    submitting: {
      // The cart's postcode can change while the form waits (another tab, another form).
      on: {
        CART_POSTCODE_CHANGED: { actions: 'followCartPostcode' },
      },
      initial: 'adding',
      states: {
        settingPostcode: {
          invoke: {
            id: 'setPostcode',
            src: 'setPostcode',
            input: ({ context }) => ({ postcode: fullPostcode(context.postcode) }),
            onDone: [
              { guard: 'isPostcodeAccepted?', target: 'adding', actions: 'rememberCartPostcode' },
              // Refused: the cart store has shown why (red); the visitor can correct it.
              { target: '#orderForm.ready', actions: 'rememberCartPostcode' },
            ],
            onError: { target: '#orderForm.ready', actions: 'showError' },
          },
        },
        adding: {
          invoke: {
            id: 'addToCart',
            src: 'addToCart',
            input: ({ context }) => addToCartInput(context),
            onDone: [
              {
                guard: 'isAddSuccessful?',
                target: '#orderForm.ready',
                actions: ['rememberCartPostcode', 'lockPostcode', 'announceAdded'],
              },
              { target: '#orderForm.ready', actions: 'rememberCartPostcode' },
            ],
            onError: { target: '#orderForm.ready', actions: 'showError' },
          },
        },
      },
    },
  },
});

export type OrderFormMachine = typeof orderFormMachine;
