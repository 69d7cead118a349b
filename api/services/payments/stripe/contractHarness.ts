/**
 * The Stripe adapter's side of the provider contract (api/services/payments/contract.ts): a
 * loopback fake of Stripe's API (api/test/fakeStripe.ts) behind a faulty proxy, reached as
 * STRIPE_API_URL. Its events are signed as Stripe signs them (Stripe-Signature, with the SDK's
 * generateTestHeaderString) and POSTed to the shop.
 */
import { fakeStripeSettings, startStripeFake } from '../../../test/fakeStripe';
import { startFaultyUpstream, type ProviderHarness } from '../contract';
import type { PaymentEventType } from '../types';
import { createStripeProvider, stripeProviderName } from './provider';

const retrievePolicy = { timeoutMs: 400, attempts: 3, backoffMs: 20, maxBackoffMs: 50 };

/** Each normalised event as Stripe names it. */
const stripeType: Record<PaymentEventType, string> = {
  succeeded: 'checkout.session.completed',
  failed: 'checkout.session.async_payment_failed',
  cancelled: 'checkout.session.expired',
  expired: 'checkout.session.expired',
};

export const stripeProviderHarness: ProviderHarness = {
  name: stripeProviderName,
  async start({ logger, url }) {
    const fake = await startStripeFake({
      ...fakeStripeSettings,
      webhookUrl: `${url}/api/payments/webhooks/${stripeProviderName}`,
    });
    const upstream = await startFaultyUpstream(() => fake.url);
    const provider = createStripeProvider({
      config: { ...fakeStripeSettings, apiUrl: upstream.url },
      logger,
      policy: retrievePolicy,
    });
    return {
      provider,
      cancels: true,
      timestamped: true,
      // Retrieving a session names the session, not the event its webhook carried.
      queryEventIds: false,
      reportsCancel: false,
      faults: upstream,
      retrieveAttempts: retrievePolicy.attempts,
      async customer(session, choice, { deliver }) {
        if (choice === 'decline') {
          // Checkout keeps a customer whose card is declined on its page to try another; what
          // the shop hears of is a delayed payment (Bacs Direct Debit) failing afterwards.
          const failed = await fake.delayedPaymentFails(session.sessionId, { deliver });
          return { eventId: failed.eventId };
        }
        const made = await fake.choose(session.sessionId, choice, { deliver });
        return { eventId: made?.eventId ?? '' };
      },
      async expire(session) {
        await fake.expire(session.sessionId);
      },
      async webhook(event, options = {}) {
        const made = fake.event(
          {
            type: stripeType[event.type],
            ...(event.id ? { id: event.id } : {}),
            session: {
              id: event.session.sessionId,
              amount_total: event.amount,
              currency: event.currency.toLowerCase(),
              payment_status: event.type === 'succeeded' ? 'paid' : 'unpaid',
              status:
                event.type === 'expired' || event.type === 'cancelled' ? 'expired' : 'complete',
            },
          },
          {
            ...(options.signature === 'wrong' ? { secret: 'whsec_notTheShopsSecret0000' } : {}),
            ...(options.signature === 'missing' ? { omitHeader: true } : {}),
            ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
          },
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
