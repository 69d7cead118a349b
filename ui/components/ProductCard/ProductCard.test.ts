import { describe, expect, it } from 'vitest';
import { headlinePrice } from './ProductCard';

const sizes = [
  { id: 'a', title: '40kg bag', pence: 2150 },
  { id: 'b', title: '20kg bag', pence: 1199 },
  { id: 'c', title: 'Half tonne', pence: 27500 },
];

describe('headlinePrice', () => {
  it('is the cheapest size, marked "from", when there are several sizes', () => {
    expect(headlinePrice(sizes)).toEqual({ pence: 1199, isFrom: true });
  });

  it('is the only size, without "from", when there is one size', () => {
    expect(headlinePrice([{ id: 'x', title: '500 litres', pence: 29500 }])).toEqual({
      pence: 29500,
      isFrom: false,
    });
  });

  it('uses an explicit from-price over the sizes', () => {
    expect(headlinePrice(sizes, 999)).toEqual({ pence: 999, isFrom: true });
    expect(headlinePrice([], 0)).toEqual({ pence: 0, isFrom: true });
  });

  it('is absent with no sizes and no from-price', () => {
    expect(headlinePrice([])).toBeNull();
  });
});
