/**
 * The test provider's side of the provider contract (api/services/payments/contract.ts). Its
 * "provider" is its own hosted page and session API, reached as a real provider's would be:
 * - the customer's choice goes through POST /api/payments/test/sessions/:id/complete on the shop,
 *   and the provider then delivers its signed webhook over HTTP;
 * - a webhook lost on the way goes to a loopback server that never accepts it (503);
 * - `retrieve` calls GET /api/payments/test/sessions/:id over HTTP through a faulty loopback
 *   proxy (500s, no answer).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { testPaymentSessions } from '../../../db/schema';
import { startFaultyUpstream, type ProviderHarness } from '../contract';
import {
  createTestProvider,
  httpTestProviderApi,
  newEventId,
  signedTestWebhook,
  testProviderName,
  type TestWebhookBody,
} from './provider';
import { signatureHeader } from './signature';

const retrievePolicy = { timeoutMs: 400, attempts: 3, backoffMs: 20, maxBackoffMs: 50 };

export const testProviderHarness: ProviderHarness = {
  name: testProviderName,
  async start({ db, logger, url }) {
    const upstream = await startFaultyUpstream(() => url);
    // Where a lost webhook goes: it is never accepted.
    const sink = createServer((_req, res) => {
      res.writeHead(503);
      res.end();
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/lost`;
    const delivery = { timeoutMs: 5_000, attempts: 2, backoffMs: 20, maxBackoffMs: 50 };
    const test = createTestProvider({
      db,
      logger,
      api: httpTestProviderApi(upstream.url, retrievePolicy),
      delivery,
      webhookUrl: `${url}/api/payments/webhooks/${testProviderName}`,
    });
    // The same provider (same tables and secret) with a webhook set up wrongly: lost on the way.
    const losing = createTestProvider({ db, logger, delivery, webhookUrl: sinkUrl });

    async function settledEventId(sessionId: string): Promise<string> {
      const view = await test.page.view(sessionId);
      if (!view?.eventId) throw new Error('The test session was not settled.');
      return view.eventId;
    }

    return {
      provider: test.provider,
      testPage: test.page,
      cancels: true,
      timestamped: true,
      queryEventIds: true,
      faults: upstream,
      retrieveAttempts: retrievePolicy.attempts,
      async customer(session, choice, { shopUrl, deliver }) {
        if (deliver) {
          // The hosted page's own call, as the browser makes it.
          const res = await fetch(
            `${shopUrl}/api/payments/test/sessions/${encodeURIComponent(session.sessionId)}/complete`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: shopUrl },
              body: JSON.stringify({ outcome: choice }),
              signal: AbortSignal.timeout(20_000),
            },
          );
          if (res.status !== 200) throw new Error(`complete answered ${res.status}`);
        } else {
          await losing.page.complete(session.sessionId, choice);
        }
        return { eventId: await settledEventId(session.sessionId) };
      },
      async expire(session) {
        await db
          .update(testPaymentSessions)
          .set({ expiresAt: sql`now() - interval '1 minute'` })
          .where(eq(testPaymentSessions.id, session.sessionId));
      },
      async webhook(event, options = {}) {
        const body: TestWebhookBody = {
          id: event.id ?? newEventId(),
          type: `payment.${event.type}`,
          data: {
            sessionId: event.session.sessionId,
            orderId: event.session.orderId,
            amount: event.amount,
            currency: event.currency,
          },
        };
        const secret =
          options.signature === 'wrong' ? 'not-the-shops-secret-at-all' : await test.secret();
        const signed = signedTestWebhook(secret, body, options.timestamp);
        const headers = Object.fromEntries(
          Object.entries(signed.headers).filter(
            ([name]) => options.signature !== 'missing' || name !== signatureHeader,
          ),
        );
        return { body: signed.rawBody, headers };
      },
      async close() {
        await upstream.close();
        sink.closeAllConnections();
        await new Promise<void>((resolve) => sink.close(() => resolve()));
      },
    };
  },
};
