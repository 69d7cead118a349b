/**
 * The back office's lists keep their filters, sort and page in the address (so a filtered list
 * can be bookmarked, shared, and comes back with the Back button). These map the page's query
 * string to filters and back, and the filters to the API's query. Anything in the address that is
 * not a valid value is ignored, as if it were not there.
 */
import { productTypes, type AuditEntity, type ProductType } from '../../../api/domain/admin';
import { orderSorts, type AdminMail, type OrderSort } from '../../../api/domain/adminApi';
import { adminDate } from '../../../api/domain/adminQuery';
import { orderStatuses, type OrderStatus } from '../../../api/domain/order';
import type { DataTableSort } from '../../../ui';
import { adminPageTexts } from './texts';

export type SortDirection = 'asc' | 'desc';

/** The orders list: its filters, sort and page. */
export interface OrderFilters {
  status: OrderStatus | null;
  /** YYYY-MM-DD, inclusive. */
  from: string | null;
  to: string | null;
  /** Upper case: "BT7". */
  district: string | null;
  type: ProductType | null;
  sort: OrderSort;
  dir: SortDirection;
  page: number;
}

export const defaultOrderFilters: OrderFilters = {
  status: null,
  from: null,
  to: null,
  district: null,
  type: null,
  sort: 'created',
  dir: 'desc',
  page: 1,
};

/** Rows per page of the orders list. */
export const ordersPageSize = 25;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** "2025-03-31" when it is a real calendar date the back office filters by, else null. */
export function isoDate(value: string | null | undefined): string | null {
  return adminDate(value?.trim());
}

/** "bt 7", "bt7" -> "BT7"; null when it is not a Northern Ireland postcode district. */
export function postcodeDistrict(value: string | null | undefined): string | null {
  const text = (value ?? '').replace(/\s+/g, '').toUpperCase();
  return /^BT\d{1,2}$/.test(text) ? text : null;
}

/** A page number from the address: a whole number from 1, else 1. */
export function pageNumber(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

export function orderFiltersFromSearch(search: URLSearchParams): OrderFilters {
  return {
    status: oneOf(orderStatuses, search.get('status')),
    from: isoDate(search.get('from')),
    to: isoDate(search.get('to')),
    district: postcodeDistrict(search.get('district')),
    type: oneOf(productTypes, search.get('type')),
    sort: oneOf(orderSorts, search.get('sort')) ?? defaultOrderFilters.sort,
    dir: oneOf(['asc', 'desc'] as const, search.get('dir')) ?? defaultOrderFilters.dir,
    page: pageNumber(search.get('page')),
  };
}

/** The page's query string: only what differs from the defaults, in a fixed order. */
export function orderFiltersToSearch(filters: OrderFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (filters.district) search.set('district', filters.district);
  if (filters.type) search.set('type', filters.type);
  if (filters.sort !== defaultOrderFilters.sort || filters.dir !== defaultOrderFilters.dir) {
    search.set('sort', filters.sort);
    search.set('dir', filters.dir);
  }
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** GET /api/admin/orders's query: the filters, and always the sort, the page and its size. */
export function orderApiSearch(filters: OrderFilters, pageSize = ordersPageSize): URLSearchParams {
  const search = orderFiltersToSearch({ ...filters, page: 1 });
  search.set('sort', filters.sort);
  search.set('dir', filters.dir);
  search.set('page', String(filters.page));
  search.set('pageSize', String(pageSize));
  return search;
}

/** The table's sort from the filters (the table's column ids are the API's sort names). */
export function tableSortOf(filters: Pick<OrderFilters, 'sort' | 'dir'>): DataTableSort {
  return { column: filters.sort, direction: filters.dir === 'asc' ? 'ascending' : 'descending' };
}

/** A new sort from the table: back to the first page; an unknown column changes nothing. */
export function withTableSort(filters: OrderFilters, sort: DataTableSort): OrderFilters {
  const column = oneOf(orderSorts, sort.column);
  if (!column) return filters;
  return {
    ...filters,
    sort: column,
    dir: sort.direction === 'ascending' ? 'asc' : 'desc',
    page: 1,
  };
}

/** The orders filter form, as typed (Selects give '' for "all"). */
export interface OrderFilterForm {
  status: string;
  from: string;
  to: string;
  district: string;
  type: string;
}

export function orderFilterFormOf(filters: OrderFilters): OrderFilterForm {
  return {
    status: filters.status ?? '',
    from: filters.from ?? '',
    to: filters.to ?? '',
    district: filters.district ?? '',
    type: filters.type ?? '',
  };
}

export type OrderFilterErrors = Partial<Record<keyof OrderFilterForm, string>>;

/**
 * The form's values as filters (keeping the current sort, from the first page), or the messages
 * of the fields that are not valid.
 */
export function applyOrderFilterForm(
  current: OrderFilters,
  form: OrderFilterForm,
): { ok: true; filters: OrderFilters } | { ok: false; errors: OrderFilterErrors } {
  const texts = adminPageTexts.orders;
  const errors: OrderFilterErrors = {};
  const from = form.from.trim() === '' ? null : isoDate(form.from);
  const to = form.to.trim() === '' ? null : isoDate(form.to);
  const district = form.district.trim() === '' ? null : postcodeDistrict(form.district);
  if (form.from.trim() !== '' && !from) errors.from = texts.dateFormat;
  if (form.to.trim() !== '' && !to) errors.to = texts.dateFormat;
  if (from && to && from > to) errors.to = texts.dateOrder;
  if (form.district.trim() !== '' && !district) errors.district = texts.districtFormat;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    filters: {
      ...current,
      status: oneOf(orderStatuses, form.status),
      from,
      to,
      district,
      type: oneOf(productTypes, form.type),
      page: 1,
    },
  };
}

/* ---- The other lists: one filter and a page ------------------------------------------------- */

export type HandledFilter = 'true' | 'false' | null;

export interface EnquiryFilters {
  handled: HandledFilter;
  page: number;
}

export function enquiryFiltersFromSearch(search: URLSearchParams): EnquiryFilters {
  return {
    handled: oneOf(['true', 'false'] as const, search.get('handled')),
    page: pageNumber(search.get('page')),
  };
}

export function enquiryFiltersToSearch(filters: EnquiryFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.handled) search.set('handled', filters.handled);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

export type MailStatus = AdminMail['status'];
export const mailStatuses: readonly MailStatus[] = ['pending', 'sending', 'sent', 'failed'];

export interface MailFilters {
  status: MailStatus | null;
  page: number;
}

export function mailFiltersFromSearch(search: URLSearchParams): MailFilters {
  return {
    status: oneOf(mailStatuses, search.get('status')),
    page: pageNumber(search.get('page')),
  };
}

export function mailFiltersToSearch(filters: MailFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

export const auditEntities: readonly AuditEntity[] = [
  'order',
  'product',
  'size',
  'image',
  'category',
  'zone',
  'delivery_day',
  'enquiry',
  'mail',
  'user',
];

export interface AuditFilters {
  entity: AuditEntity | null;
  /** Only with an entity. */
  entityId: string | null;
  page: number;
}

export function auditFiltersFromSearch(search: URLSearchParams): AuditFilters {
  const entity = oneOf(auditEntities, search.get('entity'));
  const entityId = search.get('entityId')?.trim().slice(0, 100) || null;
  return { entity, entityId: entity ? entityId : null, page: pageNumber(search.get('page')) };
}

export function auditFiltersToSearch(filters: AuditFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.entity) {
    search.set('entity', filters.entity);
    if (filters.entityId) search.set('entityId', filters.entityId);
  }
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}
