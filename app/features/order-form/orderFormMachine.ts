/**
 * The order form (SPEC §2 "Order Online modal", §3 "Order form selection", §4 "Order form",
 * §5 "Postcode" and "Add to Cart", §9). One machine per form: the Order Online modal has one per
 * product type, and every product card on the catalogue pages has its own.
 *
 * Three regions run side by side, so QA can name the state behind everything the form shows:
 *
 *   choice    choosingProduct | somethingToAdd | nothingToAdd
 *   postcode  locked | editing (changing | entering)
 *   cart      open (idle | invalidPostcode | added | refused | failed)
 *             | adding (settingPostcode | addingToCart)
 *
 * Nothing in the choice or the postcode can change while the cart is `adding`. Every state has a
 * `description` in plain words.
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
import { and, assign, emit, fromPromise, raise, setup, stateIn, type DoneActorEvent } from 'xstate';
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
  /** How many items the cart holds (cart.count): a new postcode would empty it. Default 0. */
  cartCount?: number;
  /**
   * Where the choice starts instead of the defaults, e.g. what was sent in a form the server
   * refused (posted without script). Anything the form does not offer is ignored.
   */
  start?: OrderFormStart;
}

/** A form's starting choice (OrderFormInput.start). */
export interface OrderFormStart {
  /** A size of the preselected product. */
  sizeId?: string | null;
  /** One of the quantity choices (not for oil). */
  quantity?: number;
  /**
   * What was typed after the prefix. Over a cart postcode it differs from, the field starts open
   * with it (the postcode being changed), as the customer left it.
   */
  postcode?: string;
}

export interface OrderFormPostcode {
  /** The fixed part shown beside the input (SPEC §9: default prefix BT). */
  prefix: string;
  /**
   * What the visitor typed after the prefix (spaces removed, upper-cased), or, while the field is
   * locked, the cart's postcode after the prefix. Whether it is locked is the machine's state:
   * `postcode.locked` or `postcode.editing`.
   */
  value: string;
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
  /** How many items the cart held when last seen: a new postcode would empty them. */
  cartCount: number;
  /** The exception shown as a danger notice while the cart is `failed`; null otherwise. */
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
  /** After the warning that a new postcode empties the cart: go on, or keep the cart. */
  | { type: 'CLEAR_CART_AND_ADD' }
  | { type: 'KEEP_CART' }
  /** The shared cart's postcode changed (another form, the Set Postcode modal, emptying). */
  | { type: 'CART_POSTCODE_CHANGED'; postcode: string | null }
  /** The shared cart's number of items changed. */
  | { type: 'CART_COUNT_CHANGED'; count: number };

/**
 * The cart's answer to an add. Besides the cart region, which waits for it, the postcode region
 * hears it: after a successful add the postcode locks again (SPEC §4).
 */
export type AddToCartAnswer = DoneActorEvent<CartResponse, 'addToCart'>;

/** What the form asks of the cart before adding: the new postcode, for this type of product. */
export interface SetPostcodeInput {
  postcode: string;
  productType: ProductType;
}

/** Everything the machine handles: the form's events and the answer above. */
export type OrderFormMachineEvent = OrderFormEvent | AddToCartAnswer;

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

/**
 * The choice after a product, size or quantity change. SPEC §4: choosing a product resets the
 * size to its first size. The actions make the change; the guards ask where it leads.
 */
function choiceAfter(context: OrderFormContext, event: OrderFormMachineEvent): OrderFormContext {
  switch (event.type) {
    case 'PRODUCT_CHANGED': {
      const product = context.products.find((p) => p.id === event.productId);
      return { ...context, productId: event.productId, sizeId: product?.sizes[0]?.id ?? null };
    }
    case 'SIZE_CHANGED':
      return { ...context, sizeId: event.sizeId };
    case 'QUANTITY_CHANGED':
      return { ...context, quantity: event.quantity };
    default:
      return context;
  }
}

/** The cart's postcode an event reports (normalised): a change of the cart's, or an answer's. */
function reportedCartPostcode(event: OrderFormMachineEvent): string | null {
  const postcode =
    event.type === 'CART_POSTCODE_CHANGED'
      ? event.postcode
      : event.type === 'xstate.done.actor.addToCart'
        ? event.output.cart.postcode
        : null;
  return postcode === null ? null : normalisePostcode(postcode);
}

export function initialContext(input: OrderFormInput): OrderFormContext {
  const prefix = defaultPostcodePrefix;
  const product = input.products.find((p) => p.id === input.productId) ?? null;
  const start = input.start ?? {};
  const startSize = product?.sizes.find((s) => s.id === start.sizeId) ?? null;
  const startQuantity =
    start.quantity !== undefined && showsQuantity(input) && quantityOptions.includes(start.quantity)
      ? start.quantity
      : null;
  return {
    productType: input.productType,
    products: input.products,
    productId: product?.id ?? null,
    sizeId: startSize?.id ?? product?.sizes[0]?.id ?? null,
    quantity: startQuantity ?? cartLimits.defaultQuantity,
    postcode: {
      prefix,
      value:
        start.postcode === undefined || start.postcode.trim() === ''
          ? (typedPartOf(input.cartPostcode, prefix) ?? '')
          : typedPostcode(start.postcode, prefix),
    },
    savedPostcode: input.cartPostcode === null ? null : normalisePostcode(input.cartPostcode),
    cartCount: input.cartCount ?? 0,
    error: null,
  };
}

// ---------------------------------------------------------------------------------------------
// The machine
// ---------------------------------------------------------------------------------------------

type GuardArgs = { context: OrderFormContext; event: OrderFormMachineEvent };
type AnswerParams = { response: CartResponse };

/** A guard on another region's state (regions side by side can only see each other so). */
const inState = (id: `#orderForm.${string}`) =>
  stateIn<OrderFormContext, OrderFormMachineEvent, unknown>(id);
/** Nothing can change while the cart is busy. */
const isFormOpen = inState('#orderForm.cart.open');
const offersProduct = ({ context, event }: GuardArgs) =>
  event.type === 'PRODUCT_CHANGED' && context.products.some((p) => p.id === event.productId);
// SPEC §2: the size select is disabled when there is only one size.
const offersSize = ({ context, event }: GuardArgs) => {
  const sizes = availableSizes(context);
  return (
    event.type === 'SIZE_CHANGED' && sizes.length > 1 && sizes.some((s) => s.id === event.sizeId)
  );
};
// SPEC §9: 1 to 20; SPEC §2: no quantity for oil.
const allowsQuantity = ({ context, event }: GuardArgs) =>
  event.type === 'QUANTITY_CHANGED' &&
  showsQuantity(context) &&
  quantityOptions.includes(event.quantity);

export const orderFormMachine = setup({
  types: {
    context: {} as OrderFormContext,
    input: {} as OrderFormInput,
    events: {} as OrderFormMachineEvent,
    emitted: {} as OrderFormEmitted,
  },
  actors: {
    // Replaced by the site (the cart store) and by tests and stories.
    setPostcode: fromPromise<CartResponse, SetPostcodeInput>(async () => {
      throw new Error('orderFormMachine: provide the "setPostcode" actor.');
    }),
    addToCart: fromPromise<CartResponse, AddToCartInput>(async () => {
      throw new Error('orderFormMachine: provide the "addToCart" actor.');
    }),
  },
  guards: {
    'isFormOpen?': isFormOpen,
    'isProductOffered?': and([isFormOpen, offersProduct]),
    'isSizeChoosable?': and([isFormOpen, offersSize]),
    'isQuantityAllowed?': and([isFormOpen, allowsQuantity]),
    // The change is allowed and leaves a product with a price above zero.
    'leavesSomethingToAdd?': and([
      isFormOpen,
      (args: GuardArgs) => offersProduct(args) || offersSize(args) || allowsQuantity(args),
      ({ context, event }: GuardArgs) => hasSomethingToAdd(choiceAfter(context, event)),
    ]),
    'isProductChosen?': ({ context }) => selectedProduct(context) !== null,
    'hasSomethingToAdd?': ({ context }) => hasSomethingToAdd(context),
    'hasNothingToAdd?': ({ context }) => !hasSomethingToAdd(context),
    'isPostcodeEditable?': and([isFormOpen, inState('#orderForm.postcode.editing')]),
    // There is a cart postcode to go back to.
    'canCancelPostcodeChange?': and([isFormOpen, inState('#orderForm.postcode.editing.changing')]),
    // The cart's postcode (as it is, or as an event reports it) can be shown after the prefix.
    'hasNoCartPostcodeToShow?': ({ context }) =>
      typedPartOf(context.savedPostcode, context.postcode.prefix) === null,
    'isAnotherPostcodeTyped?': ({ context }) =>
      typedPartOf(context.savedPostcode, context.postcode.prefix) !== context.postcode.value,
    'canShowReportedPostcode?': ({ context, event }) =>
      typedPartOf(reportedCartPostcode(event), context.postcode.prefix) !== null,
    // SPEC §4: after a successful add, the postcode is locked again (when it can be shown).
    'isAddedWithPostcodeToShow?': and([
      inState('#orderForm.cart.adding.addingToCart'),
      ({ context, event }: GuardArgs) =>
        event.type === 'xstate.done.actor.addToCart' &&
        isSuccessCode(event.output.code) &&
        typedPartOf(reportedCartPostcode(event), context.postcode.prefix) !== null,
    ]),
    'isPostcodeMissing?': ({ context }) => postcodeProblem(context) === messages.postcode.required,
    'isPostcodeInvalid?': ({ context }) => postcodeProblem(context) !== null,
    'isPostcodeNew?': ({ context }) => fullPostcode(context.postcode) !== context.savedPostcode,
    // SPEC §4: a different postcode empties the cart. Not without asking when there is something in it.
    'wouldEmptyCart?': ({ context }) =>
      context.savedPostcode !== null &&
      context.cartCount > 0 &&
      fullPostcode(context.postcode) !== context.savedPostcode,
    'isConfirmingNewPostcode?': inState('#orderForm.cart.open.confirmingNewPostcode'),
    // 409 "This postcode is already set." means the cart has it already: go on and add.
    'isPostcodeAccepted?': (_, { response }: AnswerParams) =>
      isSuccessCode(response.code) || response.code === 409,
    'isAddSuccessful?': (_, { response }: AnswerParams) => isSuccessCode(response.code),
  },
  actions: {
    chooseProduct: assign(({ context, event }) => {
      const { productId, sizeId } = choiceAfter(context, event);
      return { productId, sizeId };
    }),
    chooseSize: assign(({ context, event }) => ({ sizeId: choiceAfter(context, event).sizeId })),
    chooseQuantity: assign(({ context, event }) => ({
      quantity: choiceAfter(context, event).quantity,
    })),
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
    // A locked field shows the cart's postcode (the guard has checked that it can).
    showReportedPostcode: assign(({ context, event }) => {
      const saved = reportedCartPostcode(event);
      const shown = typedPartOf(saved, context.postcode.prefix);
      return {
        postcode: shown === null ? context.postcode : { ...context.postcode, value: shown },
        savedPostcode: saved,
      };
    }),
    // A field being typed in keeps its text: only the cart's postcode is remembered.
    rememberReportedPostcode: assign(({ event }) => ({
      savedPostcode: reportedCartPostcode(event),
    })),
    // Back to the cart's postcode.
    restoreCartPostcode: assign(({ context }) => ({
      postcode: {
        ...context.postcode,
        value: typedPartOf(context.savedPostcode, context.postcode.prefix) ?? '',
      },
    })),
    // Every cart answer carries the cart's postcode and count: the form follows them.
    hearCartPostcode: raise((_, { response }: AnswerParams) => ({
      type: 'CART_POSTCODE_CHANGED' as const,
      postcode: response.cart.postcode,
    })),
    hearCartCount: assign((_, { response }: AnswerParams) => ({ cartCount: response.cart.count })),
    rememberCartCount: assign(({ context, event }) => ({
      cartCount: event.type === 'CART_COUNT_CHANGED' ? event.count : context.cartCount,
    })),
    clearError: assign({ error: null }),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorMessage(error) })),
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
    announceAdded: emit((_, { response }: AnswerParams) => ({
      type: 'added' as const,
      response,
    })),
  },
}).createMachine({
  id: 'orderForm',
  description:
    'One order form: what is being bought (choice), where it goes (postcode) and the add ' +
    '(cart), side by side.',
  context: ({ input }) => initialContext(input),
  type: 'parallel',
  on: {
    CART_COUNT_CHANGED: { actions: 'rememberCartCount' },
  },
  states: {
    choice: {
      description: 'What is being bought: the product, its size (Amount for oil) and the quantity.',
      initial: 'choosingProduct',
      on: {
        PRODUCT_CHANGED: [
          { guard: 'leavesSomethingToAdd?', target: '.somethingToAdd', actions: 'chooseProduct' },
          { guard: 'isProductOffered?', target: '.nothingToAdd', actions: 'chooseProduct' },
        ],
        SIZE_CHANGED: [
          { guard: 'leavesSomethingToAdd?', target: '.somethingToAdd', actions: 'chooseSize' },
          { guard: 'isSizeChoosable?', target: '.nothingToAdd', actions: 'chooseSize' },
        ],
        QUANTITY_CHANGED: [
          { guard: 'leavesSomethingToAdd?', target: '.somethingToAdd', actions: 'chooseQuantity' },
          { guard: 'isQuantityAllowed?', target: '.nothingToAdd', actions: 'chooseQuantity' },
        ],
      },
      states: {
        choosingProduct: {
          description:
            'No product is chosen yet (the Order Online modal starts here): the price is £0.00 ' +
            'and there is no Add to Cart.',
          // A product card starts with its product already chosen.
          always: [
            { guard: 'hasSomethingToAdd?', target: 'somethingToAdd' },
            { guard: 'isProductChosen?', target: 'nothingToAdd' },
          ],
          on: {
            QUANTITY_CHANGED: { guard: 'isQuantityAllowed?', actions: 'chooseQuantity' },
          },
        },
        somethingToAdd: {
          description:
            'A product is chosen and the price is above £0.00. The size and the quantity can ' +
            'be changed, and Add to Cart shows once a postcode is entered.',
        },
        nothingToAdd: {
          description:
            'The chosen product (or size) has no price, or the total is too large to work ' +
            'out: the price shows £0.00 (or —) and there is no Add to Cart.',
        },
      },
    },
    postcode: {
      description: 'Where it goes: the fixed BT prefix and the part of the postcode after it.',
      initial: 'locked',
      states: {
        locked: {
          description:
            "The cart's postcode is shown and cannot be typed over. 'Change postcode?' opens " +
            'the field.',
          meta: { texts: [messages.postcode.changePostcode] },
          // Locked only while the cart has a postcode this form can show: a form that starts
          // without one opens at once.
          always: [
            { guard: 'hasNoCartPostcodeToShow?', target: 'editing.entering' },
            // A form that starts with another postcode typed (kept from a refused post).
            { guard: 'isAnotherPostcodeTyped?', target: 'editing.changing' },
          ],
          on: {
            CHANGE_POSTCODE: { guard: 'isFormOpen?', target: 'editing.changing' },
            CART_POSTCODE_CHANGED: [
              { guard: 'canShowReportedPostcode?', actions: 'showReportedPostcode' },
              { target: 'editing.entering', actions: 'rememberReportedPostcode' },
            ],
          },
        },
        editing: {
          description:
            'The postcode can be typed: spaces are removed and letters upper-cased as typed.',
          initial: 'entering',
          on: {
            POSTCODE_CHANGED: { guard: 'isPostcodeEditable?', actions: 'typePostcode' },
            CART_POSTCODE_CHANGED: [
              {
                guard: 'canShowReportedPostcode?',
                target: '.changing',
                actions: 'rememberReportedPostcode',
              },
              { target: '.entering', actions: 'rememberReportedPostcode' },
            ],
            'xstate.done.actor.addToCart': {
              guard: 'isAddedWithPostcodeToShow?',
              target: 'locked',
              actions: 'showReportedPostcode',
            },
          },
          states: {
            changing: {
              description:
                "A new postcode is being typed over the cart's: 'Cancel postcode change' goes " +
                "back to the cart's postcode, locked, and so does keeping the cart when the " +
                'form warns that the new postcode would empty it.',
              meta: { texts: [messages.postcode.cancelPostcodeChange] },
              on: {
                CANCEL_POSTCODE_CHANGE: {
                  guard: 'canCancelPostcodeChange?',
                  target: '#orderForm.postcode.locked',
                  actions: 'restoreCartPostcode',
                },
                KEEP_CART: {
                  guard: 'isConfirmingNewPostcode?',
                  target: '#orderForm.postcode.locked',
                  actions: 'restoreCartPostcode',
                },
              },
            },
            entering: {
              description:
                'The cart has no postcode this form can show, so one is typed in. There is no ' +
                'link beside the field.',
            },
          },
        },
      },
    },
    cart: {
      description:
        'The add: Add to Cart checks the postcode, sets a new postcode on the cart first, then ' +
        'adds the item.',
      initial: 'open',
      states: {
        open: {
          description: 'The form can be changed and Add to Cart pressed.',
          initial: 'idle',
          // Any change starts afresh: the outcome of the last try (and its notice) goes.
          on: {
            PRODUCT_CHANGED: { guard: 'isProductOffered?', target: '.idle', actions: 'clearError' },
            SIZE_CHANGED: { guard: 'isSizeChoosable?', target: '.idle', actions: 'clearError' },
            QUANTITY_CHANGED: {
              guard: 'isQuantityAllowed?',
              target: '.idle',
              actions: 'clearError',
            },
            POSTCODE_CHANGED: {
              guard: 'isPostcodeEditable?',
              target: '.idle',
              actions: 'clearError',
            },
            CANCEL_POSTCODE_CHANGE: {
              guard: 'canCancelPostcodeChange?',
              target: '.idle',
              actions: 'clearError',
            },
            ADD_TO_CART: [
              // Forbidden while there is nothing to add (snapshot.can() is false).
              { guard: 'hasNothingToAdd?' },
              {
                guard: 'isPostcodeMissing?',
                target: '.invalidPostcode',
                actions: ['clearError', 'warnPostcodeRequired'],
              },
              {
                guard: 'isPostcodeInvalid?',
                target: '.invalidPostcode',
                actions: ['clearError', 'warnPostcodeInvalid'],
              },
              // SPEC §4: a new postcode is set first (the cart empties when it changes), after
              // asking, when there is something in the cart (the Set Postcode modal's warning).
              {
                guard: 'wouldEmptyCart?',
                target: '.confirmingNewPostcode',
                actions: 'clearError',
              },
              { guard: 'isPostcodeNew?', target: 'adding.settingPostcode', actions: 'clearError' },
              { target: 'adding.addingToCart', actions: 'clearError' },
            ],
          },
          states: {
            idle: {
              description: 'Nothing has been tried since the last change.',
            },
            confirmingNewPostcode: {
              description:
                "The new postcode would empty the cart: the form warns 'Resetting the postcode " +
                "will clear your cart.' and asks. 'Clear cart and add' sets the new postcode " +
                "and adds; 'Keep my cart' goes back to the cart's postcode with nothing changed.",
              meta: {
                texts: [
                  messages.postcode.resetWarning,
                  messages.orderForm.clearCartAndAdd,
                  messages.orderForm.keepCart,
                ],
              },
              on: {
                CLEAR_CART_AND_ADD: { target: '#orderForm.cart.adding.settingPostcode' },
                KEEP_CART: { target: 'idle' },
              },
            },
            invalidPostcode: {
              description:
                "Add to Cart found no postcode ('Postcode required.') or an invalid one " +
                "('Invalid postcode.'): the warning shows at the top and nothing was sent.",
            },
            added: {
              description:
                'The last Add to Cart went through: the item is in the cart, the postcode is ' +
                'locked again and the Order Online modal closes.',
            },
            refused: {
              description:
                "The cart said no (for example 'Product cannot be delivered to this " +
                "postcode.'): the red notification says why and nothing was added.",
            },
            failed: {
              description:
                'The shop could not be reached, or gave an unexpected answer: a red notice in ' +
                'the form says so. Any change clears it.',
            },
          },
        },
        adding: {
          description:
            'Add to Cart was pressed: the button shows progress and nothing can be changed ' +
            'until the cart answers.',
          initial: 'addingToCart',
          states: {
            settingPostcode: {
              description:
                'The new postcode is being set on the cart first (a different postcode empties ' +
                'the cart).',
              invoke: {
                id: 'setPostcode',
                src: 'setPostcode',
                input: ({ context }) => ({
                  postcode: fullPostcode(context.postcode),
                  productType: context.productType,
                }),
                onDone: [
                  {
                    guard: {
                      type: 'isPostcodeAccepted?',
                      params: ({ event }) => ({ response: event.output }),
                    },
                    target: 'addingToCart',
                    actions: [
                      {
                        type: 'hearCartPostcode',
                        params: ({ event }) => ({ response: event.output }),
                      },
                      {
                        type: 'hearCartCount',
                        params: ({ event }) => ({ response: event.output }),
                      },
                    ],
                  },
                  // Refused: the cart store has shown why (red); the visitor can correct it.
                  {
                    target: '#orderForm.cart.open.refused',
                    actions: [
                      {
                        type: 'hearCartPostcode',
                        params: ({ event }) => ({ response: event.output }),
                      },
                      {
                        type: 'hearCartCount',
                        params: ({ event }) => ({ response: event.output }),
                      },
                    ],
                  },
                ],
                onError: {
                  target: '#orderForm.cart.open.failed',
                  actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            addingToCart: {
              description: 'The item is being added to the cart.',
              invoke: {
                id: 'addToCart',
                src: 'addToCart',
                input: ({ context }) => addToCartInput(context),
                onDone: [
                  {
                    guard: {
                      type: 'isAddSuccessful?',
                      params: ({ event }) => ({ response: event.output }),
                    },
                    target: '#orderForm.cart.open.added',
                    actions: [
                      {
                        type: 'hearCartPostcode',
                        params: ({ event }) => ({ response: event.output }),
                      },
                      {
                        type: 'hearCartCount',
                        params: ({ event }) => ({ response: event.output }),
                      },
                      {
                        type: 'announceAdded',
                        params: ({ event }) => ({ response: event.output }),
                      },
                    ],
                  },
                  {
                    target: '#orderForm.cart.open.refused',
                    actions: [
                      {
                        type: 'hearCartPostcode',
                        params: ({ event }) => ({ response: event.output }),
                      },
                      {
                        type: 'hearCartCount',
                        params: ({ event }) => ({ response: event.output }),
                      },
                    ],
                  },
                ],
                onError: {
                  target: '#orderForm.cart.open.failed',
                  actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type OrderFormMachine = typeof orderFormMachine;
