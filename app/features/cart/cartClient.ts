/**
 * The callers' side of the cart store: each action queues a request on the cart actor and
 * returns a promise of the server's answer, and every answer is shown as a notification (SPEC §8:
 * green for 200 and 201, red otherwise; a network failure red too). No React here.
 */
import type { ActorRefFrom } from 'xstate';
import type { AddToCartInput } from '../../../api/domain/cart';
import type { ProductType } from '../../../api/domain/catalogue';
import { failureMessage, isSuccess, type CartResponse } from './cartApi';
import type { CartCommand, CartEmitted, CartMachine } from './cartMachine';

export type CartActorRef = ActorRefFrom<CartMachine>;

export interface CartActionOptions {
  /**
   * false when the caller shows a refusal or failure itself (the Set Postcode dialog shows it
   * inside the dialog). Successes and the cart's warnings are always shown.
   */
  notifyFailure?: boolean;
}

export interface SetPostcodeOptions extends CartActionOptions {
  /** The product the postcode is set for (an order form): refused, changing nothing, if it cannot go there. */
  productType?: ProductType;
}

export interface CartActions {
  /** POST /api/cart/items. Without a postcode the item waits and the postcode dialog opens. */
  add(input: AddToCartInput, options?: CartActionOptions): Promise<CartResponse>;
  /** PUT /api/cart/postcode. A different postcode empties the cart first. */
  setPostcode(postcode: string, options?: SetPostcodeOptions): Promise<CartResponse>;
  /** One fewer of a line. */
  remove(lineId: string, options?: CartActionOptions): Promise<CartResponse>;
  /** The whole line, whatever its quantity (one request after another; one notification). */
  removeLine(lineId: string, options?: CartActionOptions): Promise<CartResponse>;
  empty(options?: CartActionOptions): Promise<CartResponse>;
  /** Opens or closes the Set Postcode dialog for this cart (closing drops a waiting item). */
  setPostcodeModal(open: boolean, options?: CartActionOptions): Promise<CartResponse>;
  /** GET /api/cart: the cart as the server has it now (a paid order empties it). */
  refresh(options?: CartActionOptions): Promise<CartResponse>;
}

/** Where notifications go: the site's toaster in the app, a recorder in tests. */
export interface CartNotifier {
  success(message: string): unknown;
  warning(message: string): unknown;
  danger(message: string): unknown;
}

/** Commands whose success is not news to the visitor: opening or closing the dialog, a refresh. */
const quietCommands: ReadonlySet<CartCommand['kind']> = new Set(['setPostcodeModal', 'refresh']);

/** Shows an answer. Quiet commands' successes are not shown; everything else is. */
export function notifyAnswer(
  notifier: CartNotifier,
  command: CartCommand,
  response: CartResponse,
  options: CartActionOptions = {},
): void {
  if (isSuccess(response)) {
    if (!quietCommands.has(command.kind)) notifier.success(response.message);
  } else if (options.notifyFailure !== false) {
    notifier.danger(response.message);
  }
  for (const warning of response.cart.warnings ?? []) notifier.warning(warning);
}

export function notifyFailure(
  notifier: CartNotifier,
  error: unknown,
  options: CartActionOptions = {},
): void {
  if (options.notifyFailure !== false) notifier.danger(failureMessage(error));
}

interface Waiting {
  resolve: (response: CartResponse) => void;
  reject: (error: unknown) => void;
  options: CartActionOptions;
}

export interface CartClient {
  actions: CartActions;
  /** Starts listening for answers; returns the function that stops it (an effect's cleanup). */
  connect(): () => void;
}

let clients = 0;

export function createCartClient(actor: CartActorRef, notifier: CartNotifier): CartClient {
  const waiting = new Map<string, Waiting>();
  const prefix = `c${++clients}-`;
  let next = 0;

  const request = (command: CartCommand, options: CartActionOptions = {}) =>
    new Promise<CartResponse>((resolve, reject) => {
      const id = `${prefix}${++next}`;
      waiting.set(id, { resolve, reject, options });
      actor.send({ type: 'REQUEST', id, command });
    });

  const onSettled = (event: Extract<CartEmitted, { type: 'settled' }>) => {
    const caller = waiting.get(event.id);
    // Requests sent straight to the actor (the QA explorer) have nobody waiting.
    if (!caller) return;
    waiting.delete(event.id);
    notifyAnswer(notifier, event.command, event.response, caller.options);
    caller.resolve(event.response);
  };
  const onFailed = (event: Extract<CartEmitted, { type: 'failed' }>) => {
    const caller = waiting.get(event.id);
    if (!caller) return;
    waiting.delete(event.id);
    notifyFailure(notifier, event.error, caller.options);
    caller.reject(event.error);
  };

  return {
    actions: {
      add: (input, options) => request({ kind: 'add', input }, options),
      setPostcode: (postcode, options) =>
        request(
          options?.productType
            ? { kind: 'setPostcode', postcode, productType: options.productType }
            : { kind: 'setPostcode', postcode },
          options,
        ),
      remove: (lineId, options) => request({ kind: 'remove', lineId }, options),
      removeLine: (lineId, options) => request({ kind: 'removeLine', lineId }, options),
      empty: (options) => request({ kind: 'empty' }, options),
      setPostcodeModal: (open, options) => request({ kind: 'setPostcodeModal', open }, options),
      refresh: (options) => request({ kind: 'refresh' }, options),
    },
    connect() {
      const settled = actor.on('settled', onSettled);
      const failed = actor.on('failed', onFailed);
      return () => {
        settled.unsubscribe();
        failed.unsubscribe();
      };
    },
  };
}
