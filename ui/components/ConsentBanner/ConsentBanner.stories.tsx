import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Specimen, ViewportFrame } from '../../docs/StateMatrix';
import { ConsentBanner } from './ConsentBanner';

const meta = {
  title: 'Components/ConsentBanner',
  component: ConsentBanner,
  tags: ['autodocs'],
  args: { isOpen: true, onAccept: fn(), onReject: fn() },
  argTypes: {
    onAccept: { table: { category: 'Events' } },
    onReject: { table: { category: 'Events' } },
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConsentBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Cookie consent' });
    await expect(region).toBeVisible();
    await expect(
      within(region).getByRole('link', { name: 'Read our privacy policy' }),
    ).toHaveAttribute('href', '/privacy-policy');
    await userEvent.click(within(region).getByRole('button', { name: 'Accept analytics' }));
    await expect(args.onAccept).toHaveBeenCalledOnce();
    await expect(args.onReject).not.toHaveBeenCalled();
  },
};

export const Reject: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Reject analytics' }));
    await expect(args.onReject).toHaveBeenCalledOnce();
    await expect(args.onAccept).not.toHaveBeenCalled();
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Read our privacy policy' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Reject analytics' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Accept analytics' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onAccept).toHaveBeenCalledOnce();
  },
};

export const Closed: Story = {
  args: { isOpen: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  },
};

export const CustomText: Story = {
  args: { children: 'We would like to measure visits with privacy-friendly analytics.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/privacy-friendly analytics/)).toBeVisible();
  },
};

/**
 * The banner, labelled, for design review and the visual baseline. It is fixed to the bottom of
 * the window; here it sits at the bottom of a box standing in for it, under its label.
 */
export const All: Story = {
  render: (args) => (
    <Specimen caption="ConsentBanner: default text, at the bottom of the page">
      <ViewportFrame height={180}>
        <ConsentBanner {...args} />
      </ViewportFrame>
    </Specimen>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure')).toHaveTextContent(
      /^ConsentBanner: default text, at the bottom of the page/,
    );
    const banner = canvas.getByRole('region', { name: 'Cookie consent' });
    await expect(within(banner).getAllByRole('button')).toHaveLength(2);
    // Inside its frame, at the bottom: not at the bottom of the real window.
    const frame = canvas.getByRole('figure').querySelector('[data-viewport-frame]');
    if (!frame) throw new Error('no frame');
    await expect(Math.round(banner.getBoundingClientRect().bottom)).toBe(
      Math.round(frame.getBoundingClientRect().bottom),
    );
  },
};
