/**
 * The back office's calls to `/api/admin/...` (docs/admin.md), from the browser only: the pages'
 * loaders just guard the route, and each page loads its data here once it is on screen. Every
 * call sends the session cookie (same origin); writes send JSON, except an image upload, which
 * sends the file's own bytes and type. A refusal throws an `AdminApiError` carrying the API's
 * `message` (and its `fieldErrors`), which the pages show as they are.
 */
import type { ProductType } from '../../../api/domain/admin';
import type {
  AdminAuditEntry,
  AdminCategory,
  AdminEnquiry,
  AdminLatePayment,
  AdminMail,
  AdminOilPrice,
  AdminOrder,
  AdminOrderRow,
  AdminProduct,
  AdminRefund,
  AdminSummary,
  AdminZone,
} from '../../../api/domain/adminApi';
import { adminTexts } from '../../../api/domain/admin';
import type {
  AdminCalendarChange,
  AdminDayChange,
  AdminDeliveryCalendar,
  AdminDeliveryDays,
} from '../../../api/domain/adminDeliveryDays';
import type { AdminStaffMember, StaffInviteAnswer } from '../../../api/domain/staffInvite';
import { adminPageTexts as t } from './texts';

export const adminApiBase = '/api/admin';

/** A refusal or failure of the admin API, with the message to show. */
export class AdminApiError extends Error {
  /** 0 when the API could not be reached. */
  readonly status: number;
  /** Messages per field (`title`, `prices[0].price`, ...), when the API named the fields. */
  readonly fieldErrors: Record<string, string>;
  constructor(
    status: number,
    message: string,
    fieldErrors: Record<string, string> = {},
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'AdminApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/** The message to show for anything a call threw. */
export function errorMessage(error: unknown): string {
  if (error instanceof AdminApiError) return error.message;
  return t.networkFailure;
}

/** What the page says when an answer has no message of its own. */
function fallbackMessage(status: number): string {
  if (status === 404) return t.notFound;
  if (status === 413) return adminTexts.uploadTooLarge('5 MB');
  if (status === 415) return adminTexts.uploadNotImage;
  return t.failedWithStatus(status);
}

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

export interface AdminRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent as it is (an image's bytes), with `contentType`. */
  bytes?: Blob;
  contentType?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * One call. Resolves with the answer's JSON (undefined for 204); rejects with an AdminApiError
 * for a refusal or an unreachable API, or with the AbortError when `signal` aborted it.
 */
export async function adminRequest<T>(path: string, init: AdminRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.bytes !== undefined) {
    headers['content-type'] = init.contentType || 'application/octet-stream';
    body = init.bytes;
  }
  let res: Response;
  try {
    res = await fetch(`${adminApiBase}${path}`, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      cache: 'no-store',
      headers,
      body,
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new AdminApiError(0, t.networkFailure, {}, error);
  }
  if (res.status === 204) return undefined as T;
  const json: unknown = await res.json().catch(() => null);
  const answer = json && typeof json === 'object' ? (json as Record<string, unknown>) : null;
  if (!res.ok || !answer) {
    const message =
      answer && typeof answer.message === 'string' && answer.message.trim() !== ''
        ? answer.message
        : fallbackMessage(res.status);
    throw new AdminApiError(res.status, message, stringRecord(answer?.fieldErrors));
  }
  return answer as T;
}

const id = (value: string | number) => encodeURIComponent(String(value));
const withQuery = (path: string, query?: URLSearchParams) => {
  const search = query?.toString() ?? '';
  return search ? `${path}?${search}` : path;
};

/** The paging of every list answer. */
export interface Paging {
  total: number;
  page: number;
  pageSize: number;
}

/** How many pages a list answer spans (at least 1). */
export function pageCountOf(paging: Paging): number {
  if (paging.pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(paging.total / paging.pageSize));
}

/* ---- What the forms send ------------------------------------------------------------------ */

/** A product as the form sends it: prices in pounds ("12.34"), or null for none. */
export interface ProductInput {
  title: string;
  slug: string;
  description: string;
  type: ProductType;
  bestSeller: boolean;
  visible: boolean;
  price: string | null;
}

export interface SizeInput {
  title: string;
  price: string | null;
  litres: number | null;
  kilograms: number | null;
}

export interface ZoneInput {
  title: string;
  rate: string;
  minimumOrder: string;
  /** Outward codes: "bt1". */
  postcodes: string[];
}

/** A day's change as the delivery days page sends it: a capacity, closed or open. */
export interface DeliveryDayInput {
  capacity?: number;
  closed?: boolean;
}

export interface CategoryInput {
  title: string;
}

export interface RefundInput {
  /** Pounds ("12.34"); left out to refund everything left. */
  amount?: string;
  reason?: string;
}

/* ---- The calls ---------------------------------------------------------------------------- */

type Signal = AbortSignal | undefined;

export const adminApi = {
  summary: (signal?: Signal) => adminRequest<AdminSummary>('/summary', { signal }),

  products: (signal?: Signal) =>
    adminRequest<{ products: AdminProduct[] }>('/products', { signal }),
  product: (productId: number | string, signal?: Signal) =>
    adminRequest<{ product: AdminProduct }>(`/products/${id(productId)}`, { signal }),
  createProduct: (input: ProductInput) =>
    adminRequest<{ product: AdminProduct }>('/products', { method: 'POST', json: input }),
  updateProduct: (productId: number, input: Partial<ProductInput>) =>
    adminRequest<{ product: AdminProduct }>(`/products/${id(productId)}`, {
      method: 'PATCH',
      json: input,
    }),
  addSize: (productId: number, input: SizeInput) =>
    adminRequest<{ product: AdminProduct }>(`/products/${id(productId)}/sizes`, {
      method: 'POST',
      json: input,
    }),
  updateSize: (sizeId: number, input: Partial<SizeInput>) =>
    adminRequest<{ product: AdminProduct }>(`/sizes/${id(sizeId)}`, {
      method: 'PATCH',
      json: input,
    }),
  deleteSize: (sizeId: number) =>
    adminRequest<{ product: AdminProduct }>(`/sizes/${id(sizeId)}`, { method: 'DELETE' }),
  /** POSTs the file's bytes with its own Content-Type (the API refuses anything but images). */
  uploadImage: (productId: number, file: Blob) =>
    adminRequest<{ product: AdminProduct }>(`/products/${id(productId)}/images`, {
      method: 'POST',
      bytes: file,
      contentType: file.type,
    }),
  deleteImage: (imageId: number) =>
    adminRequest<{ product: AdminProduct }>(`/images/${id(imageId)}`, { method: 'DELETE' }),

  oilPrices: (signal?: Signal) =>
    adminRequest<{ sizes: AdminOilPrice[] }>('/prices/oil', { signal }),
  saveOilPrices: (prices: { sizeId: number; price: string }[]) =>
    adminRequest<{ sizes: AdminOilPrice[] }>('/prices/oil', { method: 'PUT', json: { prices } }),

  categories: (signal?: Signal) =>
    adminRequest<{ categories: AdminCategory[] }>('/categories', { signal }),
  updateCategory: (categoryId: number, input: CategoryInput) =>
    adminRequest<{ category: AdminCategory }>(`/categories/${id(categoryId)}`, {
      method: 'PATCH',
      json: input,
    }),

  zones: (signal?: Signal) => adminRequest<{ zones: AdminZone[] }>('/zones', { signal }),
  createZone: (input: ZoneInput) =>
    adminRequest<{ zone: AdminZone }>('/zones', { method: 'POST', json: input }),
  updateZone: (zoneId: number, input: ZoneInput) =>
    adminRequest<{ zone: AdminZone }>(`/zones/${id(zoneId)}`, { method: 'PATCH', json: input }),
  deleteZone: (zoneId: number) =>
    adminRequest<undefined>(`/zones/${id(zoneId)}`, { method: 'DELETE' }),

  /** `days` days of the zone from `from` (YYYY-MM-DD; today in London when left out). */
  deliveryDays: (zoneId: number, from: string | null, days: number, signal?: Signal) =>
    adminRequest<AdminDeliveryDays>(
      withQuery(
        '/delivery-days',
        new URLSearchParams({
          zone: String(zoneId),
          ...(from ? { from } : {}),
          days: String(days),
        }),
      ),
      { signal },
    ),
  changeDeliveryDay: (zoneId: number, day: string, change: DeliveryDayInput) =>
    adminRequest<AdminDayChange>(`/delivery-days/${id(zoneId)}/${id(day)}`, {
      method: 'PUT',
      json: change,
    }),
  saveDeliveryCalendar: (zoneId: number, calendar: AdminDeliveryCalendar) =>
    adminRequest<AdminCalendarChange>(`/delivery-calendars/${id(zoneId)}`, {
      method: 'PUT',
      json: calendar,
    }),

  /** `query` as `orderApiSearch` makes it. */
  orders: (query: URLSearchParams, signal?: Signal) =>
    adminRequest<Paging & { orders: AdminOrderRow[] }>(withQuery('/orders', query), { signal }),
  order: (orderId: string, signal?: Signal) =>
    adminRequest<{ order: AdminOrder }>(`/orders/${id(orderId)}`, { signal }),
  moveOrder: (orderId: string, status: 'out_for_delivery' | 'delivered') =>
    adminRequest<{ order: AdminOrder }>(`/orders/${id(orderId)}/status`, {
      method: 'POST',
      json: { status },
    }),
  addNote: (orderId: string, text: string) =>
    adminRequest<{ order: AdminOrder }>(`/orders/${id(orderId)}/notes`, {
      method: 'POST',
      json: { text },
    }),
  /** `idempotencyKey` is made once per submitted refund form: a repeat answers the same refund. */
  refund: (orderId: string, input: RefundInput, idempotencyKey: string) =>
    adminRequest<{ order: AdminOrder; refund: AdminRefund }>(`/orders/${id(orderId)}/refunds`, {
      method: 'POST',
      json: input,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),

  enquiries: (query: URLSearchParams, signal?: Signal) =>
    adminRequest<Paging & { enquiries: AdminEnquiry[] }>(withQuery('/enquiries', query), {
      signal,
    }),
  enquiry: (enquiryId: string, signal?: Signal) =>
    adminRequest<{ enquiry: AdminEnquiry }>(`/enquiries/${id(enquiryId)}`, { signal }),
  setEnquiryHandled: (enquiryId: string, handled: boolean) =>
    adminRequest<{ enquiry: AdminEnquiry }>(`/enquiries/${id(enquiryId)}`, {
      method: 'PATCH',
      json: { handled },
    }),

  mail: (query: URLSearchParams, signal?: Signal) =>
    adminRequest<Paging & { mail: AdminMail[] }>(withQuery('/mail', query), { signal }),
  retryMail: (mailId: string) =>
    adminRequest<{ mail: AdminMail }>(`/mail/${id(mailId)}/retry`, { method: 'POST' }),

  latePayments: (signal?: Signal) =>
    adminRequest<{ latePayments: AdminLatePayment[] }>('/late-payments', { signal }),
  /** One click: the same late payment again answers the refund already made. */
  refundLatePayment: (latePaymentId: string) =>
    adminRequest<{ latePayment: AdminLatePayment }>(`/late-payments/${id(latePaymentId)}/refund`, {
      method: 'POST',
    }),

  staff: (signal?: Signal) => adminRequest<{ staff: AdminStaffMember[] }>('/staff', { signal }),
  /** E-mails the colleague a single-use link; the answer says what it did (never the link). */
  inviteStaff: (email: string) =>
    adminRequest<StaffInviteAnswer>('/staff', { method: 'POST', json: { email } }),

  audit: (query: URLSearchParams, signal?: Signal) =>
    adminRequest<Paging & { entries: AdminAuditEntry[] }>(withQuery('/audit', query), { signal }),
};

/** The driver's run for one day (YYYY-MM-DD), as a CSV download link's address. */
export function deliveriesCsvHref(date: string): string {
  return `${adminApiBase}/deliveries.csv?${new URLSearchParams({ date }).toString()}`;
}

/** The driver's run for a booked delivery day (YYYY-MM-DD): its paid orders, by postcode. */
export function deliveryRunCsvHref(day: string): string {
  return `${adminApiBase}/deliveries.csv?${new URLSearchParams({ day }).toString()}`;
}
