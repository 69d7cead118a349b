import type { CoalCategory } from '../catalogue';

/** Every navigation link of SPEC §2 "Layout", in one place. */
export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  faqs: '/faqs',
  privacyPolicy: '/privacy-policy',
  termsOfPurchase: '/terms-of-purchase',
  cart: '/cart',
  login: '/user/login',
  directDebitForm: '/downloads/fuelyard-direct-debit-mandate.pdf',
  industrialFuel: '/products/industrial-fuel',
  domestic: '/products/domestic',
  domesticBaggedCoal: '/products/domestic/bagged-coal',
  domesticOil: '/products/domestic/oil',
  wholesale: '/products/wholesale',
  wholesaleBestSellersUk: '/products/wholesale/best-sellers/uk',
  wholesaleBaggedCoalUk: '/products/wholesale/coal/bagged/uk?category=best-sellers',
  wholesaleBulkCoal: '/products/wholesale/coal/bulk',
  wholesaleOil: '/products/wholesale/oil',
  wholesaleWoodPellets: '/products/wholesale/wood-pellets',
  wholesaleOtherProducts: '/products/wholesale/other-products',
  hayesLigniteBriquettes: '/products/wholesale/hayes-lignite-briquettes',
} as const;

export const domesticCoalHref = (slug: string) =>
  `${paths.domesticBaggedCoal}?category=${encodeURIComponent(slug)}`;

export interface NavLink {
  label: string;
  href: string;
}

export interface NavGroup {
  label: string;
  children: NavLink[];
}

export const wholesaleLinks: NavLink[] = [
  { label: 'Best Sellers', href: paths.wholesaleBestSellersUk },
  { label: 'Prepacked coal', href: paths.wholesaleBaggedCoalUk },
  { label: 'Bulk Coal', href: paths.wholesaleBulkCoal },
  { label: 'Wholesale Oil', href: paths.wholesaleOil },
  { label: 'Wood Pellets', href: paths.wholesaleWoodPellets },
  { label: 'Wood & Other Products', href: paths.wholesaleOtherProducts },
];

/** SPEC §2 primary navigation, in order. */
export const primaryNav: (NavLink | NavGroup)[] = [
  { label: 'Home', href: paths.home },
  { label: 'Wholesale Fuel', children: wholesaleLinks },
  { label: 'Industrial Fuel', href: paths.industrialFuel },
  {
    label: 'Home Heating Fuel',
    children: [
      { label: 'Prepacked coal', href: domesticCoalHref('best-sellers') },
      { label: 'Home Heating Oil', href: paths.domesticOil },
    ],
  },
  { label: 'Biomass Fuel', href: paths.wholesaleWoodPellets },
  { label: 'FAQs', href: paths.faqs },
  { label: 'About Us', href: paths.about },
  { label: 'Contact Us', href: paths.contact },
];

type CategoryLinkSource = readonly Pick<CoalCategory, 'title' | 'slug'>[];

/** One link per coal category, then heating oil. */
function homeHeatingLinks(coalCategories: CategoryLinkSource): NavLink[] {
  return [
    ...coalCategories.map((category) => ({
      label: category.title,
      href: domesticCoalHref(category.slug),
    })),
    { label: 'Home Heating Oil', href: paths.domesticOil },
  ];
}

/** SPEC §2 side navigation: four groups, then the information links. */
export function sideNavGroups(coalCategories: CategoryLinkSource) {
  return [
    { title: 'Wholesale Solid Fuel', links: wholesaleLinks },
    {
      title: 'Industrial Solid Fuel',
      links: [{ label: 'Industrial Fuel', href: paths.industrialFuel }],
    },
    { title: 'Home Heating Fuel', links: homeHeatingLinks(coalCategories) },
    { title: 'Biomass Fuel', links: [{ label: 'Wood Pellets', href: paths.wholesaleWoodPellets }] },
  ];
}

export const sideNavInfoLinks: NavLink[] = [
  { label: 'FAQs', href: paths.faqs },
  { label: 'About Us', href: paths.about },
  { label: 'Contact Us', href: paths.contact },
];

export const footerSiteLinks: NavLink[] = [
  { label: 'FAQs', href: paths.faqs },
  { label: 'About', href: paths.about },
  { label: 'Contact', href: paths.contact },
  { label: 'Direct Debit Form (PDF)', href: paths.directDebitForm },
  { label: 'Privacy Policy', href: paths.privacyPolicy },
  { label: 'Terms of Purchase', href: paths.termsOfPurchase },
];

export function footerProductGroups(coalCategories: CategoryLinkSource) {
  return [
    { title: 'Wholesale Fuel', links: wholesaleLinks },
    {
      title: 'Home Heating Fuel',
      links: [
        ...homeHeatingLinks(coalCategories),
        { label: 'Industrial Fuel', href: paths.industrialFuel },
      ],
    },
  ];
}
