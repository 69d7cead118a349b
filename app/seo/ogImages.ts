/**
 * The social preview images (Open Graph, Twitter): raster copies of the product pictures, since
 * networks do not show SVG. scripts/og-images.ts draws one PNG per entry below into
 * app/public/og/ (served at /og/), from the product SVGs in api/uploads/products/ of the same
 * name, plus the shop's own card and its logo. Run it again after adding a picture here.
 */
export const ogImageSize = { width: 1200, height: 630 } as const;

/** Where the images are served from (app/public/og). */
export const ogImagePath = '/og/';

export interface OgImage {
  /** File name under /og/. */
  file: string;
  /** What the image shows, for og:image:alt. */
  alt: string;
}

/** The shop's card: the fallback for every page without a product picture of its own. */
export const shopCard: OgImage = {
  file: 'fuelyard.png',
  alt: 'Fuelyard: coal, heating oil and biomass fuel delivered across Northern Ireland',
};

/** The shop's logo, square, for the Organization's structured data. */
export const shopLogo: OgImage = { file: 'fuelyard-logo.png', alt: 'Fuelyard logo' };

/**
 * The product pictures with a card, by the SVG's name ("/uploads/products/smokeless.svg"),
 * with the caption drawn on the card.
 */
export const productCards: Readonly<Record<string, { caption: string; alt: string }>> = {
  anthracite: { caption: 'Anthracite', alt: 'A bag of anthracite' },
  briquettes: { caption: 'Briquettes', alt: 'A bale of briquettes' },
  firelogs: { caption: 'Heat logs', alt: 'Heat logs' },
  'heating-oil': { caption: 'Home heating oil', alt: 'A heating oil tank' },
  'house-coal': { caption: 'House coal', alt: 'A bag of house coal' },
  kindling: { caption: 'Kindling', alt: 'A net of kindling' },
  logs: { caption: 'Kiln-dried logs', alt: 'A bag of hardwood logs' },
  smokeless: { caption: 'Smokeless fuel', alt: 'A bag of smokeless fuel' },
  'wood-pellets': { caption: 'Wood pellets', alt: 'A bag of wood pellets' },
};

/**
 * The card drawn from a product's picture (its URL as the catalogue serves it, relative or
 * absolute), or null when the picture has none (an image staff uploaded since: the page then
 * shows the shop's card).
 */
export function productCardFor(imageUrl: string): OgImage | null {
  let path: string;
  try {
    path = new URL(imageUrl, 'http://localhost').pathname;
  } catch {
    return null;
  }
  const match = /\/uploads\/products\/([a-z0-9-]+)\.svg$/.exec(path);
  const name = match?.[1];
  const card = name && Object.hasOwn(productCards, name) ? productCards[name] : undefined;
  return name && card ? { file: `${name}.png`, alt: card.alt } : null;
}
