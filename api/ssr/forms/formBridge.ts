import type { Context, Middleware } from 'koa';
import { localRedirectPath } from '../../domain/auth';
import { cookieIsSecure } from '../../routes/cart';
import {
  intentField,
  noticeCookieName,
  noticeMaxAgeSeconds,
  noticeMaxLength,
  type FormOutcome,
} from '../../domain/pageForms';
import { BadRequestError, toAppError, UnsupportedMediaTypeError } from '../../errors';
import { preparsedBodyKey, readRequestBody } from '../../middleware/jsonBody';
import type { ApiAnswer, ApiCall, PageForm } from './types';
import { answerErrors, answerMessage } from './types';

/** The largest form body accepted (the longest form, the enquiry, needs a few kilobytes). */
export const formLimitBytes = 16 * 1024;

/** Files the server renders that are not pages: no form is ever posted there (405). */
const notPages = new Set(['/robots.txt', '/sitemap.xml']);

/** The most fields one form may send. */
const maxFields = 60;

/** Where ssrMiddleware finds the outcome of a refused form (it renders the page with it). */
export const formOutcomeStateKey = 'formOutcome';

export const formMessages = {
  mediaType: 'Send the form as application/x-www-form-urlencoded.',
  encoding: 'The form is not valid UTF-8.',
  tooManyFields: 'The form has too many fields.',
  unknown: 'This form could not be sent. Please go back, reload the page and try again.',
  refused: 'The form could not be sent. Please check it and try again.',
} as const;

export interface FormBridgeOptions {
  forms: readonly PageForm[];
  /** The API's routes (the /api router's middleware), which each form's request goes through. */
  api: Middleware;
  /** The cross-site refusal the API applies (403 for another site's form). */
  crossSite: Middleware;
  cookieSecure: 'auto' | boolean;
  production: boolean;
}

function parseForm(bytes: Buffer): URLSearchParams {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BadRequestError(formMessages.encoding);
  }
  const fields = new URLSearchParams(text);
  if ([...fields.keys()].length > maxFields) throw new BadRequestError(formMessages.tooManyFields);
  return fields;
}

function checkMediaType(header: string): void {
  const [type = '', ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/x-www-form-urlencoded') {
    throw new UnsupportedMediaTypeError(formMessages.mediaType);
  }
  for (const parameter of parameters) {
    const [name, value = ''] = parameter.split('=').map((part) => part.trim());
    if (name === 'charset' && value.replace(/^"|"$/g, '') !== 'utf-8') {
      throw new UnsupportedMediaTypeError(formMessages.mediaType);
    }
  }
}

/**
 * Makes the cookies an API request just set (the cart cookie of a new cart) part of this
 * request's own Cookie header, as the browser would send them: the next request of the form, and
 * the page rendered after a refusal, then see the same cart.
 */
function carryCookies(ctx: Context): void {
  const raw = ctx.response.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  if (lines.length === 0) return;
  const jar = new Map<string, string>();
  for (const pair of (ctx.request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  for (const line of lines) {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
    if (value === '' || expired) jar.delete(name);
    else jar.set(name, value);
  }
  ctx.request.headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * Runs one API request inside this request's context: the same routes, checks, cookies and
 * client address as the page's script would meet. A refusal (4xx) is returned as the API would
 * answer it; a server fault is thrown.
 */
async function dispatch(ctx: Context, api: Middleware, call: ApiCall): Promise<ApiAnswer> {
  const saved = { method: ctx.method, url: ctx.url };
  const state = ctx.state as Record<string, unknown>;
  const headers = ctx.req.headers;
  const savedHeaders = new Map<string, string | string[] | undefined>();
  for (const [name, value] of Object.entries(call.headers ?? {})) {
    const key = name.toLowerCase();
    savedHeaders.set(key, headers[key]);
    headers[key] = value;
  }
  ctx.method = call.method;
  ctx.url = call.path;
  ctx.request.body = call.body;
  state[preparsedBodyKey] = true;
  try {
    await api(ctx, () => Promise.resolve());
    return { status: ctx.status, body: ctx.body };
  } catch (thrown) {
    const error = toAppError(thrown);
    if (error.status >= 500) throw thrown;
    return {
      status: error.status,
      body: { code: error.status, message: error.message, errors: error.errors ?? [] },
    };
  } finally {
    carryCookies(ctx);
    for (const [key, value] of savedHeaders) {
      if (value === undefined) Reflect.deleteProperty(headers, key);
      else headers[key] = value;
    }
    ctx.method = saved.method;
    ctx.url = saved.url;
    ctx.request.body = undefined;
    state[preparsedBodyKey] = false;
    ctx.body = null;
  }
}

/** A success's destination as the browser will be sent there: a local path or a provider's page. */
function safeLocation(location: string): string {
  if (/^https:\/\//i.test(location)) return location;
  return localRedirectPath(location) ?? '/';
}

/**
 * Answers a form posted to a page (not /api): the cross-site refusal first, then a bounded
 * form-encoded body, then the form's API request(s) in-process. Success: 303 to the form's next
 * page, with its notice in a short-lived cookie. Refusal: the page (or the form's refusal page)
 * rendered by `next` (ssrMiddleware) with the API's status and messages. Anything else goes on.
 */
export function formBridge({
  forms,
  api,
  crossSite,
  cookieSecure,
  production,
}: FormBridgeOptions): Middleware {
  return async (ctx, next) => {
    if (
      ctx.method !== 'POST' ||
      ctx.path === '/api' ||
      ctx.path.startsWith('/api/') ||
      notPages.has(ctx.path)
    ) {
      return next();
    }
    await crossSite(ctx, () => Promise.resolve());
    ctx.set('Cache-Control', 'no-store');
    checkMediaType(ctx.get('Content-Type'));
    const fields = parseForm(await readRequestBody(ctx, formLimitBytes));
    const intent = fields.get(intentField) ?? '';
    const form = forms.find(
      (candidate) =>
        candidate.intent === intent && (!candidate.paths || candidate.paths.test(ctx.path)),
    );
    if (!form) throw new BadRequestError(formMessages.unknown);
    // Only the path and query of the page posted to; the origin is never the request's.
    const page = new URL(`${ctx.path}${ctx.search}`, 'http://page.invalid');
    const calls = [form.call(fields, page)].flat();
    let answer: ApiAnswer = { status: 204, body: null };
    for (const call of calls) {
      answer = await dispatch(ctx, api, call);
      if (answer.status >= 400) break;
    }
    if (answer.status < 400) {
      const success = form.success?.(answer, fields, page) ?? {
        location: `${page.pathname}${page.search}`,
      };
      if (success.notice) {
        ctx.cookies.set(
          noticeCookieName,
          encodeURIComponent(success.notice.slice(0, noticeMaxLength)),
          {
            httpOnly: true,
            sameSite: 'lax',
            secure: cookieIsSecure(cookieSecure, production, ctx.secure),
            path: '/',
            maxAge: noticeMaxAgeSeconds * 1000,
            overwrite: true,
          },
        );
      }
      ctx.status = 303;
      ctx.redirect(safeLocation(success.location));
      return;
    }
    const values: Record<string, string> = {};
    for (const name of form.keep ?? []) {
      const value = fields.get(name);
      if (value !== null) values[name] = value.slice(0, 2000);
    }
    const outcome: FormOutcome = {
      intent,
      status: answer.status,
      message: answerMessage(answer, formMessages.refused),
      errors: answerErrors(answer),
      values,
    };
    (ctx.state as Record<string, unknown>)[formOutcomeStateKey] = outcome;
    const refused = form.refusedPage?.(fields, page);
    if (refused) ctx.url = localRedirectPath(refused) ?? '/';
    return next();
  };
}
