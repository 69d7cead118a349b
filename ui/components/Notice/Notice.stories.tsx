import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Notice } from './Notice';

const meta = {
  title: 'Components/Notice',
  component: Notice,
  tags: ['autodocs'],
  args: { variant: 'danger', children: 'Invalid postcode, please check and try again.' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['danger', 'success', 'warning', 'info'] },
  },
} satisfies Meta<typeof Notice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Invalid postcode, please check and try again.',
    );
  },
};

/** An error is an `alert`: screen readers announce it immediately. */
export const Danger: Story = {
  args: { variant: 'danger', children: 'Postcode required.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Postcode required.');
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

export const Success: Story = {
  args: { variant: 'success', children: 'Postcode set.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Postcode set.');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const Warning: Story = {
  args: {
    variant: 'warning',
    title: 'Resetting your postcode',
    children: 'Resetting the postcode will clear your cart.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/Resetting the postcode/);
  },
};

export const Info: Story = {
  args: { variant: 'info', children: 'For delivery outside NI please contact our office' },
};

/** Every variant, with and without a title, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1rem', maxWidth: 500 }}>
      <Notice variant="danger">Invalid postcode, please check and try again.</Notice>
      <Notice variant="success">Postcode set.</Notice>
      <Notice variant="warning">Resetting the postcode will clear your cart.</Notice>
      <Notice variant="info">For delivery outside NI please contact our office</Notice>
      <Notice variant="danger" title="Product cannot be delivered to this postcode.">
        Please check the postcode or contact our office.
      </Notice>
    </div>
  ),
};
