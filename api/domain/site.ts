/**
 * The shop's own details, edited here and nowhere else. Shown in the header, side navigation,
 * footer and contact page, and used by the API for e-mail subjects and recipients.
 */
export interface Office {
  name: string;
  phone: string;
  addressLines: string[];
}

export interface SiteConfig {
  companyName: string;
  legalName: string;
  tagline: string;
  email: string;
  offices: [Office, Office];
  social: { network: 'facebook' | 'instagram' | 'x'; label: string; href: string }[];
  vatNumber: string;
}

/** The demo company's VAT number: a real shop replaces it (docs/deploy.md, "Before going live"). */
export const demoVatNumber = 'GB 123 4567 89';

export const site: SiteConfig = {
  companyName: 'Fuelyard',
  legalName: 'Fuelyard Fuels Ltd',
  tagline: 'Coal, heating oil and biomass fuel delivered across Northern Ireland',
  email: 'info@fuelyard.co.uk',
  offices: [
    {
      name: 'Head Office',
      phone: '028 9649 6010',
      addressLines: ['14 Coalisland Road', 'Dungannon', 'Co. Tyrone', 'BT71 6JT'],
    },
    {
      name: 'Belfast Office',
      phone: '028 9649 6020',
      addressLines: ['Unit 7, Duncrue Industrial Park', 'Duncrue Road', 'Belfast', 'BT3 9BP'],
    },
  ],
  social: [
    { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/fuelyard' },
    { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/fuelyard' },
    { network: 'x', label: 'X', href: 'https://x.com/fuelyard' },
  ],
  vatNumber: demoVatNumber,
};

/** Both offices' numbers, as a customer is asked to call them: "028 9649 6010 or 028 9649 6020". */
export function officePhones(): string {
  return `${site.offices[0].phone} or ${site.offices[1].phone}`;
}

/** tel: link for a displayed UK number ("028 9649 6020" -> "tel:+442896496020"). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^0-9]/g, '');
  return digits.startsWith('0') ? `tel:+44${digits.slice(1)}` : `tel:${digits}`;
}
