import { describe, expect, it } from 'vitest';
import type { Product, ProductSize } from '../../features/catalogue';
import { productCardProps } from './ProductList';

const size = (fields: Partial<ProductSize> & Pick<ProductSize, 'id'>): ProductSize => ({
  title: `Size ${fields.id}`,
  price: null,
  litres: null,
  priceSetAt: '2026-11-19T10:00:00.000Z',
  ...fields,
});

const product = (fields: Partial<Product>): Product => ({
  id: '9',
  type: 'oil',
  title: 'Kerosene Heating Oil',
  slug: 'kerosene-heating-oil',
  description: '',
  price: null,
  bestSeller: false,
  sizes: [],
  images: [],
  categories: [],
  ...fields,
});

const earlier = '2026-06-24T10:00:00.000Z';

const kerosene = product({
  sizes: [
    size({ id: '91', title: '300 Litres', price: 19_200, litres: 300, priceSetAt: earlier }),
    size({
      id: '92',
      title: '500 Litres',
      price: 30_500,
      litres: 500,
      // The newest price: a summer evening in UTC is the next day in the UK.
      priceSetAt: '2026-07-01T23:30:00.000Z',
    }),
    size({ id: '93', title: '900 Litres', price: 53_500, litres: 900, priceSetAt: earlier }),
  ],
});

describe('productCardProps: oil as it is bought here', () => {
  it('gives each oil size its price per litre, to one decimal place', () => {
    expect(productCardProps(kerosene).sizes).toEqual([
      { id: '91', title: '300 Litres', pence: 19_200, unitPrice: '64.0p per litre' },
      { id: '92', title: '500 Litres', pence: 30_500, unitPrice: '61.0p per litre' },
      { id: '93', title: '900 Litres', pence: 53_500, unitPrice: '59.4p per litre' },
    ]);
  });

  it("dates an oil's prices by the UK day the newest was set", () => {
    expect(productCardProps(kerosene).pricesSetOn).toBe('2026-07-02');
  });

  it('leaves out the sizes with no price, their per-litre price and their date', () => {
    const props = productCardProps(
      product({
        sizes: [
          size({ id: '1', price: 30_500, litres: 500 }),
          size({ id: '2', price: null, litres: 1000, priceSetAt: '2026-11-26T09:00:00.000Z' }),
        ],
      }),
    );
    expect(props.sizes.map((s) => s.id)).toEqual(['1']);
    expect(props.pricesSetOn).toBe('2026-11-19');
  });

  it("uses the product's price for a size without its own", () => {
    const props = productCardProps(
      product({ price: 30_000, sizes: [size({ id: '1', litres: 500 })] }),
    );
    expect(props.sizes).toEqual([
      { id: '1', title: 'Size 1', pence: 30_000, unitPrice: '60.0p per litre' },
    ]);
  });

  it('shows no per-litre price or date for other fuels', () => {
    const coal = productCardProps(
      product({ type: 'coal', sizes: [size({ id: '11', title: '40kg bag', price: 2495 })] }),
    );
    expect(coal.sizes).toEqual([{ id: '11', title: '40kg bag', pence: 2495 }]);
    expect(coal.pricesSetOn).toBeUndefined();
  });

  it('shows no date when no oil size has a price', () => {
    expect(productCardProps(product({ sizes: [size({ id: '1' })] })).pricesSetOn).toBeUndefined();
  });
});
