import { describe, expect, it } from 'vitest';
import { seedProducts } from './catalogue';

describe('the demo catalogue says what the shop does', () => {
  it('never calls a product it sells online "trade accounts only"', () => {
    const sold = seedProducts.filter((p) => p.purchasable !== false);
    expect(sold.length).toBeGreaterThan(0);
    for (const product of sold) {
      expect(product.description, product.title).not.toMatch(/trade accounts? only/i);
    }
  });

  it('sells gas oil online for heating only, other uses by enquiry', () => {
    const gasOil = seedProducts.find((p) => p.slug === 'gas-oil-red-diesel');
    expect(gasOil?.description).toMatch(/boilers and heaters/);
    expect(gasOil?.description).toMatch(/off-road use, send us a wholesale enquiry/);
  });
});
