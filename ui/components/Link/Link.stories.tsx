import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  interactionStates,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { colors } from '../../theme/tokens';
import { Link, type LinkProps } from './Link';

/**
 * The app wraps everything in react-aria's `RouterProvider` with React Router's `navigate`; the
 * stories do the same with a spy, so following a link never unloads the story.
 */
const navigate = fn();

const meta = {
  title: 'Components/Link',
  component: Link,
  tags: ['autodocs'],
  args: { href: '/faqs', children: 'FAQs', onPress: fn() },
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
  argTypes: {
    variant: { control: 'inline-radio', options: ['default', 'muted', 'inverse'] },
    onPress: { table: { category: 'Events' } },
  },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { variant: 'default' },
  play: async ({ canvas, args }) => {
    const link = canvas.getByRole('link', { name: 'FAQs' });
    await expect(link).toHaveAttribute('href', '/faqs');
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledOnce();
    await expect(navigate).toHaveBeenCalledWith('/faqs', undefined);
  },
};

export const Default: Story = {
  args: { children: 'Send an enquiry', href: '/contact' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Send an enquiry' })).toHaveStyle({
      color: 'rgb(194, 14, 26)',
    });
  },
};

export const Muted: Story = { args: { variant: 'muted', children: 'Privacy Policy' } };

export const Inverse: Story = {
  args: { variant: 'inverse', children: 'Terms of Purchase' },
  decorators: [
    (Story) => (
      <div style={{ background: colors.surfaceDark, padding: '1rem' }}>
        <Story />
      </div>
    ),
  ],
};

export const Disabled: Story = {
  args: { isDisabled: true, children: 'Unavailable' },
  play: async ({ canvas, args }) => {
    const link = canvas.getByRole('link', { name: 'Unavailable' });
    await expect(link).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(link);
    await expect(args.onPress).not.toHaveBeenCalled();
    await expect(navigate).not.toHaveBeenCalled();
  },
};

/**
 * Inside react-aria's `RouterProvider` (the app passes React Router's `navigate`), a link
 * navigates client-side instead of loading a new page.
 */
export const WithRouter: Story = {
  args: { href: '/products/wholesale/oil', children: 'Wholesale Oil' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Wholesale Oil' }));
    await expect(navigate).toHaveBeenCalledWith('/products/wholesale/oil', undefined);
  },
};

interface LinkRow extends MatrixAxis {
  props: Pick<LinkProps, 'variant' | 'aria-current'>;
}

const linkRows: LinkRow[] = [
  { label: 'Default', props: { variant: 'default' } },
  { label: 'Muted', props: { variant: 'muted' } },
  {
    label: 'Inverse',
    props: { variant: 'inverse' },
    cellStyle: { background: colors.surfaceDark, color: colors.onSurfaceDark },
  },
  { label: 'Current page', props: { variant: 'default', 'aria-current': 'page' } },
];

interface LinkColumn extends MatrixAxis {
  isDisabled?: boolean;
}

const linkColumns: LinkColumn[] = [...interactionStates, { label: 'Disabled', isDisabled: true }];

/**
 * Every variant in every state, for design review and the visual baseline. Hover, Focus and
 * Pressed are static previews (ui/theme/previewState.ts); Disabled is the real prop.
 */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="Link: variants by state"
      rowsLabel="Variant"
      rows={linkRows}
      columns={linkColumns}
      cellStyle={{ whiteSpace: 'nowrap' }}
      renderCell={(row, column) => (
        <Link {...row.props} href="/faqs" isDisabled={column.isDisabled}>
          Delivery FAQs
        </Link>
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: linkColumns.map((column) => column.label),
      rows: linkRows.map((row) => row.label),
    });
    const link = (row: string, column: string) =>
      within(getMatrixCell(canvasElement, row, column)).getByRole('link');
    const look = (row: string, column: string) => getComputedStyle(link(row, column));

    for (const row of ['Default', 'Muted', 'Inverse']) {
      await expect(look(row, 'Hover').color).not.toBe(look(row, 'Default').color);
      await expect(look(row, 'Pressed').color).toBe(look(row, 'Hover').color);
      await expect(look(row, 'Default').outlineStyle).toBe('none');
      await expect(look(row, 'Focus').outlineStyle).toBe('solid');
    }
    await expect(look('Current page', 'Default').fontWeight).toBe('700');
    await expect(link('Default', 'Disabled')).toHaveAttribute('aria-disabled', 'true');
  },
};
