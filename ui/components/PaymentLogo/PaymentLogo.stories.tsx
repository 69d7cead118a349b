import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { colors } from '../../theme/tokens';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { PaymentLogo, type PaymentLogoProps } from './PaymentLogo';

/** A made-up provider logo, drawn for the story (no third-party artwork). */
const sampleLogo = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40">
    <rect width="160" height="40" rx="6" fill="#0B3D91"/>
    <circle cx="22" cy="20" r="10" fill="#FFD100"/>
    <text x="42" y="26" font-family="Arial, sans-serif" font-size="18" font-weight="700" fill="#fff">CardPay</text>
  </svg>`,
)}`;

const meta = {
  title: 'Components/PaymentLogo',
  component: PaymentLogo,
  tags: ['autodocs'],
  args: {},
  argTypes: {
    tone: { control: 'inline-radio', options: ['light', 'dark'] },
  },
} satisfies Meta<typeof PaymentLogo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { provider: 'Worldpay', tone: 'light' },
};

/** Worldpay's mark, in its brand colour. */
export const Worldpay: Story = {
  args: { provider: 'Worldpay' },
  play: async ({ canvasElement }) => {
    const logo = within(canvasElement).getByRole('img', {
      name: 'Secure card payments with Worldpay',
    });
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('data-variant', 'mark');
    await expect(logo).toHaveAttribute('data-mark', 'worldpay');
    await expect(logo).toHaveTextContent('worldpay');
    // What it draws is decorative; the wrapper alone carries the meaning.
    for (const svg of logo.querySelectorAll('svg')) {
      await expect(svg).toHaveAttribute('aria-hidden', 'true');
    }
  },
};

/** Stripe's mark, in its brand colour. */
export const Stripe: Story = {
  args: { provider: 'Stripe' },
  play: async ({ canvasElement }) => {
    const logo = within(canvasElement).getByRole('img', {
      name: 'Secure card payments with Stripe',
    });
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('data-mark', 'stripe');
    await expect(logo).toHaveTextContent('stripe');
  },
};

/** No provider named: the shop's built-in test provider, whose payments take no money. */
export const TestProvider: Story = {
  play: async ({ canvasElement }) => {
    const logo = within(canvasElement).getByRole('img', {
      name: 'Test card payments: no money is taken',
    });
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('data-mark', 'test');
    await expect(logo).toHaveTextContent('No money is taken');
  },
};

/** A provider without a mark of its own here: a neutral wordmark naming it. */
export const OtherProvider: Story = {
  args: { provider: 'CardPay' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const logo = canvas.getByRole('img', { name: 'Secure card payments with CardPay' });
    await expect(logo).toHaveAttribute('data-variant', 'wordmark');
    await expect(logo).not.toHaveAttribute('data-mark');
    await expect(canvas.getByText('with CardPay')).toBeVisible();
  },
};

/** The provider's own logo image, named by the wrapper. */
export const WithImage: Story = {
  args: { provider: 'CardPay', src: sampleLogo, width: 160, height: 40 },
  play: async ({ canvasElement }) => {
    const logo = within(canvasElement).getByRole('img', {
      name: 'Secure card payments with CardPay',
    });
    await expect(logo).toHaveAttribute('data-variant', 'image');
    const image = logo.querySelector('img');
    await expect(image).not.toBeNull();
    await expect(image).toHaveAttribute('alt', '');
  },
};

/** Custom markup in the slot, with a custom accessible name. */
export const WithChildren: Story = {
  args: {
    label: 'Card payments by CardPay',
    children: (
      <svg width="120" height="32" viewBox="0 0 120 32" aria-hidden="true">
        <rect width="120" height="32" rx="4" fill={colors.surfaceDark} />
        <text x="12" y="21" fill={colors.primary} fontSize="14" fontWeight="700">
          CardPay
        </text>
      </svg>
    ),
  },
  play: async ({ canvasElement }) => {
    const logo = within(canvasElement).getByRole('img', { name: 'Card payments by CardPay' });
    await expect(logo).toHaveAttribute('data-variant', 'custom');
  },
};

export const Dark: Story = {
  args: { provider: 'Worldpay', tone: 'dark' },
  render: (args) => (
    <div style={{ background: colors.surfaceDark, padding: '1rem' }}>
      <PaymentLogo {...args} />
    </div>
  ),
};

interface ToneRow extends MatrixAxis {
  tone: 'light' | 'dark';
}

const toneRows: ToneRow[] = [
  { label: 'Light', tone: 'light', cellStyle: { background: colors.surfaceAlt } },
  {
    label: 'Dark',
    tone: 'dark',
    cellStyle: { background: colors.surfaceDark, color: colors.onSurfaceDark },
  },
];

interface ProviderColumn extends MatrixAxis {
  props: Omit<PaymentLogoProps, 'tone'>;
}

const providerColumns: ProviderColumn[] = [
  { label: 'Worldpay', props: { provider: 'Worldpay' } },
  { label: 'Stripe', props: { provider: 'Stripe' } },
  { label: 'Test provider', props: {} },
  { label: 'Other provider', props: { provider: 'CardPay' } },
  {
    label: "Provider's logo",
    props: { provider: 'CardPay', src: sampleLogo, width: 160, height: 40 },
  },
];

/** Both tones for each provider, labelled, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="PaymentLogo: tones by provider"
      rowsLabel="Tone"
      rows={toneRows}
      columns={providerColumns}
      renderCell={(row, column) => <PaymentLogo tone={row.tone} {...column.props} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: providerColumns.map((column) => column.label),
      rows: toneRows.map((row) => row.label),
    });
    await expect(
      within(canvasElement).getAllByRole('img', { name: /card payments/i }),
    ).toHaveLength(toneRows.length * providerColumns.length);
    await expect(getMatrixCell(canvasElement, 'Dark', 'Worldpay')).toHaveTextContent(/worldpay/);
    await expect(getMatrixCell(canvasElement, 'Light', 'Stripe')).toHaveTextContent(/stripe/);
    await expect(getMatrixCell(canvasElement, 'Light', 'Test provider')).toHaveTextContent(
      /No money is taken/,
    );
  },
};
