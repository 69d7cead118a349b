/** Story data: the side navigation's groups and links as SPEC §2 lists them. */
import type { NavLinkItem } from '../NavBar';
import type { SideNavGroup, SocialLink } from './SideNav';

export const sideNavGroups: SideNavGroup[] = [
  {
    title: 'Wholesale Solid Fuel',
    links: [
      { label: 'Best Sellers', href: '/products/wholesale/best-sellers/uk' },
      { label: 'Prepacked Coal', href: '/products/wholesale/coal/bagged/uk?category=best-sellers' },
      { label: 'Bulk Coal', href: '/products/wholesale/coal/bulk' },
      { label: 'Wholesale Oil', href: '/products/wholesale/oil' },
      { label: 'Wood & Other Products', href: '/products/wholesale/other-products' },
    ],
  },
  {
    title: 'Industrial Solid Fuel',
    links: [{ label: 'Industrial Fuel', href: '/products/industrial-fuel' }],
  },
  {
    title: 'Home Heating Fuel',
    links: [
      { label: 'Best Sellers', href: '/products/domestic/bagged-coal?category=best-sellers' },
      {
        label: 'Coal & Non-Smokeless Fuels',
        href: '/products/domestic/bagged-coal?category=coal-and-non-smokeless-fuels',
      },
      {
        label: 'Gravity Fed Fuel',
        href: '/products/domestic/bagged-coal?category=gravity-fed-fuel',
      },
      { label: 'Smokeless Fuels', href: '/products/domestic/bagged-coal?category=smokeless-fuels' },
      { label: 'Home Heating Oil', href: '/products/domestic/oil' },
    ],
  },
  {
    title: 'Biomass Fuel',
    links: [{ label: 'Wood Pellets', href: '/products/wholesale/wood-pellets' }],
  },
];

export const siteLinks: NavLinkItem[] = [
  { label: 'FAQs', href: '/faqs' },
  { label: 'About Us', href: '/about' },
  { label: 'Contact Us', href: '/contact' },
];

export const socials: SocialLink[] = [
  { network: 'facebook', href: 'https://www.facebook.com/fuelyardni' },
  { network: 'instagram', href: 'https://www.instagram.com/fuelyardni' },
  { network: 'x', href: 'https://x.com/fuelyardni' },
];
