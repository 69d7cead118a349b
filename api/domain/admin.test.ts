import { describe, expect, it } from 'vitest';
import {
  adminTexts,
  nextDeliveryStatus,
  parseDistricts,
  parsePounds,
  poundsInput,
  priceUpdateSchema,
  productSchema,
  sizeSchema,
  zoneSchema,
} from './admin';
import { canMoveOrder, orderStatuses } from './order';

describe('prices typed in pounds', () => {
  it('reads pounds as whole pence', () => {
    expect(parsePounds('12.34')).toBe(1234);
    expect(parsePounds('£12.3')).toBe(1230);
    expect(parsePounds(' 12 ')).toBe(1200);
    expect(parsePounds('1,234.50')).toBe(123450);
    expect(parsePounds('0.07')).toBe(7);
  });

  it('refuses anything that is not a price', () => {
    for (const text of [
      '',
      'abc',
      '-1',
      '1.234',
      '1e3',
      '12.',
      '.5',
      '12,34',
      '99999999',
      '0x10',
    ]) {
      expect({ text, pence: parsePounds(text) }).toEqual({ text, pence: null });
    }
  });

  it('shows pence back in an input without £ or separators, and round-trips', () => {
    expect(poundsInput(123450)).toBe('1234.50');
    expect(poundsInput(7)).toBe('0.07');
    expect(poundsInput(null)).toBe('');
    for (const pence of [0, 1, 99, 100, 30500, 9_999_999]) {
      expect(parsePounds(poundsInput(pence))).toBe(pence);
    }
  });

  it('validates the bulk update with the messages the page shows', () => {
    expect(
      priceUpdateSchema.validateSync({ prices: [{ sizeId: 3, price: '305.00' }] }).prices,
    ).toEqual([{ sizeId: 3, price: 30500 }]);
    expect(() => priceUpdateSchema.validateSync({ prices: [{ sizeId: 3, price: 'x' }] })).toThrow(
      adminTexts.priceFormat,
    );
    expect(() =>
      priceUpdateSchema.validateSync({ prices: [{ sizeId: 3, price: '100000' }] }),
    ).toThrow(adminTexts.priceTooLarge);
    expect(() => priceUpdateSchema.validateSync({ prices: [] })).toThrow(
      'Change at least one price.',
    );
  });
});

describe('the catalogue forms', () => {
  it('casts a product: trimmed, slug checked, an empty price is none', () => {
    const product = productSchema.validateSync({
      title: '  Kerosene ',
      slug: 'kerosene-heating-oil',
      type: 'oil',
      price: '',
    });
    expect(product).toMatchObject({ title: 'Kerosene', price: null, visible: true });
    expect(() =>
      productSchema.validateSync({ title: 'x', slug: 'Not A Slug', type: 'oil' }),
    ).toThrow(adminTexts.slugFormat);
    expect(() => productSchema.validateSync({ title: 'a\nb', slug: 'a', type: 'oil' })).toThrow(
      'Use one line.',
    );
    expect(() =>
      productSchema.validateSync({ title: 'a', slug: 'a', type: 'oil', description: 'x\u0000' }),
    ).toThrow('Remove the control characters.');
    expect(
      productSchema.validateSync({ title: 'a', slug: 'a', type: 'oil', description: '# A\r\n\nb' })
        .description,
    ).toBe('# A\n\nb');
  });

  it('casts a size: optional whole litres and kilograms', () => {
    expect(sizeSchema.validateSync({ title: '500 Litres', price: '305', litres: '500' })).toEqual({
      title: '500 Litres',
      price: 30500,
      litres: 500,
      kilograms: null,
    });
    expect(() => sizeSchema.validateSync({ title: 'x', litres: '2.5' })).toThrow(
      adminTexts.quantityFormat,
    );
  });

  it('reads postcode districts for a zone', () => {
    expect(parseDistricts('BT1, bt71 BT9,BT1')).toEqual(['bt1', 'bt71', 'bt9']);
    expect(parseDistricts('BT1, SW1')).toBeNull();
    expect(
      zoneSchema.validateSync({ title: 'Oil', rate: '0', minimumOrder: '150', postcodes: 'BT1' }),
    ).toEqual({ title: 'Oil', rate: 0, minimumOrder: 15000, postcodes: ['bt1'] });
    expect(() =>
      zoneSchema.validateSync({ title: 'Oil', rate: '0', minimumOrder: '1', postcodes: 'W1' }),
    ).toThrow(adminTexts.postcodesFormat);
  });
});

describe('order moves', () => {
  it('lets staff move paid -> out for delivery -> delivered, and nothing else by hand', () => {
    expect(nextDeliveryStatus('paid')).toBe('out_for_delivery');
    expect(nextDeliveryStatus('out_for_delivery')).toBe('delivered');
    for (const status of orderStatuses) {
      const next = nextDeliveryStatus(status);
      if (next) expect(canMoveOrder(status, next)).toBe(true);
    }
    expect(nextDeliveryStatus('pending_payment')).toBeNull();
    expect(nextDeliveryStatus('refunded')).toBeNull();
  });

  it('never lets a payment event take a delivered or refunded order back', () => {
    for (const from of ['out_for_delivery', 'delivered', 'refunded'] as const) {
      for (const to of [
        'paid',
        'payment_failed',
        'cancelled',
        'expired',
        'needs_review',
      ] as const) {
        expect(canMoveOrder(from, to)).toBe(false);
      }
    }
  });
});
