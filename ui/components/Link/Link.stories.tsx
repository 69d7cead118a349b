import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent } from 'storybook/test';
import { colors } from '../../theme/tokens';
import { Link } from './Link';

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

/** Every variant and state, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1rem', justifyItems: 'start' }}>
      <Link href="/a">Default link</Link>
      <Link href="/b" variant="muted">
        Muted link
      </Link>
      <Link href="/c" isDisabled>
        Disabled link
      </Link>
      <div style={{ background: colors.surfaceDark, padding: '0.75rem 1rem' }}>
        <Link href="/d" variant="inverse">
          Inverse link
        </Link>
      </div>
    </div>
  ),
};
