/**
 * The Worldpay adapter's side of the provider contract (api/services/payments/contract.ts): a
 * loopback fake of Access Worldpay (api/test/fakeWorldpay.ts) behind a faulty proxy, reached as
 * WORLDPAY_API_URL. Its events are signed with the Event-Signature scheme and POSTed to the shop.
 */
import { fakeWorldpayConfig, startWorldpayFake } from '../../../test/fakeWorldpay';
import { startFaultyUpstream, type ProviderHarness } from '../contract';
import type { PaymentEventType } from '../types';
import { createWorldpayProvider, worldpayProviderName } from './provider';

// Long enough for ten checkouts at once on a loaded machine: a payment_pages call that times out
// is retried, and Worldpay refuses the retry's transactionReference as a duplicate.
const retrievePolicy = { timeoutMs: 1_500, attempts: 3, backoffMs: 20, maxBackoffMs: 50 };

/** Each normalised event as Worldpay names it. */
const worldpayType: Record<PaymentEventType, string> = {
  succeeded: 'authorized',
  failed: 'refused',
  cancelled: 'cancelled',
  expired: 'expired',
};

export const worldpayProviderHarness: ProviderHarness = {
  name: worldpayProviderName,
  async start({ logger, url }) {
    const fake = await startWorldpayFake(`${url}/api/payments/webhooks/${worldpayProviderName}`);
    const upstream = await startFaultyUpstream(() => fake.url);
    const provider = createWorldpayProvider({
      config: fakeWorldpayConfig(upstream.url),
      logger,
      policy: retrievePolicy,
    });
    return {
      provider,
      cancels: false,
      timestamped: false,
      // The payment query names a payment, not the event its webhook carried.
      queryEventIds: false,
      faults: upstream,
      retrieveAttempts: retrievePolicy.attempts,
      async customer(session, choice, { deliver }) {
        const made = await fake.choose(session.reference, choice, { deliver });
        // A lost event stays lost: the contract sends it itself when it wants it late.
        const first = made[0];
        if (!first) throw new Error('The fake Worldpay made no event.');
        return { eventId: first.eventId };
      },
      async expire(session) {
        fake.expire(session.reference);
      },
      async webhook(event, options = {}) {
        const made = fake.event(
          {
            type: worldpayType[event.type],
            reference: event.session.reference,
            amount: { value: event.amount, currencyCode: event.currency },
            ...(event.id ? { eventId: event.id } : {}),
          },
          options.signature === 'wrong'
            ? 'wrong'
            : options.signature === 'missing'
              ? 'missing'
              : 'current',
        );
        return { body: made.body, headers: made.headers };
      },
      async close() {
        await upstream.close();
        await fake.close();
      },
    };
  },
};
