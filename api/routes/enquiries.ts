import Router from '@koa/router';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { isHoneypotFilled, validateEnquiry } from '../domain/enquiry';
import { messages } from '../domain/messages';
import { site } from '../domain/site';
import { BadRequestError, TooManyRequestsError } from '../errors';
import type { Logger } from '../logger';
import { storeEnquiry } from '../services/enquiry/service';
import { clientKey, createRateLimiter } from '../services/rateLimit/limiter';
import { clientIp } from '../http/clientIp';

export interface EnquiryRouteDeps {
  db: Database;
  config: Pick<Config, 'mail' | 'enquiryRateLimit'>;
  logger: Logger;
  /** Told when a message has been queued, so that it goes out soon. Never awaited. */
  mailWorker?: { nudge(): void } | undefined;
}

/**
 * POST /api/enquiries: the wholesale enquiry form (SPEC §2, §5). This replaces the spec's generic
 * `POST /email/create {subject, html}`, which would let anyone mail arbitrary HTML to the shop:
 * here the server builds the e-mail from validated fields.
 *
 * 1. Per-IP rate limit, counted before anything else so a bot cannot hammer validation.
 * 2. Honeypot filled: the normal success answer, and nothing is stored or sent.
 * 3. Validation: 400 with the first message and all of them in `errors`.
 * 4. The enquiry and its e-mail are committed in one transaction; the worker sends it later.
 */
export function enquiryRoutes({ db, config, logger, mailWorker }: EnquiryRouteDeps): Router {
  const limiter = createRateLimiter(db, {
    name: 'enquiry',
    limit: config.enquiryRateLimit.limit,
    windowSeconds: config.enquiryRateLimit.windowSeconds,
    // The serializer leaves out a failed query's bound values (the keys are client addresses).
    onPruneError: (error) => logger.warn({ err: error }, 'pruning old rate-limit keys failed'),
  });
  const router = new Router();

  router.post('/enquiries', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const ip = clientIp(ctx);
    const rate = await limiter.hit(clientKey(ip));
    if (!rate.allowed) {
      logger.warn({ reqId: ctx.state.reqId, count: rate.count }, 'enquiry rate limit reached');
      throw new TooManyRequestsError(messages.enquiry.tooMany, rate.retryAfterSeconds);
    }

    const body: unknown = ctx.request.body;
    if (isHoneypotFilled(body)) {
      logger.info({ reqId: ctx.state.reqId }, 'enquiry honeypot filled; discarded');
      ctx.body = { code: 200, message: messages.enquiry.sent };
      return;
    }

    const result = validateEnquiry(body);
    if (!result.ok) {
      throw new BadRequestError(result.errors[0] ?? messages.enquiry.nameRequired, {
        errors: result.errors,
      });
    }

    const stored = await storeEnquiry(
      db,
      result.value,
      { ip, userAgent: ctx.get('User-Agent') || null },
      config.mail,
      site,
    );
    logger.info(
      { reqId: ctx.state.reqId, enquiryId: stored.id, messageId: stored.messageId },
      'enquiry stored; e-mail queued',
    );
    mailWorker?.nudge();
    ctx.body = { code: 200, message: messages.enquiry.sent };
  });

  return router;
}
