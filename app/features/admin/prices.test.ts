import { describe, expect, it } from 'vitest';
import type { AdminOilPrice } from '../../../api/domain/adminApi';
import {
  changedPrices,
  checkPriceUpdate,
  priceFieldErrorsOf,
  priceInputsOf,
  priceLabel,
  priceSetOn,
} from './prices';

const size = (sizeId: number, sizeTitle: string, price: number | null): AdminOilPrice => ({
  sizeId,
  productId: 1,
  productTitle: 'Kerosene',
  sizeTitle,
  litres: Number.parseInt(sizeTitle, 10) || null,
  price,
  priceSetAt: '2026-11-23T09:30:00.000Z',
});

const kerosene500 = size(2, '500 Litres', 32_550);
const sizes = [size(1, '300 Litres', 21_000), kerosene500, size(3, '900 Litres', null)];

describe('the oil prices page', () => {
  it('labels each field with its product and size', () => {
    expect(priceLabel(kerosene500)).toBe('Kerosene – 500 Litres');
  });

  it('dates each saved price on the UK calendar, as the shop does', () => {
    expect(priceSetOn(kerosene500)).toBe('Monday 23 November 2026');
    // 23:30 UTC on a summer evening is already the next day in the UK.
    expect(priceSetOn({ priceSetAt: '2026-07-01T23:30:00.000Z' })).toBe('Thursday 2 July 2026');
    expect(priceSetOn({ priceSetAt: '2026-12-01T23:30:00.000Z' })).toBe('Tuesday 1 December 2026');
    expect(priceSetOn({ priceSetAt: 'not a date' })).toBeNull();
  });

  it('prefills each field with its price in pounds', () => {
    expect(priceInputsOf(sizes)).toEqual({ 1: '210.00', 2: '325.50', 3: '' });
  });

  it('nothing typed: nothing changed', () => {
    expect(changedPrices(sizes, priceInputsOf(sizes))).toEqual([]);
  });

  it('the same amount written differently is no change', () => {
    expect(changedPrices(sizes, { 1: '210', 2: '£325.5', 3: '  ' })).toEqual([]);
  });

  it('sends only the changed prices, in the page order', () => {
    expect(changedPrices(sizes, { 1: '210.00', 2: '330', 3: '560.00' })).toEqual([
      { sizeId: 2, price: '330' },
      { sizeId: 3, price: '560.00' },
    ]);
  });

  it('a cleared price or text that is not a price counts as a change (to be refused)', () => {
    expect(changedPrices(sizes, { 1: '', 2: 'abc', 3: '' })).toEqual([
      { sizeId: 1, price: '' },
      { sizeId: 2, price: 'abc' },
    ]);
  });
});

describe('checkPriceUpdate (priceUpdateSchema, field by field)', () => {
  it('gives the PUT body with every price written as pounds and pence', () => {
    expect(
      checkPriceUpdate([
        { sizeId: 2, price: ' 330 ' },
        { sizeId: 3, price: '£1,234.5' },
      ]),
    ).toEqual({
      ok: true,
      prices: [
        { sizeId: 2, price: '330.00' },
        { sizeId: 3, price: '1234.50' },
      ],
    });
  });

  it('puts each message on its own size', () => {
    expect(
      checkPriceUpdate([
        { sizeId: 1, price: '' },
        { sizeId: 2, price: '12.345' },
        { sizeId: 3, price: '100000' },
      ]),
    ).toEqual({
      ok: false,
      fieldErrors: {
        1: 'Enter a price in pounds, such as 12.34.',
        2: 'Enter a price in pounds, such as 12.34.',
        3: 'Enter a price below £100,000.',
      },
      formError: null,
    });
  });

  it('nothing changed: one message for the form', () => {
    expect(checkPriceUpdate([])).toEqual({
      ok: false,
      fieldErrors: {},
      formError: 'Change at least one price.',
    });
  });

  it("maps the API's field errors back to the sizes sent", () => {
    expect(
      priceFieldErrorsOf(
        { 'prices[1].price': 'Too high.', prices: 'Bad.', 'prices[9].price': 'x' },
        [{ sizeId: 7 }, { sizeId: 8 }],
      ),
    ).toEqual({ 8: 'Too high.' });
  });
});
