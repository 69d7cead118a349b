import Router from '@koa/router';
import type { Context } from 'koa';
import { validateAccount, validateDeleteAccount } from '../domain/auth';
import { messages } from '../domain/messages';
import { authAnswers } from '../domain/authAnswers';
import { BadRequestError, ConflictError, UnauthorizedError } from '../errors';
import type { Logger } from '../logger';
import type { AuthService, CurrentSession } from '../services/auth/service';
import {
  formError,
  limit,
  requireSession,
  writeSessionCookie,
  type AuthLimiters,
  type SessionCookieOptions,
} from './auth';

const m = messages.auth;

export interface UserRouteDeps {
  auth: AuthService;
  limiters: AuthLimiters;
  readSession: (ctx: Context) => Promise<CurrentSession | null>;
  cookies: SessionCookieOptions;
  logger: Logger;
  /** Told when an e-mail was queued. Never awaited. */
  mailWorker?: { nudge(): void } | undefined;
}

function wrongPassword(): BadRequestError {
  return new BadRequestError(m.currentPasswordWrong, {
    errors: [m.currentPasswordWrong],
    extra: { fieldErrors: { currentPassword: m.currentPasswordWrong } },
  });
}

/**
 * The signed-in customer's account (issue 16); 401 when signed out.
 * - GET /api/users/me: `{ code, message, user }`.
 * - PATCH /api/users/me: name, e-mail, phone and address. Fields left out keep their values; an
 *   e-mail change needs `currentPassword`, and takes effect only when the link e-mailed to the new
 *   address is followed (POST /api/auth/verify-email), which ends the account's sessions. The
 *   answer is the same whether or not the new address has an account.
 * - DELETE /api/users/me {currentPassword}: anonymises the account (orders are kept) and signs out;
 *   409, with nothing changed, while an order is paid, out for delivery or under review.
 */
export function userRoutes({
  auth,
  limiters,
  readSession,
  cookies,
  logger,
  mailWorker,
}: UserRouteDeps): Router {
  const router = new Router();

  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get('/users/me', async (ctx) => {
    const session = await requireSession(ctx, readSession);
    ctx.body = { code: 200, message: m.me, user: session.user };
  });

  router.patch('/users/me', async (ctx) => {
    const session = await requireSession(ctx, readSession);
    const body: unknown = ctx.request.body;
    const sent =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : {};
    const { id: _id, role: _role, ...current } = session.user;
    const form = validateAccount({ ...current, ...sent });
    if (!form.ok) formError(form);
    const emailChanged = form.value.email !== session.user.email;
    if (emailChanged) {
      if (form.value.currentPassword === '') {
        throw new BadRequestError(m.currentPasswordRequired, {
          errors: [m.currentPasswordRequired],
          extra: { fieldErrors: { currentPassword: m.currentPasswordRequired } },
        });
      }
      await limit(limiters.account, session.user.email);
      if (!(await auth.verifyUserPassword(session.user.id, form.value.currentPassword))) {
        throw wrongPassword();
      }
      // Bounds the e-mails one can send to an address this way, as for password-forgot.
      await limit(limiters.resetMail, form.value.email);
    }
    const user = await auth.updateAccount(session.user.id, form.value);
    if (!user) throw new UnauthorizedError(m.notSignedIn, { errors: [m.notSignedIn] });
    if (emailChanged) {
      // The account keeps its address until the link sent to the new one is followed; whether
      // the new address has an account (whose owner is told instead) is not said here.
      const outcome = await auth.requestEmailChange(user.id, form.value.email);
      if (outcome === 'gone')
        throw new UnauthorizedError(m.notSignedIn, { errors: [m.notSignedIn] });
      mailWorker?.nudge();
      logger.info({ reqId: ctx.state.reqId, userId: user.id }, 'e-mail change asked for');
    }
    ctx.body = { code: 200, message: emailChanged ? m.emailChangeSent : m.updated, user };
  });

  router.delete('/users/me', async (ctx) => {
    const session = await requireSession(ctx, readSession);
    const form = validateDeleteAccount(ctx.request.body);
    if (!form.ok) formError(form);
    await limit(limiters.account, session.user.email);
    if (!(await auth.verifyUserPassword(session.user.id, form.value.currentPassword))) {
      throw wrongPassword();
    }
    const deletion = await auth.deleteAccount(session.user.id);
    if (!deletion.deleted) {
      // An order still needs the customer's details: nothing was changed, and they stay signed in.
      const refusal = authAnswers.accountHasOpenOrders(deletion.openOrders);
      logger.info(
        { reqId: ctx.state.reqId, userId: session.user.id, openOrders: deletion.openOrders.length },
        'account deletion refused: orders still open',
      );
      throw new ConflictError(refusal, { errors: [refusal] });
    }
    logger.info({ reqId: ctx.state.reqId, userId: session.user.id }, 'account deleted');
    writeSessionCookie(ctx, cookies, null);
    ctx.body = { code: 200, message: m.accountDeleted };
  });

  return router;
}
