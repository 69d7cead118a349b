import Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../config';
import type { Database } from '../db/client';
import {
  validateChangePassword,
  validateForgotPassword,
  validateLogin,
  validateRegister,
  validateResetPassword,
  validateVerifyEmail,
  type AuthValidation,
} from '../domain/auth';
import { messages } from '../domain/messages';
import { authAnswers } from '../domain/authAnswers';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../errors';
import type { Logger } from '../logger';
import { isCommonPassword } from '../services/auth/passwords';
import {
  createLoginThrottle,
  type LoginThrottle,
  type LoginThrottleOptions,
} from '../services/auth/loginThrottle';
import type { AuthService, CurrentSession, NewSession } from '../services/auth/service';
import { clientKey, createRateLimiter, type RateLimiter } from '../services/rateLimit/limiter';
import { cookieIsSecure } from './cart';
import { clientIp } from '../http/clientIp';

/** The session cookie: an opaque random value (HttpOnly, SameSite=Lax, Path=/). */
export const sessionCookieName = 'fuelyard_session';

const m = messages.auth;

export interface SessionCookieOptions {
  /** COOKIE_SECURE, read as for the cart cookie. */
  cookieSecure: 'auto' | boolean;
  production: boolean;
}

/** Sets the session cookie to `session`'s value until it expires, or clears it (null). */
export function writeSessionCookie(
  ctx: Context,
  options: SessionCookieOptions,
  session: { token: string; expiresAt: Date } | null,
): void {
  const secure = cookieIsSecure(options.cookieSecure, options.production, ctx.secure);
  // With TLS ended at a proxy, `cookies` would refuse a Secure cookie on what looks like HTTP.
  if (secure && !ctx.secure) ctx.cookies.secure = true;
  ctx.cookies.set(sessionCookieName, session?.token ?? null, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    overwrite: true,
    ...(session ? { maxAge: Math.max(0, session.expiresAt.getTime() - Date.now()) } : {}),
  });
}

/**
 * The request's session (looked up once per request, kept in `ctx.state`), or null when signed
 * out. A session moved on by this use gets its cookie again with the new expiry; a cookie that
 * names no live session is cleared.
 */
export function sessionReader(
  auth: AuthService,
  options: SessionCookieOptions,
): (ctx: Context) => Promise<CurrentSession | null> {
  return async (ctx) => {
    const state = ctx.state as { session?: Promise<CurrentSession | null> };
    state.session ??= (async () => {
      const cookie = ctx.cookies.get(sessionCookieName);
      if (cookie === undefined) return null;
      const current = await auth.sessionFor(cookie);
      if (!current) writeSessionCookie(ctx, options, null);
      else if (current.touched) {
        writeSessionCookie(ctx, options, { token: cookie, expiresAt: current.expiresAt });
      }
      return current;
    })();
    return state.session;
  };
}

/** Forgets the request's cached session (after login, logout or a password change). */
function resetSessionCache(ctx: Context): void {
  delete (ctx.state as { session?: unknown }).session;
}

/** The signed-in session, or 401. */
export async function requireSession(
  ctx: Context,
  readSession: (ctx: Context) => Promise<CurrentSession | null>,
): Promise<CurrentSession> {
  const session = await readSession(ctx);
  if (!session) throw new UnauthorizedError(m.notSignedIn, { errors: [m.notSignedIn] });
  return session;
}

/** A refused form: 400 with the first message, all of them, and each by field. */
export function formError(result: Extract<AuthValidation<unknown>, { ok: false }>): never {
  throw new BadRequestError(result.errors[0] ?? m.emailRequired, {
    errors: result.errors,
    extra: { fieldErrors: result.fieldErrors },
  });
}

/** A new password that is one of the 1,000 most common: 400 on the password field. */
export function refuseCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new BadRequestError(m.passwordTooCommon, {
      errors: [m.passwordTooCommon],
      extra: { fieldErrors: { [field]: m.passwordTooCommon } },
    });
  }
}

/**
 * The account routes' bounds (issue 46): what an attacker needs is counted, a customer's success
 * never is, so customers behind one shared address (a mobile carrier's, an office's) do not lock
 * each other out by signing in.
 */
export interface AuthLimiters {
  /**
   * Per client address: failures (a wrong password or unknown e-mail at login, a dead or wrong
   * confirmation or reset link, a confirmation with the wrong password). Once `failureLimit` are in
   * the window, the address gets 429 on every account route that checks a secret.
   */
  address: RateLimiter;
  /** The number of failures `address` allows in the window (LOGIN_RATE_LIMIT). */
  failureLimit: number;
  /**
   * Per client address: requests that send an e-mail (registration, forgotten password, a login
   * to an unconfirmed address), `mailPerAddressFactor` × LOGIN_RATE_LIMIT in the window, so one
   * address cannot make the shop mail the world.
   */
  addressMail: RateLimiter;
  /** Per account (the signed-in user's e-mail): password checks of a signed-in user. */
  account: RateLimiter;
  /**
   * Logins per account: failures counted per account and per account and address; beyond the
   * limit an address that failed for the account gets 429, any other waits a progressive delay.
   */
  login: LoginThrottle;
  /**
   * Per e-mail address: the e-mails anyone can trigger (password-forgot, registration, e-mail
   * change), so nobody's inbox can be flooded.
   */
  resetMail: RateLimiter;
}

/** Mail-sending requests one client address may make, as a multiple of LOGIN_RATE_LIMIT. */
export const mailPerAddressFactor = 3;

/**
 * The sliding-window limiters of the account routes (LOGIN_RATE_LIMIT per window). `loginDelay`
 * sets the progressive delay of the per-account login bound (tests pass a short one, or `sleep`).
 */
export function authLimiters(
  db: Database,
  config: Pick<Config, 'auth'>,
  logger: Logger,
  loginDelay: Pick<LoginThrottleOptions, 'baseDelayMs' | 'maxDelayMs' | 'sleep'> = {},
): AuthLimiters {
  const { limit, windowSeconds } = config.auth.loginRateLimit;
  const onPruneError = (error: unknown) =>
    logger.warn({ err: error }, 'pruning old rate-limit keys failed');
  return {
    address: createRateLimiter(db, { name: 'auth-ip', limit, windowSeconds, onPruneError }),
    failureLimit: limit,
    addressMail: createRateLimiter(db, {
      name: 'auth-ip-mail',
      limit: limit * mailPerAddressFactor,
      windowSeconds,
      onPruneError,
    }),
    account: createRateLimiter(db, { name: 'auth-account', limit, windowSeconds, onPruneError }),
    login: createLoginThrottle(db, { limit, windowSeconds, onPruneError, ...loginDelay }),
    resetMail: createRateLimiter(db, { name: 'reset-mail', limit, windowSeconds, onPruneError }),
  };
}

/** Counts one attempt; 429 with Retry-After when over the limit. */
export async function limit(limiter: RateLimiter, key: string): Promise<void> {
  const outcome = await limiter.hit(key);
  if (!outcome.allowed)
    throw new TooManyRequestsError(m.tooManyAttempts, outcome.retryAfterSeconds);
}

const addressKey = (ctx: Context) => clientKey(clientIp(ctx));

/**
 * Before checking a secret: 429 for an address whose failures already fill the window. Counts
 * nothing (`failedFrom` counts a failure once it has happened).
 */
export async function refuseFailingAddress(limiters: AuthLimiters, ctx: Context): Promise<void> {
  const seen = await limiters.address.peek(addressKey(ctx));
  if (seen.count >= limiters.failureLimit) {
    throw new TooManyRequestsError(m.tooManyAttempts, seen.retryAfterSeconds);
  }
}

/** Counts a failure of the client address (the answer is the failure's own, not 429). */
export async function failedFrom(limiters: AuthLimiters, ctx: Context): Promise<void> {
  await limiters.address.hit(addressKey(ctx));
}

/** A request that sends an e-mail: counted per client address; 429 beyond the bound. */
export const limitAddressMail = (limiters: AuthLimiters, ctx: Context) =>
  limit(limiters.addressMail, addressKey(ctx));

export interface AuthRouteDeps {
  auth: AuthService;
  limiters: AuthLimiters;
  readSession: (ctx: Context) => Promise<CurrentSession | null>;
  cookies: SessionCookieOptions;
  logger: Logger;
  /**
   * The origin of the links in e-mails (`config.linkOrigin`: PUBLIC_URL). Never taken from the
   * request: a Host header must not choose where a reset link points.
   */
  linkOrigin: string;
  /** Told when an e-mail was queued. Never awaited. */
  mailWorker?: { nudge(): void } | undefined;
}

/**
 * Customer accounts (issue 16), Strapi-style paths. Every answer is `{ code, message, user? }`;
 * the session travels only in the HttpOnly cookie, never in a body.
 * - POST /api/auth/local {email, password}: logs in (a new session each time); 403 for the right
 *   password of an address never confirmed (a new link is sent).
 * - POST /api/auth/local/register {fullName, email, password}: the same 200 "check your email"
 *   whatever the address; no session. The address gets a confirmation link, or, when it has an
 *   account, an e-mail saying so.
 * - POST /api/auth/verify-email {token, password}: follows a confirmation link (new account or
 *   e-mail change) with the password of the registration that made it (or the account's, for a
 *   change), and logs in; 409 while this browser is signed in to another account. A POST from the
 *   page the link opens: a GET never confirms anything.
 * - POST /api/auth/logout: ends this session (200 even when signed out).
 * - POST /api/auth/forgot-password {email}: the same 200 whether or not the account exists.
 * - POST /api/auth/reset-password {token, password}: once per token; ends every session.
 * - POST /api/auth/change-password {currentPassword, password}: ends the other sessions.
 */
export function authRoutes({
  auth,
  limiters,
  readSession,
  cookies,
  logger,
  linkOrigin,
  mailWorker,
}: AuthRouteDeps): Router {
  const router = new Router();

  const signIn = async (ctx: Context, session: NewSession) => {
    // A new id on every login; the session this browser had (if any) ends.
    const previous = await readSession(ctx);
    if (previous) await auth.logout(previous.sessionId);
    resetSessionCache(ctx);
    writeSessionCookie(ctx, cookies, session);
  };

  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.post('/auth/local', async (ctx) => {
    await refuseFailingAddress(limiters, ctx);
    const form = validateLogin(ctx.request.body);
    if (!form.ok) formError(form);
    const { email, password } = form.value;
    const client = addressKey(ctx);
    const gate = await limiters.login.enter(email, client);
    if (!gate.allowed) throw new TooManyRequestsError(m.tooManyAttempts, gate.retryAfterSeconds);
    if (gate.delayedMs > 0) {
      logger.info({ reqId: ctx.state.reqId, delayMs: gate.delayedMs }, 'login delayed');
    }
    const result = await auth.login(email, password);
    if (result.status === 'invalid') {
      await limiters.login.failed(email, client);
      await failedFrom(limiters, ctx);
      logger.info({ reqId: ctx.state.reqId }, 'login refused');
      throw new UnauthorizedError(m.invalidCredentials, { errors: [m.invalidCredentials] });
    }
    if (result.status === 'unverified') {
      // Only someone with a registration's password learns this, whoever registered last; a new
      // link, bound to that registration, goes to the address (bounded per address and sender).
      const mail = await limiters.resetMail.hit(email);
      const sender = mail.allowed ? await limiters.addressMail.hit(client) : mail;
      if (sender.allowed && (await auth.resendVerification(result.userId, result.registration))) {
        mailWorker?.nudge();
      }
      logger.info({ reqId: ctx.state.reqId, userId: result.userId }, 'login of unverified');
      throw new ForbiddenError(m.emailNotVerified);
    }
    await signIn(ctx, result.session);
    ctx.body = { code: 200, message: m.signedIn, user: result.session.user };
  });

  router.post('/auth/local/register', async (ctx) => {
    const form = validateRegister(ctx.request.body);
    if (!form.ok) formError(form);
    refuseCommonPassword(form.value.password);
    await limit(limiters.resetMail, form.value.email);
    await limitAddressMail(limiters, ctx);
    const outcome = await auth.register(form.value);
    // Which case it was is for the log alone (no address in it), never for the answer.
    logger.info({ reqId: ctx.state.reqId, outcome }, 'registration e-mail queued');
    mailWorker?.nudge();
    ctx.body = { code: 200, message: m.registerCheckEmail };
  });

  router.post('/auth/verify-email', async (ctx) => {
    await refuseFailingAddress(limiters, ctx);
    const form = validateVerifyEmail(ctx.request.body);
    if (!form.ok) formError(form);
    const current = await readSession(ctx);
    const result = await auth.verifyEmail(
      form.value.token,
      form.value.password,
      current?.user.id ?? null,
    );
    if (result.status === 'otherSession') {
      // Someone else's link must not swap this browser's account (nothing changed, nor counted).
      throw new ConflictError(authAnswers.verifySignedInAsOther, {
        errors: [authAnswers.verifySignedInAsOther],
      });
    }
    if (result.status === 'wrongPassword') {
      await failedFrom(limiters, ctx);
      // Like a refused login: one message above the button, not a second one on the field.
      throw new BadRequestError(authAnswers.verifyWrongPassword, {
        errors: [authAnswers.verifyWrongPassword],
      });
    }
    if (result.status === 'invalid') {
      await failedFrom(limiters, ctx);
      throw new BadRequestError(m.verifyInvalid, { errors: [m.verifyInvalid] });
    }
    const { session } = result;
    logger.info({ reqId: ctx.state.reqId, userId: session.user.id }, 'e-mail address confirmed');
    mailWorker?.nudge();
    await signIn(ctx, session);
    ctx.body = { code: 200, message: m.verified, user: session.user };
  });

  router.post('/auth/logout', async (ctx) => {
    const session = await readSession(ctx);
    if (session) await auth.logout(session.sessionId);
    resetSessionCache(ctx);
    if (ctx.cookies.get(sessionCookieName) !== undefined) writeSessionCookie(ctx, cookies, null);
    ctx.body = { code: 200, message: m.loggedOut };
  });

  router.post('/auth/forgot-password', async (ctx) => {
    const form = validateForgotPassword(ctx.request.body);
    if (!form.ok) formError(form);
    await limit(limiters.resetMail, form.value.email);
    await limitAddressMail(limiters, ctx);
    const queued = await auth.requestPasswordReset(form.value.email, linkOrigin);
    if (queued) {
      logger.info({ reqId: ctx.state.reqId }, 'password reset e-mail queued');
      mailWorker?.nudge();
    }
    ctx.body = { code: 200, message: m.forgotSent };
  });

  router.post('/auth/reset-password', async (ctx) => {
    await refuseFailingAddress(limiters, ctx);
    const form = validateResetPassword(ctx.request.body);
    if (!form.ok) formError(form);
    refuseCommonPassword(form.value.password);
    const done = await auth.resetPassword(form.value.token, form.value.password);
    if (!done) {
      await failedFrom(limiters, ctx);
      throw new BadRequestError(m.resetInvalid, { errors: [m.resetInvalid] });
    }
    // Every session of the account ended, this browser's too.
    resetSessionCache(ctx);
    if (ctx.cookies.get(sessionCookieName) !== undefined) writeSessionCookie(ctx, cookies, null);
    ctx.body = { code: 200, message: m.resetDone };
  });

  router.post('/auth/change-password', async (ctx) => {
    const current = await requireSession(ctx, readSession);
    const form = validateChangePassword(ctx.request.body);
    if (!form.ok) formError(form);
    refuseCommonPassword(form.value.password);
    await limit(limiters.account, current.user.email);
    const session = await auth.changePassword(
      current.user.id,
      form.value.currentPassword,
      form.value.password,
    );
    if (!session) {
      throw new BadRequestError(m.currentPasswordWrong, {
        errors: [m.currentPasswordWrong],
        extra: { fieldErrors: { currentPassword: m.currentPasswordWrong } },
      });
    }
    resetSessionCache(ctx);
    writeSessionCookie(ctx, cookies, session);
    ctx.body = { code: 200, message: m.passwordChanged, user: session.user };
  });

  return router;
}
