import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TextArea } from '../TextArea';
import { TextField } from '../TextField';
import { FormSection } from './FormSection';

const meta = {
  title: 'Components/FormSection',
  component: FormSection,
  tags: ['autodocs'],
  args: {
    title: 'Contact details',
    description: 'We use these only about this order.',
    children: (
      <>
        <TextField label="Full name" autoComplete="name" data-span="full" />
        <TextField label="Email" type="email" autoComplete="email" />
        <TextField label="Phone" type="tel" autoComplete="tel" />
      </>
    ),
  },
  argTypes: { columns: { control: 'inline-radio', options: [1, 2] } },
  decorators: [
    (Story) => (
      <form style={{ maxWidth: 720 }} aria-label="Example form">
        <Story />
      </form>
    ),
  ],
} satisfies Meta<typeof FormSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The legend names the group: every field in it is announced with it. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    const group = canvas.getByRole('group', { name: 'Contact details' });
    await expect(within(group).getAllByRole('textbox')).toHaveLength(3);
    await expect(group).toHaveTextContent('We use these only about this order.');
    await userEvent.tab();
    await expect(within(group).getByRole('textbox', { name: 'Full name' })).toHaveFocus();
  },
};

export const OneColumn: Story = {
  args: {
    title: 'Delivery instructions',
    description: undefined,
    columns: 1,
    children: <TextArea label="Instructions (optional)" rows={3} />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Delivery instructions' })).toHaveAttribute(
      'data-columns',
      '1',
    );
  },
};

/** A form of two sections, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24, maxWidth: 720 }}>
      <FormSection title="Contact details" description="We use these only about this order.">
        <TextField label="Full name" data-span="full" />
        <TextField label="Email" type="email" />
        <TextField label="Phone" type="tel" />
      </FormSection>
      <FormSection title="Delivery instructions" columns={1}>
        <TextArea label="Instructions (optional)" rows={3} />
      </FormSection>
    </div>
  ),
};
