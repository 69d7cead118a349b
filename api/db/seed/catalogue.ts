/**
 * The demo catalogue of a Northern Ireland fuel merchant, loaded once on first start.
 * Prices are whole pence and include VAT (5% on domestic fuel).
 */
import type { ProductType } from '../../domain/catalogue';

export interface SeedCategory {
  kind: 'coal' | 'product';
  title: string;
  slug: string;
  ordering: number;
}

export interface SeedProduct {
  type: ProductType;
  title: string;
  slug: string;
  description: string;
  price: number | null;
  bestSeller?: boolean;
  purchasable?: boolean;
  ordering: number;
  image: string;
  /** Litres (oil) or kilograms (solid fuel) per size where the size names them (VAT limits). */
  sizes: { title: string; price: number | null; litres?: number; kilograms?: number }[];
  /** Category slugs (coal categories for coal, product categories otherwise). */
  categories: string[];
}

export interface SeedZone {
  title: string;
  rate: number;
  minimumOrder: number;
  prefixes: string[];
}

export const seedCategories: SeedCategory[] = [
  { kind: 'coal', title: 'Best Sellers', slug: 'best-sellers', ordering: 1 },
  {
    kind: 'coal',
    title: 'Coal & Non-Smokeless Fuels',
    slug: 'coal-and-non-smokeless-fuels',
    ordering: 2,
  },
  { kind: 'coal', title: 'Smokeless Fuels', slug: 'smokeless-fuels', ordering: 3 },
  { kind: 'coal', title: 'Gravity Fed Fuel', slug: 'gravity-fed-fuel', ordering: 4 },
  { kind: 'product', title: 'Woodpellets', slug: 'woodpellets', ordering: 1 },
  { kind: 'product', title: 'Briquettes', slug: 'briquettes', ordering: 2 },
  { kind: 'product', title: 'Kindling', slug: 'kindling', ordering: 3 },
  { kind: 'product', title: 'Firelogs', slug: 'firelogs', ordering: 4 },
  { kind: 'product', title: 'Logs', slug: 'logs', ordering: 5 },
];

const img = (name: string) => `/uploads/products/${name}.svg`;

export const seedProducts: SeedProduct[] = [
  // Coal, sold in bags.
  {
    type: 'coal',
    title: 'Premium House Coal',
    slug: 'premium-house-coal',
    description: 'Large, low-ash bituminous house coal for open fires and multi-fuel stoves.',
    price: null,
    bestSeller: true,
    ordering: 1,
    image: img('house-coal'),
    sizes: [
      { title: '40kg bag', price: 2495, kilograms: 40 },
      { title: '20kg bag', price: 1395, kilograms: 20 },
    ],
    categories: ['best-sellers', 'coal-and-non-smokeless-fuels'],
  },
  {
    type: 'coal',
    title: 'Polish Doubles',
    slug: 'polish-doubles',
    description: 'Hand-picked doubles with a long, bright burn. Not for smoke control areas.',
    price: null,
    ordering: 2,
    image: img('house-coal'),
    sizes: [{ title: '40kg bag', price: 2350, kilograms: 40 }],
    categories: ['coal-and-non-smokeless-fuels'],
  },
  {
    type: 'coal',
    title: 'Economy Coal Nuts',
    slug: 'economy-coal-nuts',
    description: 'Good-value coal nuts for everyday heating on an open fire.',
    price: null,
    ordering: 3,
    image: img('house-coal'),
    sizes: [{ title: '40kg bag', price: 1950, kilograms: 40 }],
    categories: ['coal-and-non-smokeless-fuels'],
  },
  {
    type: 'coal',
    title: 'Smokeless Ovals',
    slug: 'smokeless-ovals',
    description: 'Approved smokeless ovoids for closed stoves and smoke control areas.',
    price: null,
    bestSeller: true,
    ordering: 4,
    image: img('smokeless'),
    sizes: [
      { title: '25kg bag', price: 1895, kilograms: 25 },
      { title: '10kg bag', price: 825, kilograms: 10 },
    ],
    categories: ['best-sellers', 'smokeless-fuels'],
  },
  {
    type: 'coal',
    title: 'Premium Smokeless Nuggets',
    slug: 'premium-smokeless-nuggets',
    description: 'High-heat smokeless nuggets that stay in overnight.',
    price: null,
    ordering: 5,
    image: img('smokeless'),
    sizes: [{ title: '20kg bag', price: 1695, kilograms: 20 }],
    categories: ['smokeless-fuels'],
  },
  {
    type: 'coal',
    title: 'Anthracite Stove Nuts',
    slug: 'anthracite-stove-nuts',
    description: 'Welsh-style anthracite nuts: smokeless, long-burning and clean.',
    price: null,
    ordering: 6,
    image: img('anthracite'),
    sizes: [{ title: '25kg bag', price: 1850, kilograms: 25 }],
    categories: ['smokeless-fuels', 'gravity-fed-fuel'],
  },
  {
    type: 'coal',
    title: 'Anthracite Grains',
    slug: 'anthracite-grains',
    description: 'Small anthracite grains for gravity-fed boilers.',
    price: null,
    ordering: 7,
    image: img('anthracite'),
    sizes: [{ title: '25kg bag', price: 1725, kilograms: 25 }],
    categories: ['gravity-fed-fuel'],
  },
  {
    type: 'coal',
    title: 'Gravity Feed Peas',
    slug: 'gravity-feed-peas',
    description: 'Sized anthracite peas for gravity-fed and hopper-fed boilers.',
    price: null,
    bestSeller: true,
    ordering: 8,
    image: img('anthracite'),
    sizes: [{ title: '25kg bag', price: 1675, kilograms: 25 }],
    categories: ['best-sellers', 'gravity-fed-fuel'],
  },
  // Heating oil, by the litre.
  {
    type: 'oil',
    title: 'Kerosene Heating Oil',
    slug: 'kerosene-heating-oil',
    description: '28-second kerosene for domestic boilers, delivered by tanker.',
    price: null,
    bestSeller: true,
    ordering: 1,
    image: img('heating-oil'),
    sizes: [
      { title: '300 Litres', price: 19200, litres: 300 },
      { title: '500 Litres', price: 30500, litres: 500 },
      { title: '900 Litres', price: 53500, litres: 900 },
    ],
    categories: [],
  },
  {
    type: 'oil',
    title: 'Gas Oil (Red Diesel)',
    slug: 'gas-oil-red-diesel',
    // Sold online for heating, where rebated gas oil may lawfully be used and a home's fuel is at
    // 5 % VAT; machinery and other business use is a trade supply (20 % VAT), by enquiry.
    description:
      'Rebated gas oil for boilers and heaters that burn it, delivered by tanker. For farm machinery or other off-road use, send us a wholesale enquiry: trade supplies are quoted without VAT.',
    price: null,
    ordering: 2,
    image: img('heating-oil'),
    sizes: [
      { title: '500 Litres', price: 39500, litres: 500 },
      { title: '900 Litres', price: 69800, litres: 900 },
    ],
    categories: [],
  },
  // Wood pellets.
  {
    type: 'woodpellet',
    title: 'ENplus A1 Wood Pellets',
    slug: 'enplus-a1-wood-pellets',
    description: 'Certified 6mm softwood pellets for pellet stoves and biomass boilers.',
    price: 745,
    bestSeller: true,
    ordering: 1,
    image: img('wood-pellets'),
    sizes: [
      { title: '15kg bag', price: 745, kilograms: 15 },
      { title: 'Pallet of 65 bags (975kg)', price: 42900, kilograms: 975 },
    ],
    categories: ['woodpellets'],
  },
  {
    type: 'woodpellet',
    title: 'Premium Hardwood Pellets',
    slug: 'premium-hardwood-pellets',
    description: 'Low-ash hardwood pellets with a high calorific value.',
    price: 825,
    ordering: 2,
    image: img('wood-pellets'),
    sizes: [{ title: '15kg bag', price: 825, kilograms: 15 }],
    categories: ['woodpellets'],
  },
  // Briquettes, kindling, firelogs and logs.
  {
    type: 'other',
    title: 'Hayes Lignite Briquettes',
    slug: 'hayes-lignite-briquettes',
    description: 'German lignite briquettes: clean to handle, quick to light, long to burn.',
    price: 1195,
    bestSeller: true,
    ordering: 1,
    image: img('briquettes'),
    sizes: [
      { title: '25kg bale', price: 1195, kilograms: 25 },
      { title: 'Pallet of 40 bales', price: 44000 },
    ],
    categories: ['briquettes'],
  },
  {
    type: 'other',
    title: 'Peat Briquettes',
    slug: 'peat-briquettes',
    description: 'Traditional peat briquettes, sold by the bale.',
    price: 650,
    ordering: 2,
    image: img('briquettes'),
    sizes: [{ title: 'Bale', price: 650 }],
    categories: ['briquettes'],
  },
  {
    type: 'other',
    title: 'Kiln Dried Kindling',
    slug: 'kiln-dried-kindling',
    description: 'Softwood kindling, kiln dried to below 20% moisture.',
    price: 350,
    ordering: 3,
    image: img('kindling'),
    sizes: [
      { title: 'Net', price: 350 },
      { title: 'Bag of 10 nets', price: 3000 },
    ],
    categories: ['kindling'],
  },
  {
    type: 'other',
    title: 'Hardwood Heat Logs',
    slug: 'hardwood-heat-logs',
    description: 'Compressed hardwood firelogs, pack of 10.',
    price: 1295,
    ordering: 4,
    image: img('firelogs'),
    sizes: [{ title: 'Pack of 10', price: 1295 }],
    categories: ['firelogs'],
  },
  {
    type: 'other',
    title: 'Kiln Dried Hardwood Logs',
    slug: 'kiln-dried-hardwood-logs',
    description: 'Ready-to-burn ash and birch logs in a bulk bag (about 0.7 m³).',
    price: 9900,
    ordering: 5,
    image: img('logs'),
    sizes: [{ title: 'Bulk bag', price: 9900 }],
    categories: ['logs'],
  },
];

function districts(...ranges: [number, number][]): string[] {
  const out: string[] = [];
  for (const [from, to] of ranges) for (let n = from; n <= to; n++) out.push(`bt${n}`);
  return out;
}

/**
 * Northern Ireland's BT postcode districts. The oil tankers run from the Belfast and Dungannon
 * depots: greater Belfast, Lisburn, North Down and Ards, Antrim and Newtownabbey, and Mid Ulster.
 */
export const seedZones: SeedZone[] = [
  {
    title: 'northern-ireland',
    rate: 600,
    minimumOrder: 3000,
    prefixes: districts([1, 49], [51, 57], [60, 71], [74, 82], [92, 94]),
  },
  {
    title: 'oil',
    rate: 0,
    minimumOrder: 15000,
    prefixes: districts([1, 23], [27, 30], [36, 45], [60, 63], [70, 71], [80, 80]),
  },
];
