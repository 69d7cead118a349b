import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import {
  StateMatrix,
  defaultState,
  focusState,
  getMatrixCell,
  getMatrixHeaders,
  hoverState,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { colors } from '../../theme/tokens';
import type { LinkVariant } from '../Link';
import { EmailLink, PhoneLink } from './ContactLink';

const headOffice = { label: 'Head Office', number: '028 9649 6010' };
const belfast = { label: 'Belfast Office', number: '028 9649 6020' };

const meta = {
  title: 'Components/ContactLink',
  component: PhoneLink,
  tags: ['autodocs'],
  args: { phone: headOffice },
  argTypes: {
    variant: { control: 'inline-radio', options: ['default', 'muted', 'inverse'] },
  },
} satisfies Meta<typeof PhoneLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { phone: headOffice, showLabel: true, showIcon: true, variant: 'default' },
};

export const Phone: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', {
      name: 'Head Office: 028 9649 6010',
    });
    await expect(link).toHaveAttribute('href', 'tel:+442896496010');
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

/** Only the number shows; the label stays in the accessible name. */
export const PhoneNumberOnly: Story = {
  args: { phone: belfast, showLabel: false },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', {
      name: 'Belfast Office: 028 9649 6020',
    });
    await expect(link).toHaveTextContent(/^028 9649 6020$/);
  },
};

export const Email: Story = {
  render: () => <EmailLink email="info@fuelyard.co.uk" />,
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'info@fuelyard.co.uk' });
    await expect(link).toHaveAttribute('href', 'mailto:info@fuelyard.co.uk');
  },
};

const variants = ['default', 'muted', 'inverse'] as const;
const kinds = {
  Phone: (variant: LinkVariant) => <PhoneLink phone={headOffice} variant={variant} />,
  'Number only': (variant: LinkVariant) => (
    <PhoneLink phone={belfast} variant={variant} showLabel={false} />
  ),
  Email: (variant: LinkVariant) => <EmailLink email="info@fuelyard.co.uk" variant={variant} />,
};

interface ContactRow extends MatrixAxis {
  render: () => ReactNode;
}

const contactRows: ContactRow[] = variants.flatMap((variant) =>
  Object.entries(kinds).map(([kind, render]) => ({
    label: `${kind}, ${variant}`,
    render: () => render(variant),
    cellStyle:
      variant === 'inverse'
        ? { background: colors.surfaceDark, color: colors.onSurfaceDark }
        : undefined,
  })),
);

const contactColumns: MatrixAxis[] = [defaultState, hoverState, focusState];

/**
 * Every kind and variant in each state, for design review and the visual baseline. Hover and
 * Focus are static previews (ui/theme/previewState.ts); pressed looks as hover does (see Link).
 */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="ContactLink: kinds and variants by state"
      rowsLabel="Kind, variant"
      rows={contactRows}
      columns={contactColumns}
      cellStyle={{ whiteSpace: 'nowrap' }}
      renderCell={(row) => row.render()}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: contactColumns.map((column) => column.label),
      rows: contactRows.map((row) => row.label),
    });
    // Two phone rows and one e-mail row per variant, in every column.
    await expect(canvas.getAllByRole('link', { name: /028 9649 60[12]0/ })).toHaveLength(
      6 * contactColumns.length,
    );
    await expect(canvas.getAllByRole('link', { name: 'info@fuelyard.co.uk' })).toHaveLength(
      3 * contactColumns.length,
    );
    const look = (row: string, column: string) =>
      getComputedStyle(within(getMatrixCell(canvasElement, row, column)).getByRole('link'));
    for (const row of ['Phone, default', 'Email, muted', 'Phone, inverse']) {
      await expect(look(row, 'Hover').color).not.toBe(look(row, 'Default').color);
      await expect(look(row, 'Default').outlineStyle).toBe('none');
      await expect(look(row, 'Focus').outlineStyle).toBe('solid');
    }
  },
};
