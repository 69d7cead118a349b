import { lowestPrice } from '../../../api/domain/money';
import type { Catalogue, Product } from './types';

/** The lowest price a product can be bought at ("from £x"), or null when it has none. */
export function fromPrice(product: Product): number | null {
  return lowestPrice([product.price, ...product.sizes.map((s) => s.price ?? product.price)]);
}

/** Every purchasable product once, coal de-duplicated across its categories. */
export function allProducts(catalogue: Catalogue): Product[] {
  const seen = new Set<string>();
  const out: Product[] = [];
  const coal = catalogue.coal.flatMap((c) => c.coals);
  for (const product of [...coal, ...catalogue.oil, ...catalogue.woodpellet, ...catalogue.other]) {
    if (seen.has(product.id)) continue;
    seen.add(product.id);
    out.push(product);
  }
  return out;
}
