import { describe, expect, it } from 'vitest';
import {
  applyOrderFilterForm,
  auditFiltersFromSearch,
  auditFiltersToSearch,
  defaultOrderFilters,
  enquiryFiltersFromSearch,
  enquiryFiltersToSearch,
  isoDate,
  mailFiltersFromSearch,
  mailFiltersToSearch,
  orderApiSearch,
  orderFilterFormOf,
  orderFiltersFromSearch,
  orderFiltersToSearch,
  pageNumber,
  postcodeDistrict,
  tableSortOf,
  withTableSort,
  type OrderFilters,
} from './query';

const search = (text: string) => new URLSearchParams(text);

describe('the orders list in the address', () => {
  it('an empty query string is the defaults: newest first, page 1', () => {
    expect(orderFiltersFromSearch(search(''))).toEqual(defaultOrderFilters);
    expect(orderFiltersToSearch(defaultOrderFilters).toString()).toBe('');
  });

  it('reads every filter, the sort and the page', () => {
    const filters = orderFiltersFromSearch(
      search(
        'status=out_for_delivery&from=2025-03-01&to=2025-03-31&district=bt7&type=oil&sort=total&dir=asc&page=3',
      ),
    );
    expect(filters).toEqual({
      status: 'out_for_delivery',
      from: '2025-03-01',
      to: '2025-03-31',
      district: 'BT7',
      type: 'oil',
      sort: 'total',
      dir: 'asc',
      page: 3,
    });
  });

  it('round-trips: filters -> query string -> the same filters', () => {
    const filters: OrderFilters = {
      status: 'paid',
      from: '2025-01-02',
      to: null,
      district: 'BT71',
      type: 'coal',
      sort: 'number',
      dir: 'desc',
      page: 2,
    };
    const text = orderFiltersToSearch(filters).toString();
    expect(text).toBe(
      'status=paid&from=2025-01-02&district=BT71&type=coal&sort=number&dir=desc&page=2',
    );
    expect(orderFiltersFromSearch(search(text))).toEqual(filters);
  });

  it('ignores values that are not valid, as if they were absent', () => {
    expect(
      orderFiltersFromSearch(
        search(
          'status=shipped&from=2025-02-30&to=31/03/2025&district=Belfast&type=gas&sort=name&dir=up&page=-2',
        ),
      ),
    ).toEqual(defaultOrderFilters);
    expect(orderFiltersFromSearch(search('page=abc')).page).toBe(1);
    expect(orderFiltersFromSearch(search('page=0')).page).toBe(1);
  });

  it('keeps the sort in the address only when it is not the default', () => {
    expect(orderFiltersToSearch({ ...defaultOrderFilters, dir: 'asc' }).toString()).toBe(
      'sort=created&dir=asc',
    );
    expect(orderFiltersToSearch({ ...defaultOrderFilters, page: 1 }).has('page')).toBe(false);
  });

  it('asks the API with the filters and always the sort, page and page size', () => {
    const text = orderApiSearch(
      { ...defaultOrderFilters, district: 'BT7', page: 4 },
      50,
    ).toString();
    expect(text).toBe('district=BT7&sort=created&dir=desc&page=4&pageSize=50');
  });
});

describe('the table sort', () => {
  it('maps the API sort to the table and back, returning to page 1', () => {
    expect(tableSortOf({ sort: 'created', dir: 'desc' })).toEqual({
      column: 'created',
      direction: 'descending',
    });
    expect(tableSortOf({ sort: 'total', dir: 'asc' })).toEqual({
      column: 'total',
      direction: 'ascending',
    });
    const next = withTableSort(
      { ...defaultOrderFilters, page: 5 },
      { column: 'status', direction: 'ascending' },
    );
    expect(next).toMatchObject({ sort: 'status', dir: 'asc', page: 1 });
  });

  it('an unknown column changes nothing', () => {
    const filters = { ...defaultOrderFilters, page: 5 };
    expect(withTableSort(filters, { column: 'customer', direction: 'ascending' })).toBe(filters);
  });
});

describe('the orders filter form', () => {
  it('applies its values from the first page, keeping the sort', () => {
    const current: OrderFilters = { ...defaultOrderFilters, sort: 'total', dir: 'asc', page: 3 };
    const applied = applyOrderFilterForm(current, {
      status: 'paid',
      from: '2025-03-01',
      to: '2025-03-01',
      district: ' bt 9 ',
      type: '',
    });
    expect(applied).toEqual({
      ok: true,
      filters: {
        status: 'paid',
        from: '2025-03-01',
        to: '2025-03-01',
        district: 'BT9',
        type: null,
        sort: 'total',
        dir: 'asc',
        page: 1,
      },
    });
  });

  it('names the fields that are not valid', () => {
    const applied = applyOrderFilterForm(defaultOrderFilters, {
      status: '',
      from: '2025-13-01',
      to: '',
      district: 'Belfast',
      type: '',
    });
    expect(applied).toEqual({
      ok: false,
      errors: {
        from: 'Enter a date such as 2025-03-31.',
        district: 'Enter a postcode district such as BT7.',
      },
    });
  });

  it('refuses a From date after the To date', () => {
    const applied = applyOrderFilterForm(defaultOrderFilters, {
      status: '',
      from: '2025-04-01',
      to: '2025-03-01',
      district: '',
      type: '',
    });
    expect(applied).toEqual({
      ok: false,
      errors: { to: 'The From date must be on or before the To date.' },
    });
  });

  it('starts from the filters in the address', () => {
    expect(orderFilterFormOf({ ...defaultOrderFilters, status: 'paid', district: 'BT1' })).toEqual({
      status: 'paid',
      from: '',
      to: '',
      district: 'BT1',
      type: '',
    });
  });
});

describe('values', () => {
  it('isoDate accepts real calendar dates only, from 2000 to 2100', () => {
    expect(isoDate('0000-01-01')).toBeNull();
    expect(isoDate('1999-12-31')).toBeNull();
    expect(isoDate('2101-01-01')).toBeNull();
    expect(isoDate(' 2000-01-01 ')).toBe('2000-01-01');
    expect(isoDate('2024-02-29')).toBe('2024-02-29');
    expect(isoDate('2025-02-29')).toBeNull();
    expect(isoDate('2025-3-1')).toBeNull();
    expect(isoDate(null)).toBeNull();
  });

  it('postcodeDistrict normalises BT districts and refuses anything else', () => {
    expect(postcodeDistrict('bt7')).toBe('BT7');
    expect(postcodeDistrict('BT 71')).toBe('BT71');
    expect(postcodeDistrict('BT123')).toBeNull();
    expect(postcodeDistrict('SW1')).toBeNull();
    expect(postcodeDistrict('')).toBeNull();
  });

  it('pageNumber is a whole number from 1', () => {
    expect(pageNumber('7')).toBe(7);
    expect(pageNumber('1.5')).toBe(1);
    expect(pageNumber(null)).toBe(1);
  });
});

describe('the other lists', () => {
  it('enquiries: handled true/false and a page', () => {
    expect(enquiryFiltersFromSearch(search('handled=false&page=2'))).toEqual({
      handled: 'false',
      page: 2,
    });
    expect(enquiryFiltersFromSearch(search('handled=maybe'))).toEqual({ handled: null, page: 1 });
    expect(enquiryFiltersToSearch({ handled: 'true', page: 1 }).toString()).toBe('handled=true');
  });

  it('mail: a known status and a page', () => {
    expect(mailFiltersFromSearch(search('status=failed&page=3'))).toEqual({
      status: 'failed',
      page: 3,
    });
    expect(mailFiltersFromSearch(search('status=bounced'))).toEqual({ status: null, page: 1 });
    expect(mailFiltersToSearch({ status: null, page: 2 }).toString()).toBe('page=2');
  });

  it('audit: an entity, its id only with an entity, and a page', () => {
    expect(auditFiltersFromSearch(search('entity=order&entityId=abc&page=2'))).toEqual({
      entity: 'order',
      entityId: 'abc',
      page: 2,
    });
    expect(auditFiltersFromSearch(search('entityId=abc'))).toEqual({
      entity: null,
      entityId: null,
      page: 1,
    });
    expect(auditFiltersToSearch({ entity: 'zone', entityId: '3', page: 1 }).toString()).toBe(
      'entity=zone&entityId=3',
    );
  });
});
