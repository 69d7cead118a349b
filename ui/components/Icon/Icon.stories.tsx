import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Specimen } from '../../docs/StateMatrix';
import { colors } from '../../theme/tokens';
import {
  CartIcon,
  CoalCategoryIcon,
  coalCategoryIcons,
  icons,
  socialIcons,
  type IconName,
} from './Icon';

const meta = {
  title: 'Components/Icon',
  component: CartIcon,
  tags: ['autodocs'],
  args: { size: 32 },
} satisfies Meta<typeof CartIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    // Decorative by default: hidden from assistive technology.
    const svg = canvasElement.querySelector('svg[data-icon="Cart"]');
    await expect(svg).toHaveAttribute('aria-hidden', 'true');
    await expect(svg).toHaveAttribute('width', '32');
  },
};

/** With `title` the icon stands alone and is announced as an image. */
export const Labelled: Story = {
  args: { title: 'Cart' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Cart' })).toBeVisible();
  },
};

/** Icons follow the text colour and size. */
export const InheritsColour: Story = {
  render: (args) => (
    <span style={{ color: colors.link, fontSize: '2rem' }}>
      <CartIcon {...args} size={undefined} />
    </span>
  ),
  play: async ({ canvasElement }) => {
    const svg = canvasElement.querySelector('svg');
    await expect(svg).toHaveAttribute('stroke', 'currentColor');
    await expect(svg).toHaveStyle({ color: 'rgb(194, 14, 26)' });
  },
};

/**
 * Every glyph with its name, for design review and the visual baseline. Icons have no states of
 * their own: they take the colour and size of the text around them (see Sizes for each size).
 */
export const All: Story = {
  render: () => (
    <Specimen caption="Icon: every glyph at 28px, by name">
      <ul
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
          gap: '1rem',
          listStyle: 'none',
          padding: 0,
          margin: 0,
          maxWidth: 800,
        }}
      >
        {(Object.keys(icons) as IconName[]).map((name) => {
          const Icon = icons[name];
          return (
            <li key={name} style={{ display: 'grid', justifyItems: 'center', gap: '0.25rem' }}>
              <Icon size={28} />
              <code style={{ fontSize: '0.875rem' }}>{name}</code>
            </li>
          );
        })}
      </ul>
    </Specimen>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure')).toHaveTextContent(
      /^Icon: every glyph at 28px, by name/,
    );
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(Object.keys(icons).length);
    // Each glyph is labelled with its name.
    for (const [index, name] of Object.keys(icons).entries()) {
      await expect(items[index]).toHaveTextContent(name);
    }
  },
};

const coalKeys = [...Object.keys(coalCategoryIcons), 'not-a-category'];

/** Coal category icons (SPEC §3) through `CoalCategoryIcon`, including an unknown key. */
export const CoalCategories: Story = {
  render: () => (
    <ul style={{ display: 'flex', flexWrap: 'wrap', gap: '1.5rem', listStyle: 'none', padding: 0 }}>
      {coalKeys.map((key) => (
        <li key={key} style={{ display: 'grid', justifyItems: 'center', gap: '0.25rem' }}>
          <CoalCategoryIcon icon={key} size={40} title={key} />
          <code>{key}</code>
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const expected: Record<string, string> = {
      'best-sellers': 'BestSellers',
      'open-fire': 'OpenFire',
      'gravity-fed': 'GravityFed',
      smokeless: 'Smokeless',
      check: 'Check',
      // Unknown keys fall back to the check.
      'not-a-category': 'Check',
    };
    for (const [key, glyph] of Object.entries(expected)) {
      await expect(canvas.getByRole('img', { name: key })).toHaveAttribute('data-icon', glyph);
    }
  },
};

/** Social glyphs (solid), as the side navigation shows them. */
export const Social: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '1.5rem' }}>
      {Object.entries(socialIcons).map(([network, Glyph]) => (
        <Glyph key={network} size={32} title={network} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const network of ['facebook', 'instagram', 'x']) {
      const glyph = canvas.getByRole('img', { name: network });
      await expect(glyph).toBeVisible();
      await expect(glyph).toHaveAttribute('fill', 'currentColor');
    }
  },
};

const sizes = [16, 24, 32, 48];

/** Every icon at each size, to check the glyphs stay legible small. */
export const Sizes: Story = {
  render: () => (
    <table style={{ borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'left', padding: '0.25rem 0.75rem' }}>
            Name
          </th>
          {sizes.map((size) => (
            <th key={size} scope="col" style={{ padding: '0.25rem 0.75rem' }}>
              {size}px
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {(Object.keys(icons) as IconName[]).map((name) => {
          const Glyph = icons[name];
          return (
            <tr key={name}>
              <th
                scope="row"
                style={{ textAlign: 'left', padding: '0.25rem 0.75rem', fontWeight: 400 }}
              >
                <code>{name}</code>
              </th>
              {sizes.map((size) => (
                <td key={size} style={{ padding: '0.25rem 0.75rem', textAlign: 'center' }}>
                  <Glyph size={size} />
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('svg[data-icon]')).toHaveLength(
      Object.keys(icons).length * sizes.length,
    );
  },
};
