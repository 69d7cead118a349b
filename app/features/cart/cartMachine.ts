/**
 * The shared cart store: one actor per page session holding the latest cart the server sent, and
 * a queue of the visitor's cart actions, sent to the API one at a time in the order they were
 * made. Every answer, success or refusal, carries the cart as the server left it, and that cart
 * replaces the one held. Answers are reported to the store's callers as emitted events
 * (`settled` / `failed`), keyed by the request id the caller chose.
 *
 * No React here: the provider (CartProvider.tsx) binds it to the page.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { cartLimits, type AddToCartInput, type CartView } from '../../../api/domain/cart';
import type { ProductType } from '../../../api/domain/catalogue';
import { cartApi, isSuccess, type CartApi, type CartResponse } from './cartApi';

/** What a visitor can ask of the cart. */
export type CartCommand =
  | { kind: 'add'; input: AddToCartInput }
  | { kind: 'setPostcode'; postcode: string; productType?: ProductType }
  /** One fewer of a line (the line goes when it was the last one). */
  | { kind: 'remove'; lineId: string }
  /** The whole line, whatever its quantity. */
  | { kind: 'removeLine'; lineId: string }
  | { kind: 'empty' }
  | { kind: 'setPostcodeModal'; open: boolean }
  /** The cart as the server has it now (e.g. emptied by a paid order). */
  | { kind: 'refresh' };

export interface CartRequest {
  /** Chosen by the caller; unique among the queued requests. */
  id: string;
  command: CartCommand;
}

export interface CartContext {
  cart: CartView;
  /** Requests not yet answered; the first one is on its way while the store is `sending`. */
  queue: CartRequest[];
}

export type CartEvent = { type: 'REQUEST' } & CartRequest;

export type CartEmitted =
  | { type: 'settled'; id: string; command: CartCommand; response: CartResponse }
  | { type: 'failed'; id: string; command: CartCommand; error: unknown };

/** Carries out one command against the API. */
export async function performCartCommand(
  api: CartApi,
  command: CartCommand,
): Promise<CartResponse> {
  switch (command.kind) {
    case 'add':
      return api.add(command.input);
    case 'setPostcode':
      return api.setPostcode(command.postcode, command.productType);
    case 'remove':
      return api.remove(command.lineId);
    case 'removeLine': {
      // The API takes one off at a time: repeat until the line is gone, or a call is refused.
      // A line never holds more than the per-line cap, which bounds the loop.
      let response = await api.remove(command.lineId);
      for (
        let calls = 1;
        calls <= cartLimits.maxLineQuantity &&
        isSuccess(response) &&
        response.cart.items.some((line) => line.id === command.lineId);
        calls++
      ) {
        response = await api.remove(command.lineId);
      }
      return response;
    }
    case 'empty':
      return api.empty();
    case 'setPostcodeModal':
      return api.setPostcodeModal(command.open);
    case 'refresh':
      return api.get();
  }
}

function head(context: CartContext): CartRequest {
  const first = context.queue[0];
  // The machine only answers from `sending`, which is never entered with an empty queue.
  if (!first) throw new Error('The cart store answered a request it did not send.');
  return first;
}

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as { cart: CartView },
    emitted: {} as CartEmitted,
  },
  actors: {
    cartRequest: fromPromise<CartResponse, CartCommand>(({ input }) =>
      performCartCommand(cartApi, input),
    ),
  },
  actions: {
    enqueueRequest: assign({
      queue: ({ context }, request: CartRequest) => [...context.queue, request],
    }),
    dequeueRequest: assign({ queue: ({ context }) => context.queue.slice(1) }),
    applyAnswer: assign({ cart: (_, response: CartResponse) => response.cart }),
    reportSettled: emit((_, params: { request: CartRequest; response: CartResponse }) => ({
      type: 'settled' as const,
      id: params.request.id,
      command: params.request.command,
      response: params.response,
    })),
    reportFailed: emit((_, params: { request: CartRequest; error: unknown }) => ({
      type: 'failed' as const,
      id: params.request.id,
      command: params.request.command,
      error: params.error,
    })),
  },
  guards: {
    /** A request already waiting is not queued twice. */
    'isNewRequest?': ({ context }, request: CartRequest) =>
      !context.queue.some((queued) => queued.id === request.id),
    /** Is another request waiting behind the one just answered? */
    'hasMoreQueued?': ({ context }) => context.queue.length > 1,
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({ cart: input.cart, queue: [] }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        REQUEST: {
          guard: { type: 'isNewRequest?', params: ({ event }) => event },
          target: 'sending',
          actions: {
            type: 'enqueueRequest',
            params: ({ event }) => ({ id: event.id, command: event.command }),
          },
        },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'cartRequest',
        src: 'cartRequest',
        input: ({ context }) => head(context).command,
        onDone: [
          {
            guard: 'hasMoreQueued?',
            target: 'sending',
            reenter: true,
            actions: [
              { type: 'applyAnswer', params: ({ event }) => event.output },
              {
                type: 'reportSettled',
                params: ({ context, event }) => ({
                  request: head(context),
                  response: event.output,
                }),
              },
              'dequeueRequest',
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'applyAnswer', params: ({ event }) => event.output },
              {
                type: 'reportSettled',
                params: ({ context, event }) => ({
                  request: head(context),
                  response: event.output,
                }),
              },
              'dequeueRequest',
            ],
          },
        ],
        onError: [
          {
            guard: 'hasMoreQueued?',
            target: 'sending',
            reenter: true,
            actions: [
              {
                type: 'reportFailed',
                params: ({ context, event }) => ({ request: head(context), error: event.error }),
              },
              'dequeueRequest',
            ],
          },
          {
            target: 'idle',
            actions: [
              {
                type: 'reportFailed',
                params: ({ context, event }) => ({ request: head(context), error: event.error }),
              },
              'dequeueRequest',
            ],
          },
        ],
      },
      on: {
        REQUEST: {
          guard: { type: 'isNewRequest?', params: ({ event }) => event },
          actions: {
            type: 'enqueueRequest',
            params: ({ event }) => ({ id: event.id, command: event.command }),
          },
        },
      },
    },
  },
});

export type CartMachine = typeof cartMachine;
