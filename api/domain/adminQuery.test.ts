import { describe, expect, it } from 'vitest';
import {
  adminDate,
  adminDateMessage,
  adminQueryLimits,
  adminQueryProblem,
  adminWholeNumber,
} from './adminQuery';

describe('adminDate', () => {
  it.each(['2000-01-01', '2024-02-29', '2026-11-24', '2100-12-31'])('accepts %s', (value) => {
    expect(adminDate(value)).toBe(value);
  });

  it.each([
    '0000-01-01',
    '1999-12-31',
    '2101-01-01',
    '9999-12-31',
    '2025-02-29',
    '2025-02-30',
    '2025-13-01',
    '2025-00-10',
    '2025-04-31',
    '2025-3-1',
    '25-03-01',
    '+02025-03-01',
    '2025-03-01T00:00:00Z',
    ' 2025-03-01',
    '2025-03-01\u0000',
    '２０２５-03-01',
    '',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(adminDate(value)).toBeNull();
  });

  it('says what a date must be', () => {
    expect(adminDateMessage('the From date')).toBe(
      'Enter the From date as a real date from 2000-01-01 to 2100-12-31, such as 2026-11-24.',
    );
  });
});

describe('adminQueryProblem', () => {
  it('lets an ordinary query through', () => {
    expect(adminQueryProblem({})).toBeNull();
    expect(adminQueryProblem({ status: 'paid', from: '2025-01-01', page: '2' })).toBeNull();
    expect(adminQueryProblem({ entityId: 'x'.repeat(adminQueryLimits.valueLength) })).toBeNull();
  });

  it.each([
    [{ entity: '\u0000' }, 'entity must not hold control characters.'],
    [{ entityId: 'a\nb' }, 'entityId must not hold control characters.'],
    [{ district: 'BT7\t' }, 'district must not hold control characters.'],
    [
      { 'a\u0000': '1' },
      'A query parameter has a name that is too long or holds a control character.',
    ],
    [{ status: ['paid', 'sent'] }, 'Give status only once.'],
    [{ entityId: 'x'.repeat(201) }, 'entityId is too long: at most 200 characters.'],
    [
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, '1'])),
      'Too many query parameters: at most 20.',
    ],
  ])('refuses %j', (query, message) => {
    expect(adminQueryProblem(query)).toBe(message);
  });
});

describe('adminWholeNumber', () => {
  it('is the fallback when absent, the number within bounds, else null', () => {
    expect(adminWholeNumber(undefined, 25, 100)).toBe(25);
    expect(adminWholeNumber('', 25, 100)).toBe(25);
    expect(adminWholeNumber('1', 25, 100)).toBe(1);
    expect(adminWholeNumber('100', 25, 100)).toBe(100);
    for (const bad of ['0', '101', '-1', '1.5', 'abc', '1e3', '0x10', ' 1', '1234567']) {
      expect(adminWholeNumber(bad, 25, 100)).toBeNull();
    }
  });
});
