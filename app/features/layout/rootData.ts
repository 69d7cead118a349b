import { useSiteRootData } from '../navigation';
import { emptyCartView, type CartView } from '../../../api/domain/cart';
import { site } from '../../../api/domain/site';
import type { PublicConfig } from '../../../api/domain/ssr';
import type { Catalogue } from '../catalogue';

/** The offices' phone numbers, as the top bar, the side navigation and the footer show them. */
export const phones = site.offices.map((office) => ({ label: office.name, number: office.phone }));

/** What the layout's parts read from the root loader's data. */
export function useRootData() {
  const root = useSiteRootData() as
    | { catalogue?: Catalogue; year?: number; publicConfig?: PublicConfig; cart?: CartView }
    | undefined;
  return {
    /** The cart the server rendered with: it seeds the cart store. */
    initialCart: root?.cart ?? emptyCartView(),
    analytics: root?.publicConfig?.analytics ?? null,
    paymentProvider: root?.publicConfig?.paymentProvider ?? undefined,
    coalCategories: (root?.catalogue?.coal ?? []).map((c) => ({ title: c.title, slug: c.slug })),
    year: root?.year ?? new Date().getFullYear(),
  };
}
