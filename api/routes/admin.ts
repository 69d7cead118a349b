import Router from '@koa/router';
import type { Context } from 'koa';
import {
  adminTexts,
  categorySchema,
  isStaff,
  noteSchema,
  priceUpdateSchema,
  productSchema,
  productTypes,
  refundSchema,
  sizeSchema,
  zoneSchema,
  type ProductType,
} from '../domain/admin';
import { orderSorts, type OrderSort } from '../domain/adminApi';
import {
  calendarProblems,
  deliveryCalendarSchema,
  deliveryDayChangeSchema,
  deliveryDaysSpan,
  deliveryDayTexts,
} from '../domain/adminDeliveryDays';
import {
  adminDate,
  adminDateMessage,
  adminQueryProblem,
  adminWholeNumber,
  auditEntities,
} from '../domain/adminQuery';
import { isOrderStatus } from '../domain/order';
import { staffInviteSchema } from '../domain/staffInvite';
import {
  AppError,
  BadRequestError,
  NotFoundError,
  PayloadTooLargeError,
  PreconditionRequiredError,
  UnsupportedMediaTypeError,
} from '../errors';
import { readRequestBody } from '../middleware/jsonBody';
import type { CurrentSession } from '../services/auth/service';
import { auditEntries, validated, type Actor } from '../services/admin/audit';
import { sniffImage, type AdminCatalogue } from '../services/admin/catalogue';
import type { AdminDeliveryDaysService } from '../services/admin/deliveryDays';
import { isMailStatus, type AdminInbox } from '../services/admin/inbox';
import type { AdminOrders } from '../services/admin/orders';
import type { AdminStaff } from '../services/admin/staff';
import { LatePaymentRefundFailed, type LatePayments } from '../services/payments';
import type { Database } from '../db/client';

/** The largest product image the back office takes. */
export const imageLimitBytes = 5 * 1024 * 1024;
const imageLimitText = '5 MB';
const imageTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The image upload path, whose body the route reads itself (after the staff check). */
export const imageUploadPath = /^\/api\/admin\/products\/[^/]+\/images$/;

/** The same answer as a path that does not exist, so the back office is not revealed. */
export const adminNotFoundMessage = 'No such API endpoint.';

export interface AdminRouteDeps {
  db: Database;
  readSession: (ctx: Context) => Promise<CurrentSession | null>;
  catalogue: AdminCatalogue;
  orders: AdminOrders;
  inbox: AdminInbox;
  /** Payments taken for cancelled or expired orders (api/services/payments/latePayments.ts). */
  latePayments: LatePayments;
  /** Staff accounts: the list, and inviting a colleague by e-mail (api/services/admin/staff.ts). */
  staff: AdminStaff;
  /** The zones' delivery days and calendars (api/services/admin/deliveryDays.ts). */
  deliveryDays: AdminDeliveryDaysService;
}

function intParam(value: string | undefined): number {
  if (value === undefined || !/^[1-9]\d{0,8}$/.test(value)) throw new NotFoundError('Not found.');
  return Number(value);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function uuidParam(value: string | undefined): string {
  const lower = (value ?? '').toLowerCase();
  if (!uuidPattern.test(lower)) throw new NotFoundError('Not found.');
  return lower;
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

/** A date parameter: absent or empty is undefined; else a real day from 2000 to 2100, or 400. */
function day(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const date = adminDate(value);
  if (date === null) throw new BadRequestError(adminDateMessage(name));
  return date;
}

/** `?page=` and `?pageSize=` (page from 1 to 10,000, size from 1 to 100), or 400. */
function paging(query: Context['query'], defaultSize = 25): { page: number; pageSize: number } {
  const page = adminWholeNumber(one(query.page), 1, 10_000);
  if (page === null) throw new BadRequestError('Give page as a whole number from 1 to 10000.');
  const pageSize = adminWholeNumber(one(query.pageSize), defaultSize, 100);
  if (pageSize === null)
    throw new BadRequestError('Give pageSize as a whole number from 1 to 100.');
  return { page, pageSize };
}

/**
 * The back office's JSON API (docs/admin.md), under /api/admin. The first middleware lets only a
 * signed-in staff member through: anyone else gets the API's ordinary 404, so the area is not
 * revealed. Writes are already refused from other sites by the API's cross-site guard.
 */
export function adminRoutes({
  db,
  readSession,
  catalogue,
  orders,
  inbox,
  latePayments,
  staff,
  deliveryDays,
}: AdminRouteDeps): Router {
  const router = new Router({ prefix: '/admin' });

  router.use(async (ctx, next) => {
    const session = await readSession(ctx);
    if (!session || !isStaff(session.user)) throw new NotFoundError(adminNotFoundMessage);
    (ctx.state as { actor?: Actor }).actor = { id: session.user.id, email: session.user.email };
    ctx.set('Cache-Control', 'no-store');
    // Every route's query, before its own checks: bounded, each parameter once, no control
    // characters (which PostgreSQL refuses in text).
    const problem = adminQueryProblem(ctx.query);
    if (problem !== null) throw new BadRequestError(problem);
    await next();
  });

  const actor = (ctx: Context): Actor => (ctx.state as { actor: Actor }).actor;

  router.get('/summary', async (ctx) => {
    ctx.body = { toDeliver: await orders.toDeliver(), ...(await inbox.counts()) };
  });

  // Catalogue.
  router.get('/products', async (ctx) => {
    ctx.body = { products: await catalogue.products() };
  });
  router.post('/products', async (ctx) => {
    const form = validated(productSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = { product: await catalogue.createProduct(actor(ctx), form) };
  });
  router.get('/products/:id', async (ctx) => {
    ctx.body = { product: await catalogue.product(intParam(ctx.params.id)) };
  });
  router.patch('/products/:id', async (ctx) => {
    const id = intParam(ctx.params.id);
    const form = validated(productSchema, ctx.request.body, { partial: true });
    ctx.body = { product: await catalogue.updateProduct(actor(ctx), id, form) };
  });
  router.post('/products/:id/sizes', async (ctx) => {
    const id = intParam(ctx.params.id);
    const form = validated(sizeSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = { product: await catalogue.addSize(actor(ctx), id, form) };
  });
  router.patch('/sizes/:id', async (ctx) => {
    const id = intParam(ctx.params.id);
    const form = validated(sizeSchema, ctx.request.body, { partial: true });
    ctx.body = { product: await catalogue.updateSize(actor(ctx), id, form) };
  });
  router.delete('/sizes/:id', async (ctx) => {
    ctx.body = { product: await catalogue.deleteSize(actor(ctx), intParam(ctx.params.id)) };
  });
  router.post('/products/:id/images', async (ctx) => {
    const id = intParam(ctx.params.id);
    const type = ctx.get('Content-Type').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!imageTypes.has(type)) {
      ctx.set('Connection', 'close');
      throw new UnsupportedMediaTypeError(adminTexts.uploadNotImage);
    }
    let bytes: Buffer;
    try {
      bytes = await readRequestBody(ctx, imageLimitBytes);
    } catch (error) {
      if (error instanceof PayloadTooLargeError) {
        throw new PayloadTooLargeError(adminTexts.uploadTooLarge(imageLimitText));
      }
      throw error;
    }
    if (bytes.length === 0) throw new BadRequestError(adminTexts.uploadEmpty);
    const image = sniffImage(bytes);
    if (!image || image.type !== type) {
      throw new UnsupportedMediaTypeError(adminTexts.uploadNotImage);
    }
    ctx.status = 201;
    ctx.body = { product: await catalogue.addImage(actor(ctx), id, bytes, image) };
  });
  router.delete('/images/:id', async (ctx) => {
    ctx.body = { product: await catalogue.deleteImage(actor(ctx), intParam(ctx.params.id)) };
  });
  router.get('/prices/oil', async (ctx) => {
    ctx.body = { sizes: await catalogue.oilPrices() };
  });
  router.put('/prices/oil', async (ctx) => {
    const form = validated(priceUpdateSchema, ctx.request.body);
    ctx.body = { sizes: await catalogue.updateOilPrices(actor(ctx), form.prices) };
  });
  router.get('/categories', async (ctx) => {
    ctx.body = { categories: await catalogue.categories() };
  });
  router.patch('/categories/:id', async (ctx) => {
    const id = intParam(ctx.params.id);
    const form = validated(categorySchema, ctx.request.body, { partial: true });
    ctx.body = { category: await catalogue.updateCategory(actor(ctx), id, form) };
  });
  router.get('/zones', async (ctx) => {
    ctx.body = { zones: await catalogue.zones() };
  });
  router.post('/zones', async (ctx) => {
    const form = validated(zoneSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = { zone: await catalogue.saveZone(actor(ctx), null, form) };
  });
  router.patch('/zones/:id', async (ctx) => {
    const id = intParam(ctx.params.id);
    const form = validated(zoneSchema, ctx.request.body);
    ctx.body = { zone: await catalogue.saveZone(actor(ctx), id, form) };
  });
  router.delete('/zones/:id', async (ctx) => {
    await catalogue.deleteZone(actor(ctx), intParam(ctx.params.id));
    ctx.status = 204;
  });

  // Delivery days: each day's room in a zone, closing a day (its orders move), the calendar.
  router.get('/delivery-days', async (ctx) => {
    const zone = one(ctx.query.zone);
    if (zone === undefined || zone === '') throw new BadRequestError(deliveryDayTexts.zoneRequired);
    if (!/^[1-9]\d{0,8}$/.test(zone)) throw new BadRequestError(deliveryDayTexts.zoneFormat);
    const from = day(one(ctx.query.from), 'the first day');
    const span = adminWholeNumber(
      one(ctx.query.days),
      deliveryDaysSpan.default,
      deliveryDaysSpan.max,
    );
    if (span === null) throw new BadRequestError(deliveryDayTexts.daysFormat);
    ctx.body = await deliveryDays.days(Number(zone), from, span);
  });
  router.put('/delivery-days/:zoneId/:day', async (ctx) => {
    const zoneId = intParam(ctx.params.zoneId);
    const date = day(ctx.params.day, 'the day');
    if (date === undefined) throw new BadRequestError(adminDateMessage('the day'));
    const change = validated(deliveryDayChangeSchema, ctx.request.body);
    ctx.body = await deliveryDays.changeDay(actor(ctx), zoneId, date, change);
  });
  router.put('/delivery-calendars/:zoneId', async (ctx) => {
    const zoneId = intParam(ctx.params.zoneId);
    const form = validated(deliveryCalendarSchema, ctx.request.body);
    const problems = calendarProblems(form);
    if (problems) {
      throw new BadRequestError(problems.message, {
        errors: [problems.message],
        extra: { fieldErrors: problems.fieldErrors },
      });
    }
    ctx.body = await deliveryDays.setCalendar(actor(ctx), zoneId, form);
  });

  // Orders.
  router.get('/orders', async (ctx) => {
    const q = ctx.query;
    const status = one(q.status);
    const type = one(q.type);
    const sort = one(q.sort) ?? 'created';
    const dir = one(q.dir) ?? 'desc';
    const district = one(q.district)?.trim();
    if (status && !isOrderStatus(status)) throw new BadRequestError('Unknown order status.');
    if (type && !(productTypes as readonly string[]).includes(type)) {
      throw new BadRequestError('Unknown product type.');
    }
    if (!(orderSorts as readonly string[]).includes(sort) || (dir !== 'asc' && dir !== 'desc')) {
      throw new BadRequestError('Sort by created, number, total or status, asc or desc.');
    }
    if (district && !/^bt\d{1,2}$/i.test(district)) {
      throw new BadRequestError(
        'Give the postcode district as BT followed by its number, such as BT7.',
      );
    }
    const from = day(one(q.from), 'the From date');
    const to = day(one(q.to), 'the To date');
    if (from && to && from > to) {
      throw new BadRequestError('The From date must not be after the To date.');
    }
    const { page, pageSize } = paging(q);
    const found = await orders.list({
      ...(status && isOrderStatus(status) ? { status } : {}),
      ...(type ? { type: type as ProductType } : {}),
      ...(district ? { district } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      sort: sort as OrderSort,
      dir,
      page,
      pageSize,
    });
    ctx.body = { ...found, page, pageSize };
  });
  router.get('/orders/:id', async (ctx) => {
    ctx.body = { order: await orders.order(uuidParam(ctx.params.id)) };
  });
  router.post('/orders/:id/status', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const body = ctx.request.body as { status?: unknown } | undefined;
    const to = body?.status;
    if (to !== 'out_for_delivery' && to !== 'delivered') {
      throw new BadRequestError('Set status to out_for_delivery or delivered.');
    }
    ctx.body = { order: await orders.moveStatus(actor(ctx), id, to) };
  });
  router.post('/orders/:id/notes', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const form = validated(noteSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = { order: await orders.addNote(actor(ctx), id, form.text) };
  });
  router.post('/orders/:id/refunds', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const key = ctx.get('Idempotency-Key').trim();
    if (key === '') {
      throw new PreconditionRequiredError('Send an Idempotency-Key header with each refund.');
    }
    if (!/^[A-Za-z0-9_-]{8,100}$/.test(key)) {
      throw new BadRequestError('The Idempotency-Key must be 8 to 100 letters, digits, - or _.');
    }
    const form = validated(refundSchema, ctx.request.body);
    const result = await orders.refund(actor(ctx), id, form, key);
    ctx.status = result.replay ? 200 : 201;
    ctx.body = { order: result.order, refund: result.refund };
  });
  // Late payments: money taken for cancelled or expired orders, refunded automatically or here.
  router.get('/late-payments', async (ctx) => {
    ctx.body = { latePayments: await latePayments.list() };
  });
  router.post('/late-payments/:id/refund', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    try {
      const result = await latePayments.refund(id, actor(ctx));
      // A repeated click answers the refund already made (200), not a second one.
      ctx.status = result.replay ? 200 : 201;
      ctx.body = { latePayment: result.payment };
    } catch (error) {
      if (error instanceof LatePaymentRefundFailed) {
        throw new AppError(502, adminTexts.refundFailed, {
          errors: [adminTexts.refundFailed],
          cause: error,
        });
      }
      throw error;
    }
  });
  router.get('/deliveries.csv', async (ctx) => {
    // ?day=: the driver's run for a booked delivery day; ?date=: the orders sent out that day.
    const run = day(one(ctx.query.day), 'the delivery day');
    const sent = day(one(ctx.query.date), 'the delivery date');
    if (run && sent) {
      throw new BadRequestError(
        'Give either day (the orders booked for that day) or date (the orders sent out that day), not both.',
      );
    }
    const date = run ?? sent ?? ukToday();
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set(
      'Content-Disposition',
      `attachment; filename="${run ? 'delivery-run' : 'deliveries'}-${date}.csv"`,
    );
    ctx.body = run ? await orders.deliveryRunCsv(run) : await orders.deliveriesCsv(date);
  });

  // Enquiries and mail.
  router.get('/enquiries', async (ctx) => {
    const handled = one(ctx.query.handled);
    if (handled !== undefined && handled !== 'true' && handled !== 'false') {
      throw new BadRequestError('Filter handled by true or false.');
    }
    const { page, pageSize } = paging(ctx.query);
    const found = await inbox.enquiries({
      ...(handled === undefined ? {} : { handled: handled === 'true' }),
      page,
      pageSize,
    });
    ctx.body = { ...found, page, pageSize };
  });
  router.get('/enquiries/:id', async (ctx) => {
    ctx.body = { enquiry: await inbox.enquiry(uuidParam(ctx.params.id)) };
  });
  router.patch('/enquiries/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const handled = (ctx.request.body as { handled?: unknown } | undefined)?.handled;
    if (typeof handled !== 'boolean') throw new BadRequestError('Set handled to true or false.');
    ctx.body = { enquiry: await inbox.setHandled(actor(ctx), id, handled) };
  });
  router.get('/mail', async (ctx) => {
    const status = one(ctx.query.status);
    if (status !== undefined && !isMailStatus(status)) {
      throw new BadRequestError('Filter status by pending, sending, sent or failed.');
    }
    const { page, pageSize } = paging(ctx.query);
    const found = await inbox.mail({ ...(status ? { status } : {}), page, pageSize });
    ctx.body = { ...found, page, pageSize };
  });
  router.post('/mail/:id/retry', async (ctx) => {
    ctx.body = { mail: await inbox.retryMail(actor(ctx), uuidParam(ctx.params.id)) };
  });
  // Staff: who is on the staff, and inviting a colleague (an e-mail with a single-use link to
  // choose a password; the link is never in the answer).
  router.get('/staff', async (ctx) => {
    ctx.body = { staff: await staff.list() };
  });
  router.post('/staff', async (ctx) => {
    const form = validated(staffInviteSchema, ctx.request.body);
    const answer = await staff.invite(actor(ctx), form.email);
    ctx.status = answer.code;
    ctx.body = answer;
  });
  router.get('/audit', async (ctx) => {
    const entity = one(ctx.query.entity);
    const entityId = one(ctx.query.entityId);
    if (entity && !(auditEntities as readonly string[]).includes(entity)) {
      throw new BadRequestError(`Filter entity by one of: ${auditEntities.join(', ')}.`);
    }
    if (entityId && entityId.length > 100) {
      throw new BadRequestError('entityId is too long: at most 100 characters.');
    }
    const { page, pageSize } = paging(ctx.query, 50);
    const found = await auditEntries(db, {
      ...(entity ? { entity } : {}),
      ...(entityId ? { entityId } : {}),
      page,
      pageSize,
    });
    ctx.body = { ...found, page, pageSize };
  });

  return router;
}

/** Today's date in the UK (YYYY-MM-DD). */
export function ukToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}
