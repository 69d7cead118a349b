import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { email, phones } from '../ContactLink/ContactLink.fixtures';
import { PaymentLogo } from '../PaymentLogo';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  rowInStates,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { Footer, type FooterProps } from './Footer';
import { footerSiteLinks, offices, productGroups } from './Footer.fixtures';

/** Client-side navigation is stubbed, so pressing a link in a story never leaves the story. */
const navigate = fn();

const meta = {
  title: 'Layout/Footer',
  component: Footer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    companyName: 'Fuelyard Ltd',
    offices,
    productGroups,
    siteLinks: footerSiteLinks,
    email,
    // A fixed year keeps screenshots stable; the CurrentYear story leaves it out.
    year: 2026,
  },
  argTypes: {
    year: { control: { type: 'number', step: 1 } },
    paymentLogo: { control: false },
  },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
  beforeEach: () => {
    navigate.mockClear();
  },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** Without a `year`, the copyright line shows the current year. */
export const CurrentYear: Story = {
  args: { year: undefined },
  play: async ({ canvasElement }) => {
    const year = new Date().getFullYear();
    await expect(within(canvasElement).getByText(`© ${year} Fuelyard Ltd`)).toBeVisible();
  },
};

export const FixedYear: Story = {
  args: { year: 2025 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('© 2025 Fuelyard Ltd')).toBeVisible();
  },
};

/** Offices, link lists, the contact block, the note and the payment logo. */
export const Contents: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const footer = canvas.getByRole('contentinfo');

    // Two office addresses with their phone numbers.
    const addresses = footer.querySelectorAll('address');
    await expect(addresses).toHaveLength(2);
    await expect(addresses[0]).toHaveTextContent('Head Office');
    await expect(addresses[0]).toHaveTextContent('BT29 4QR');
    await expect(addresses[1]).toHaveTextContent('Belfast Office');
    await expect(
      within(addresses[1] as HTMLElement).getByRole('link', {
        name: 'Belfast Office: 028 9649 6020',
      }),
    ).toHaveAttribute('href', 'tel:+442896496020');

    // Product link lists.
    const wholesale = canvas.getByRole('list', { name: 'Wholesale Fuel' });
    await expect(within(wholesale).getAllByRole('link')).toHaveLength(6);

    // Site links, in order.
    const info = canvas.getByRole('list', { name: 'Information' });
    const names = within(info)
      .getAllByRole('link')
      .map((link) => link.textContent);
    await expect(names).toEqual([
      'FAQs',
      'About Us',
      'Contact Us',
      'Direct Debit Form (PDF) (opens in a new tab)',
      'Privacy Policy',
      'Terms of Purchase',
    ]);
    const pdf = within(info).getByRole('link', { name: /Direct Debit Form/ });
    await expect(pdf).toHaveAttribute('href', '/documents/direct-debit-form.pdf');
    await expect(pdf).toHaveAttribute('target', '_blank');

    // Contact block.
    const enquiry = canvas.getByRole('link', { name: 'Send an enquiry' });
    await expect(enquiry).toHaveAttribute('href', '/contact');
    await expect(canvas.getByRole('link', { name: 'info@fuelyard.co.uk' })).toHaveAttribute(
      'href',
      'mailto:info@fuelyard.co.uk',
    );

    await expect(
      canvas.getByText('* For larger quantities please contact our office.'),
    ).toBeVisible();
    // No provider given: the built-in test provider's mark.
    await expect(
      canvas.getByRole('img', { name: 'Test card payments: no money is taken' }),
    ).toBeVisible();
  },
};

/** The enquiry link goes through the router; Tab reaches the footer's links. */
export const KeyboardAndNavigation: Story = {
  args: { enquiryHref: '/contact?enquiry=wholesale' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Head Office: 028 9649 6010' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Belfast Office: 028 9649 6020' })).toHaveFocus();
    await userEvent.tab();
    await expect(
      within(canvas.getByRole('list', { name: 'Wholesale Fuel' })).getByRole('link', {
        name: 'Best Sellers',
      }),
    ).toHaveFocus();

    const enquiry = canvas.getByRole('link', { name: 'Send an enquiry' });
    enquiry.focus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/contact?enquiry=wholesale', undefined);
  },
};

export const CustomNote: Story = {
  args: { note: '* Deliveries to the Republic of Ireland: please call our Belfast office.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Republic of Ireland/)).toBeVisible();
    await expect(canvas.queryByText(/larger quantities/)).toBeNull();
  },
};

export const WithProviderLogo: Story = {
  args: { paymentLogo: <PaymentLogo provider="Worldpay" /> },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('img', { name: 'Secure card payments with Worldpay' }),
    ).toBeVisible();
  },
};

export const WithStripeLogo: Story = {
  args: { paymentLogo: <PaymentLogo provider="Stripe" /> },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('img', { name: 'Secure card payments with Stripe' }),
    ).toBeVisible();
  },
};

/** Phone numbers can also be listed in the contact block. */
export const WithContactPhones: Story = {
  args: { phones },
  play: async ({ canvasElement }) => {
    const contact = within(canvasElement).getByRole('list', { name: 'Contact us' });
    await expect(
      within(contact).getByRole('link', { name: 'Head Office: 028 9649 6010' }),
    ).toBeVisible();
  },
};

/** The smallest footer: no product groups, no contact details besides the enquiry link. */
export const Minimal: Story = {
  args: { productGroups: [], phones: [], email: undefined, note: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Send an enquiry' })).toBeVisible();
    await expect(canvas.queryByText(/larger quantities/)).toBeNull();
  },
};

interface FooterRow extends MatrixAxis {
  props: Partial<FooterProps>;
}

const minimal: Partial<FooterProps> = { productGroups: [], email: undefined, note: null };

const footerRows: FooterRow[] = [
  { label: 'Full', props: {} },
  {
    label: 'Phones in the contact block',
    props: { phones, paymentLogo: <PaymentLogo provider="Worldpay" /> },
  },
  ...rowInStates({ label: 'Minimal', props: minimal }),
];

const footerColumn: MatrixAxis = { label: 'Footer' };

/**
 * Full, with phones and minimal, and the minimal one in each state, for designers and the visual
 * baseline. In a hover, focus or pressed row every link of the footer is a static preview of that
 * state (ui/theme/previewState.ts).
 */
export const All: Story = {
  render: (args) => (
    <StateMatrix
      caption="Footer: variants and states"
      rowsLabel="Variant, state"
      rows={footerRows}
      fill
      columns={[footerColumn]}
      renderCell={(row) => (
        // Each footer sits in its own section, so the page still has one contentinfo landmark.
        <section aria-label={`Footer: ${row.label}`}>
          <Footer {...args} {...row.props} />
        </section>
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: [footerColumn.label],
      rows: footerRows.map((row) => row.label),
    });
    await expect(within(canvasElement).getAllByText('© 2026 Fuelyard Ltd')).toHaveLength(
      footerRows.length,
    );
    const enquiry = (row: string) =>
      getComputedStyle(
        within(getMatrixCell(canvasElement, row, footerColumn.label)).getByRole('link', {
          name: 'Send an enquiry',
        }),
      );
    await expect(enquiry('Minimal, hover').backgroundColor).not.toBe(
      enquiry('Minimal').backgroundColor,
    );
    await expect(enquiry('Minimal, pressed').backgroundColor).not.toBe(
      enquiry('Minimal, hover').backgroundColor,
    );
    await expect(enquiry('Minimal').outlineStyle).toBe('none');
    await expect(enquiry('Minimal, focus').outlineStyle).toBe('solid');
  },
};
