import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { colors } from '../theme/tokens';
import { contrastRatio, formatRatio } from './contrast';
import {
  BreakpointTable,
  ColourPairs,
  ColourPalette,
  FontFamilies,
  FontWeightsAndLineHeights,
  LayersAndSizes,
  MotionTokens,
  RadiiScale,
  ShadowScale,
  SpaceScale,
  TypeScale,
  colourPairs,
} from './TokenDocs';

/**
 * The tables behind the Foundations pages, as stories, so they are tested (including the
 * accessibility check) like everything else.
 */
const meta = {
  title: 'Foundations/Token tables',
  component: ColourPalette,
  tags: ['!autodocs'],
} satisfies Meta<typeof ColourPalette>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Colours: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('row')).toHaveLength(Object.keys(colors).length + 1);
    await expect(canvas.getByText('colors.primary')).toBeVisible();
  },
};

export const Pairs: Story = {
  render: () => <ColourPairs />,
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('row')).toHaveLength(colourPairs.length + 1);
    const ratio = contrastRatio(colors.onPrimary, colors.primary);
    await expect(ratio).not.toBeNull();
    const row = canvas.getAllByRole('row')[1];
    await expect(row).toHaveTextContent(formatRatio(ratio ?? 0));
    // No pair in use may fail.
    await expect(canvas.queryByText('fail')).toBeNull();
  },
};

export const Typography: Story = {
  render: () => (
    <>
      <FontFamilies />
      <TypeScale />
      <FontWeightsAndLineHeights />
    </>
  ),
  play: async ({ canvas }) => {
    // rem sizes are shown in px at the 18px base.
    const md = canvas.getByText('fontSizes.md').closest('tr');
    await expect(md).toHaveTextContent('1rem (18px)');
    const xxl = canvas.getByText('fontSizes.xxl').closest('tr');
    await expect(xxl).toHaveTextContent('2.25rem (40.5px)');
  },
};

export const Spacing: Story = {
  render: () => (
    <>
      <SpaceScale />
      <RadiiScale />
      <ShadowScale />
      <MotionTokens />
      <LayersAndSizes />
    </>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('motion.fadeIn')).toBeVisible();
    await expect(canvas.getByText('sizes.toast')).toBeVisible();
  },
};

export const Breakpoints: Story = {
  render: () => <BreakpointTable />,
  play: async ({ canvas }) => {
    for (const px of [640, 960, 1200, 1600]) {
      await expect(canvas.getByText(`${px}px`)).toBeVisible();
    }
  },
};
