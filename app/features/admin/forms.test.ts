import { describe, expect, it } from 'vitest';
import type { AdminProduct, AdminRefund, AdminZone } from '../../../api/domain/adminApi';
import { AdminApiError } from './adminApi';
import {
  checkCategoryForm,
  checkNoteForm,
  checkProductForm,
  checkRefundForm,
  checkSizeForm,
  checkZoneForm,
  emptyProductForm,
  mayRepeatRefund,
  productFormOf,
  refundNotice,
  sizeFormOf,
  slugify,
  typedPence,
  zoneFormOf,
} from './forms';

const size500 = {
  id: 9,
  title: '500 Litres',
  price: 32_550,
  litres: 500,
  kilograms: null,
  ordering: 1,
};
const product: AdminProduct = {
  id: 4,
  type: 'oil',
  title: 'Kerosene',
  slug: 'kerosene',
  description: '**Clean** burning.',
  bestSeller: true,
  visible: true,
  price: null,
  sizes: [size500],
  images: [],
};

describe('the product form', () => {
  it('starts from the product, prices in pounds', () => {
    expect(productFormOf({ ...product, price: 1234 })).toMatchObject({
      title: 'Kerosene',
      price: '12.34',
      bestSeller: true,
    });
    expect(productFormOf(product).price).toBe('');
  });

  it('sends trimmed text and the price as pounds, or null for none', () => {
    const checked = checkProductForm({
      ...productFormOf(product),
      title: '  Kerosene  ',
      price: '£12.5',
    });
    expect(checked).toEqual({
      ok: true,
      value: {
        title: 'Kerosene',
        slug: 'kerosene',
        description: '**Clean** burning.',
        type: 'oil',
        bestSeller: true,
        visible: true,
        price: '12.50',
      },
    });
    const noPrice = checkProductForm(productFormOf(product));
    expect(noPrice.ok && noPrice.value.price).toBeNull();
  });

  it('names every field that is not valid', () => {
    const checked = checkProductForm({ ...emptyProductForm, slug: 'Not A Slug', price: 'lots' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      title: 'Enter a title.',
      slug: 'Use lower-case letters, digits and hyphens only, such as "kerosene-heating-oil".',
      price: 'Enter a price in pounds, such as 12.34.',
    });
  });

  it('slugify makes a slug the schema accepts', () => {
    expect(slugify('Kerosene Heating Oil')).toBe('kerosene-heating-oil');
    expect(slugify('  Coal & Logs — 25kg! ')).toBe('coal-and-logs-25kg');
    expect(slugify('Crème brûlée')).toBe('creme-brulee');
    expect(slugify('!!!')).toBe('');
  });
});

describe('the size form', () => {
  it('starts from the size and sends whole numbers', () => {
    const values = sizeFormOf(size500);
    expect(values).toEqual({ title: '500 Litres', price: '325.50', litres: '500', kilograms: '' });
    expect(checkSizeForm(values)).toEqual({
      ok: true,
      value: { title: '500 Litres', price: '325.50', litres: 500, kilograms: null },
    });
  });

  it('an empty price means the product price', () => {
    const checked = checkSizeForm({ title: '25kg', price: ' ', litres: '', kilograms: '25' });
    expect(checked).toEqual({
      ok: true,
      value: { title: '25kg', price: null, litres: null, kilograms: 25 },
    });
  });

  it('refuses a quantity that is not a whole number', () => {
    const checked = checkSizeForm({ title: '', price: '', litres: '2.5', kilograms: '' });
    expect(checked).toEqual({
      ok: false,
      errors: { title: 'Enter a title.', litres: 'Enter a whole number, or leave it empty.' },
    });
  });
});

describe('the zone form', () => {
  const zone: AdminZone = {
    id: 2,
    title: 'Oil',
    rate: 1500,
    minimumOrder: 10_000,
    postcodes: ['bt1', 'bt71'],
  };

  it('shows districts as "BT1, BT71" and sends them parsed', () => {
    const values = zoneFormOf(zone);
    expect(values).toEqual({
      title: 'Oil',
      rate: '15.00',
      minimumOrder: '100.00',
      postcodes: 'BT1, BT71',
    });
    expect(checkZoneForm({ ...values, postcodes: 'bt1,BT71 bt9, BT1' })).toEqual({
      ok: true,
      value: {
        title: 'Oil',
        rate: '15.00',
        minimumOrder: '100.00',
        postcodes: ['bt1', 'bt71', 'bt9'],
      },
    });
  });

  it('refuses postcodes that are not BT districts, on the field', () => {
    const checked = checkZoneForm({ ...zoneFormOf(zone), postcodes: 'BT1, SW1A', rate: '' });
    expect(checked).toEqual({
      ok: false,
      errors: {
        rate: 'Enter a price in pounds, such as 12.34.',
        postcodes: 'List postcode districts such as BT1, BT71, separated by commas.',
      },
    });
  });
});

describe('the category and note forms', () => {
  it('category: its title, trimmed and required (the icon comes from the slug)', () => {
    expect(checkCategoryForm({ title: ' Smokeless ' })).toEqual({
      ok: true,
      value: { title: 'Smokeless' },
    });
    expect(checkCategoryForm({ title: '' })).toEqual({
      ok: false,
      errors: { title: 'Enter a title.' },
    });
  });

  it('note: trimmed, and not empty', () => {
    expect(checkNoteForm('  Left at the back door. ')).toEqual({
      ok: true,
      value: 'Left at the back door.',
    });
    expect(checkNoteForm('   ')).toEqual({ ok: false, errors: { text: 'Write the note.' } });
  });
});

describe('the refund form', () => {
  it('an empty amount refunds everything left, and sends no amount', () => {
    expect(checkRefundForm({ amount: '', reason: '' }, 4_250)).toEqual({
      ok: true,
      value: { input: {}, amount: 4_250 },
    });
  });

  it('a part refund sends the amount in pounds and the reason', () => {
    expect(checkRefundForm({ amount: '10', reason: ' Short delivery ' }, 4_250)).toEqual({
      ok: true,
      value: { input: { amount: '10.00', reason: 'Short delivery' }, amount: 1_000 },
    });
  });

  it('refuses more than is left, nothing, or text that is not an amount', () => {
    expect(checkRefundForm({ amount: '42.51', reason: '' }, 4_250)).toEqual({
      ok: false,
      errors: { amount: 'You can refund at most £42.50.' },
    });
    expect(checkRefundForm({ amount: '0', reason: '' }, 4_250)).toEqual({
      ok: false,
      errors: {
        amount: 'Enter an amount above £0.00, or leave it empty to refund everything left.',
      },
    });
    expect(checkRefundForm({ amount: 'all', reason: '' }, 4_250)).toEqual({
      ok: false,
      errors: { amount: 'Enter a price in pounds, such as 12.34.' },
    });
  });
});

describe('typedPence', () => {
  it('reads pounds as typed, or null', () => {
    expect(typedPence('12.5')).toBe(1250);
    expect(typedPence('')).toBeNull();
    expect(typedPence('x')).toBeNull();
  });
});

describe('after a refund request', () => {
  it('repeats the same key only when the outcome is unknown', () => {
    expect(mayRepeatRefund(new AdminApiError(0, 'offline'))).toBe(true);
    expect(mayRepeatRefund(new AdminApiError(500, 'oops'))).toBe(true);
    expect(mayRepeatRefund(new AdminApiError(504, 'timeout'))).toBe(true);
    expect(mayRepeatRefund(new TypeError('?'))).toBe(true);
    expect(mayRepeatRefund(new AdminApiError(502, 'declined'))).toBe(false);
    expect(mayRepeatRefund(new AdminApiError(409, 'not paid'))).toBe(false);
    expect(mayRepeatRefund(new AdminApiError(400, 'too much'))).toBe(false);
  });

  it("reads the refund's status: done, waiting, or nothing refunded", () => {
    const refund: AdminRefund = {
      id: 'r1',
      amount: 1_000,
      reason: '',
      status: 'succeeded',
      createdAt: '2025-03-31T10:00:00Z',
    };
    expect(refundNotice(refund)).toEqual({ ok: true, message: '£10.00 refunded.' });
    expect(refundNotice({ ...refund, status: 'pending' })).toEqual({
      ok: true,
      message: 'Refund of £10.00 requested: waiting for the payment provider to confirm it.',
    });
    expect(refundNotice({ ...refund, status: 'failed' })).toEqual({
      ok: false,
      message: 'The payment provider did not accept the refund. Nothing was refunded.',
    });
  });
});
