import Router from '@koa/router';
import type { Config } from '../config';
import { BadRequestError, NotFoundError } from '../errors';
import type { Logger } from '../logger';
import {
  isTestOutcome,
  testDeclineReasons,
  WebhookVerificationError,
  type Payments,
  type TestOutcome,
} from '../services/payments';

export interface PaymentRouteDeps {
  payments: Payments;
  config: Pick<Config, 'publicUrl'>;
  logger: Logger;
}

/** Largest webhook body accepted (the raw bytes are kept for the signature check). */
export const webhookLimitBytes = 64 * 1024;

export const paymentMessages = {
  received: 'Payment event received.',
  noBody: 'The webhook has no body.',
  noSession: 'No such payment session.',
  session: 'Payment session found.',
  badOutcome: 'Choose one of: pay, decline, cancel, 3ds-approve, 3ds-fail.',
  badOrigin: 'The site address of this request is not valid.',
  outcome: {
    pay: 'Payment approved.',
    '3ds-approve': 'Payment approved after 3-D Secure.',
    decline: testDeclineReasons.decline,
    '3ds-fail': testDeclineReasons['3ds-fail'],
    cancel: 'Payment cancelled. You have not been charged.',
  } satisfies Record<TestOutcome, string>,
} as const;

/**
 * - POST /api/payments/webhooks/{provider}: a provider's signed webhook (exempt from the
 *   cross-site refusal; its raw bytes are kept by the body parser). 400 for a bad, missing or
 *   stale signature, with nothing changed; 2xx only once the event is recorded; 503 when the
 *   database cannot record it, so the provider retries.
 * - While the test provider is active, its hosted page's API:
 *   GET /api/payments/test/sessions/:id and POST /api/payments/test/sessions/:id/complete.
 */
export function paymentRoutes({ payments, logger }: PaymentRouteDeps): Router {
  const router = new Router();

  router.post('/payments/webhooks/:provider', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const provider = ctx.params.provider ?? '';
    const rawBody = ctx.request.rawBody;
    if (rawBody === undefined) {
      // Only the webhook paths of known providers keep raw bodies (an unknown one is a 404).
      if (ctx.request.body !== undefined) throw new NotFoundError('No such API endpoint.');
      throw new BadRequestError(paymentMessages.noBody);
    }
    let result;
    try {
      result = await payments.handleWebhook(provider, rawBody, ctx.headers);
    } catch (error) {
      if (error instanceof WebhookVerificationError) {
        logger.warn(
          { reqId: ctx.state.reqId, provider, reason: error.message },
          'payment webhook refused',
        );
        throw new BadRequestError(error.message);
      }
      throw error;
    }
    ctx.body = { code: 200, message: paymentMessages.received, outcome: result.outcome };
  });

  const page = payments.testPage;
  if (page) {
    router.get('/payments/test/sessions/:id', async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      const session = await page.view(ctx.params.id ?? '');
      if (!session) throw new NotFoundError(paymentMessages.noSession);
      ctx.body = { code: 200, message: paymentMessages.session, session };
    });

    router.post('/payments/test/sessions/:id/complete', async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      const body = ctx.request.body as { outcome?: unknown } | undefined;
      const outcome = body?.outcome;
      if (!isTestOutcome(outcome)) throw new BadRequestError(paymentMessages.badOutcome);
      // The webhook goes where the provider is configured to send it (the shop's own address),
      // never where this request's Host header points.
      const done = await page.complete(ctx.params.id ?? '', outcome);
      ctx.body = {
        code: 200,
        message: paymentMessages.outcome[outcome],
        redirectUrl: done.redirectUrl,
      };
    });
  }
  return router;
}
