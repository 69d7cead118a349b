import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Specimen, ViewportFrame } from '../../docs/StateMatrix';
import { Button } from '../Button';
import { LoadingOverlay } from './LoadingOverlay';

const meta = {
  title: 'Components/LoadingOverlay',
  component: LoadingOverlay,
  tags: ['autodocs'],
  args: { isVisible: true },
  parameters: { docs: { story: { inline: false, iframeHeight: 320 } } },
} satisfies Meta<typeof LoadingOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async () => {
    const status = screen.getByRole('status');
    await expect(status).toHaveTextContent('Loading...');
    const logo = screen.getByRole('img', { name: 'Fuelyard' });
    await waitFor(() => expect(logo).toBeVisible());
    // It covers the whole viewport.
    const box = status.getBoundingClientRect();
    await expect([box.left, box.top, box.width, box.height]).toEqual([
      0,
      0,
      window.innerWidth,
      window.innerHeight,
    ]);
  },
};

export const Hidden: Story = {
  args: { isVisible: false },
  play: async () => {
    await expect(screen.queryByRole('status')).toBeNull();
  },
};

export const CustomLabel: Story = {
  args: { label: 'Loading your cart...' },
  play: async () => {
    await expect(screen.getByRole('status')).toHaveTextContent('Loading your cart...');
  },
};

/** The app toggles it at the start and end of a navigation. */
export const Toggle: Story = {
  render: function ToggleOverlay() {
    const [loading, setLoading] = useState(false);
    return (
      <>
        <Button onPress={() => setLoading(true)}>Navigate</Button>
        <LoadingOverlay isVisible={loading} />
        {loading ? (
          <Button
            style={{ position: 'fixed', bottom: 16, right: 16, zIndex: 100 }}
            onPress={() => setLoading(false)}
          >
            Finish
          </Button>
        ) : null}
      </>
    );
  },
  play: async ({ canvas }) => {
    await expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Navigate' }));
    await expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await userEvent.click(canvas.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  },
};

/**
 * The overlay over a page, labelled, for design review and the visual baseline. It covers the
 * whole window; here it covers a box standing in for it, under its label.
 */
export const All: Story = {
  render: () => (
    <Specimen caption="LoadingOverlay: visible, over a page">
      <ViewportFrame height={240}>
        <p>Page content underneath.</p>
        <LoadingOverlay isVisible />
      </ViewportFrame>
    </Specimen>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure')).toHaveTextContent(
      /^LoadingOverlay: visible, over a page/,
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading...');
  },
};
