import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Heading, Text } from './Text';

const meta = {
  title: 'Components/Text',
  component: Text,
  tags: ['autodocs'],
  args: {
    variant: 'body',
    children: 'Bagged coal, heating oil and wood pellets delivered across Northern Ireland.',
  },
  argTypes: {
    variant: { control: 'inline-radio', options: ['body', 'small', 'muted', 'lead'] },
    elementType: { control: 'select', options: ['p', 'span', 'div', 'small', 'strong'] },
  },
} satisfies Meta<typeof Text>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    const text = canvas.getByText(/Bagged coal/);
    await expect(text.tagName).toBe('P');
    await expect(text).toHaveAttribute('data-variant', 'body');
  },
};

export const Body: Story = { args: { variant: 'body' } };

export const Lead: Story = {
  args: { variant: 'lead', children: 'Wholesale, industrial and home heating fuel since 1968.' },
};

export const Small: Story = {
  args: { variant: 'small', children: '* For larger quantities please contact our office.' },
};

export const Muted: Story = {
  args: { variant: 'muted', children: 'A minimum order applies depending on your postcode.' },
};

export const AsSpan: Story = {
  args: { elementType: 'span', children: 'Inline text' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Inline text').tagName).toBe('SPAN');
  },
};

export const Headings: Story = {
  render: () => (
    <div>
      <Heading level={1}>Page not found</Heading>
      <Heading level={2}>Order Online</Heading>
      <Heading level={3}>Wood Pellets</Heading>
      <Heading level={4}>Belfast office</Heading>
      <Heading level={2} size={4}>
        A level-2 heading drawn at size 4
      </Heading>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    await expect(canvas.getByRole('heading', { level: 4 })).toHaveTextContent('Belfast office');
    const resized = canvas.getByRole('heading', { name: /drawn at size 4/ });
    await expect(resized.tagName).toBe('H2');
    await expect(resized).toHaveAttribute('data-size', '4');
  },
};

/** The whole type scale, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <div style={{ maxWidth: 640 }}>
      <Heading level={1}>Heading 1 · Merriweather</Heading>
      <Heading level={2}>Heading 2 · Order Online</Heading>
      <Heading level={3}>Heading 3 · Wood Pellets</Heading>
      <Heading level={4}>Heading 4 · Belfast office</Heading>
      <Text variant="lead">Lead · Wholesale, industrial and home heating fuel.</Text>
      <Text>
        Body · Open Sans at 18px. Bagged coal, heating oil and wood pellets delivered across
        Northern Ireland. <strong>Strong text</strong> stands out.
      </Text>
      <Text variant="muted">Muted · A minimum order applies depending on your postcode.</Text>
      <Text variant="small">Small · * For larger quantities please contact our office.</Text>
    </div>
  ),
};
