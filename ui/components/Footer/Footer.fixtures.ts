/** Story data: a Northern Ireland fuel merchant's footer (fictional addresses). */
import type { FooterLink, FooterLinkGroup, FooterOffice } from './Footer';

export const offices: FooterOffice[] = [
  {
    name: 'Head Office',
    addressLines: ['Unit 7, Crumlin Road Business Park', 'Crumlin, Co. Antrim', 'BT29 4QR'],
    phone: '028 9649 6010',
  },
  {
    name: 'Belfast Office',
    addressLines: ['Harbour Fuel Depot, 21 Duncrue Street', 'Belfast', 'BT3 9AQ'],
    phone: '028 9649 6020',
  },
];

export const productGroups: FooterLinkGroup[] = [
  {
    title: 'Wholesale Fuel',
    links: [
      { label: 'Best Sellers', href: '/products/wholesale/best-sellers/uk' },
      { label: 'Prepacked coal', href: '/products/wholesale/coal/bagged/uk?category=best-sellers' },
      { label: 'Bulk Coal', href: '/products/wholesale/coal/bulk' },
      { label: 'Wholesale Oil', href: '/products/wholesale/oil' },
      { label: 'Wood Pellets', href: '/products/wholesale/wood-pellets' },
      { label: 'Wood & Other Products', href: '/products/wholesale/other-products' },
    ],
  },
  {
    title: 'Home & Industrial',
    links: [
      { label: 'Prepacked coal', href: '/products/domestic/bagged-coal?category=best-sellers' },
      { label: 'Home Heating Oil', href: '/products/domestic/oil' },
      { label: 'Industrial Fuel', href: '/products/industrial-fuel' },
    ],
  },
];

export const footerSiteLinks: FooterLink[] = [
  { label: 'FAQs', href: '/faqs' },
  { label: 'About Us', href: '/about' },
  { label: 'Contact Us', href: '/contact' },
  { label: 'Direct Debit Form (PDF)', href: '/documents/direct-debit-form.pdf', target: '_blank' },
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Terms of Purchase', href: '/terms-of-purchase' },
];
