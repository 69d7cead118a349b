/** Story data: the primary navigation exactly as SPEC §2 lists it. */
import type { NavItem } from './NavBar';

export const primaryNav: NavItem[] = [
  { label: 'Home', href: '/' },
  {
    label: 'Wholesale Fuel',
    children: [
      { label: 'Best Sellers', href: '/products/wholesale/best-sellers/uk' },
      { label: 'Prepacked coal', href: '/products/wholesale/coal/bagged/uk?category=best-sellers' },
      { label: 'Bulk Coal', href: '/products/wholesale/coal/bulk' },
      { label: 'Wholesale Oil', href: '/products/wholesale/oil' },
      { label: 'Wood Pellets', href: '/products/wholesale/wood-pellets' },
      { label: 'Wood & Other Products', href: '/products/wholesale/other-products' },
    ],
  },
  { label: 'Industrial Fuel', href: '/products/industrial-fuel' },
  {
    label: 'Home Heating Fuel',
    children: [
      { label: 'Prepacked coal', href: '/products/domestic/bagged-coal?category=best-sellers' },
      { label: 'Home Heating Oil', href: '/products/domestic/oil' },
    ],
  },
  { label: 'Biomass Fuel', href: '/products/wholesale/wood-pellets' },
  { label: 'FAQs', href: '/faqs' },
  { label: 'About Us', href: '/about' },
  { label: 'Contact Us', href: '/contact' },
];
