import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { Button } from '../Button';
import { CartIcon } from '../Icon';
import { ProductCard, type ProductCardProps } from './ProductCard';

/** Simple product illustrations drawn for the stories (offline, no stock photos). */
const svgImage = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">${body}</svg>`,
  )}`;

const coalBag = svgImage(
  `<rect width="400" height="300" fill="#F7F6F2"/>
   <path d="M130 60h140l20 200H110z" fill="#2B2B2B"/>
   <path d="M130 60c20 14 120 14 140 0" stroke="#FFD100" stroke-width="8" fill="none"/>
   <rect x="140" y="130" width="120" height="60" rx="6" fill="#FFD100"/>
   <circle cx="170" cy="160" r="12" fill="#2B2B2B"/><circle cx="200" cy="160" r="12" fill="#2B2B2B"/><circle cx="230" cy="160" r="12" fill="#2B2B2B"/>`,
);

const oilTank = svgImage(
  `<rect width="400" height="300" fill="#F7F6F2"/>
   <rect x="70" y="90" width="260" height="140" rx="60" fill="#1F5130"/>
   <rect x="180" y="70" width="40" height="24" rx="4" fill="#1F5130"/>
   <rect x="100" y="230" width="20" height="30" fill="#555"/><rect x="280" y="230" width="20" height="30" fill="#555"/>`,
);

const pelletBag = svgImage(
  `<rect width="400" height="300" fill="#F7F6F2"/>
   <rect x="120" y="50" width="160" height="210" rx="12" fill="#7A4A00"/>
   <rect x="140" y="110" width="120" height="80" rx="6" fill="#FFF3D1"/>
   <path d="M170 170c10-40 50-40 60 0" stroke="#1B6E32" stroke-width="10" fill="none"/>`,
);

const houseCoal: ProductCardProps = {
  title: 'Premium Polish House Coal',
  image: { src: coalBag, alt: 'A 40kg bag of Premium Polish house coal', width: 400, height: 300 },
  bestseller: true,
  sizes: [
    { id: 'hc-20', title: '20kg bag', pence: 1199 },
    { id: 'hc-40', title: '40kg bag', pence: 2150 },
    { id: 'hc-ht', title: 'Half tonne (25 × 20kg)', pence: 27500 },
  ],
  description: 'Large, clean-burning lumps for open fires and multi-fuel stoves.',
};

const heatingOil: ProductCardProps = {
  title: 'Home Heating Oil (Kerosene)',
  bestseller: false,
  image: { src: oilTank, alt: 'A green domestic heating oil tank', width: 400, height: 300 },
  sizes: [
    { id: 'oil-300', title: '300 litres', pence: 18900, unitPrice: '63.0p per litre' },
    { id: 'oil-500', title: '500 litres', pence: 29900, unitPrice: '59.8p per litre' },
    { id: 'oil-900', title: '900 litres', pence: 52900, unitPrice: '58.8p per litre' },
  ],
  description: 'Delivered across Northern Ireland. Price includes VAT at 5%.',
  pricesSetOn: '2026-11-26',
};

const woodPellets: ProductCardProps = {
  title: 'Premium Wood Pellets',
  bestseller: false,
  description: 'Low-ash ENplus A1 pellets for pellet stoves and boilers.',
  image: { src: pelletBag, alt: 'A 15kg bag of wood pellets', width: 400, height: 300 },
  sizes: [{ id: 'wp-15', title: '15kg bag', pence: 699 }],
};

/** Cards sit in a grid column; `parameters.maxWidth` widens it for the row and matrix stories. */
const cardColumn: Decorator = (Story, { parameters }) => (
  <div style={{ maxWidth: (parameters.maxWidth as string | undefined) ?? '22rem' }}>
    <Story />
  </div>
);

const meta = {
  title: 'Components/ProductCard',
  component: ProductCard,
  tags: ['autodocs'],
  args: houseCoal,
  argTypes: {
    headingLevel: { control: 'inline-radio', options: [2, 3, 4, 5, 6] },
    variant: { control: 'inline-radio', options: ['card', 'row'] },
    fromPence: { control: { type: 'number', step: 1 } },
  },
  decorators: [cardColumn],
} satisfies Meta<typeof ProductCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { ...houseCoal, headingLevel: 3, variant: 'card' },
};

export const Bestseller: Story = {
  args: houseCoal,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('article', { name: 'Premium Polish House Coal' });
    await expect(within(card).getByText('Bestseller')).toBeVisible();
    await expect(
      within(card).getByRole('heading', { level: 3, name: 'Premium Polish House Coal' }),
    ).toBeVisible();
    await expect(
      within(card).getByRole('img', { name: 'A 40kg bag of Premium Polish house coal' }),
    ).toBeVisible();
    // The cheapest size is the "from" price.
    await expect(card.querySelector('[data-size="lg"]')).toHaveTextContent('from£11.99');
    const sizes = within(card).getByRole('list', { name: 'Sizes and prices' });
    const rows = within(sizes).getAllByRole('listitem');
    await expect(rows).toHaveLength(3);
    await expect(rows[1]).toHaveTextContent('40kg bag£21.50');
  },
};

export const WithoutBadge: Story = {
  args: heatingOil,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText('Bestseller')).not.toBeInTheDocument();
    await expect(canvas.getByText('£189.00', { selector: '[data-size="lg"] data' })).toBeVisible();
  },
};

/** With one size the price is shown without "from". */
export const SingleSize: Story = {
  args: woodPellets,
  play: async ({ canvasElement }) => {
    const headline = canvasElement.querySelector('[data-size="lg"]');
    await expect(headline).toHaveTextContent('£6.99');
    await expect(headline).not.toHaveTextContent('from');
  },
};

/**
 * Heating oil as it is bought here: each size (the Consumer Council's survey quotes 300, 500 and
 * 900 litres) with its price per litre, and the day the prices were set.
 */
export const OilPerLitre: Story = {
  args: heatingOil,
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('article', { name: heatingOil.title });
    const rows = within(within(card).getByRole('list', { name: 'Sizes and prices' })).getAllByRole(
      'listitem',
    );
    await expect(rows).toHaveLength(3);
    await expect(within(rows[0] as HTMLElement).getByText('63.0p per litre')).toBeVisible();
    await expect(rows[1]).toHaveTextContent('500 litres£299.0059.8p per litre');
    await expect(within(rows[2] as HTMLElement).getByText('58.8p per litre')).toBeVisible();
    const setOn = within(card).getByText(/^Prices set on/);
    await expect(setOn).toHaveTextContent('Prices set on 26 November 2026');
    await expect(setOn.querySelector('time')).toHaveAttribute('datetime', '2026-11-26');
  },
};

/** Without per-unit prices or a date (solid fuel), neither line is drawn. */
export const WithoutUnitPrices: Story = {
  args: houseCoal,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/per litre/)).toBeNull();
    await expect(within(canvasElement).queryByText(/Prices set on/)).toBeNull();
  },
};

export const PriorityImage: Story = {
  args: {
    ...houseCoal,
    image: houseCoal.image ? { ...houseCoal.image, priority: true } : undefined,
  },
  play: async ({ canvas }) => {
    const image = canvas.getByRole('img', { name: houseCoal.image?.alt ?? '' });
    await expect(image).toHaveAttribute('loading', 'eager');
    await expect(image).toHaveAttribute('fetchpriority', 'high');
  },
};

export const WithoutImage: Story = {
  args: {
    ...woodPellets,
    image: undefined,
    title: 'Kiln Dried Kindling',
    description: 'Kiln-dried softwood kindling in handy net bags.',
    sizes: [{ id: 'k', title: 'Net bag', pence: 450 }],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
  },
};

export const HeadingLevel2: Story = {
  args: { ...heatingOil, headingLevel: 2 },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 2, name: heatingOil.title }),
    ).toBeVisible();
  },
};

export const Row: Story = {
  args: { ...houseCoal, variant: 'row' },
  parameters: { maxWidth: '48rem' },
};

const onAdd = fn();

/** The action slot: the app puts the compact order form here. */
export const WithActions: Story = {
  args: {
    ...houseCoal,
    actions: (
      <Button icon={<CartIcon />} fullWidth onPress={onAdd}>
        Add to Cart
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    onAdd.mockClear();
    const button = within(canvasElement).getByRole('button', { name: 'Add to Cart' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onAdd).toHaveBeenCalledTimes(1);
  },
};

interface CardColumn extends MatrixAxis {
  props: ProductCardProps;
}

const bestsellerColumn: CardColumn = { label: 'Bestseller, three sizes', props: houseCoal };

const cardColumns: CardColumn[] = [
  bestsellerColumn,
  { label: 'Per-litre prices and their date', props: heatingOil },
  { label: 'One size', props: woodPellets },
  {
    label: 'No picture, no description',
    props: { title: 'Kiln Dried Kindling', sizes: [{ id: 'k', title: 'Net bag', pence: 450 }] },
  },
];

/** Every variant, labelled, for designers and the visual baseline. */
export const All: Story = {
  parameters: { maxWidth: 'none' },
  render: () => (
    <div style={{ display: 'grid', gap: '1.5rem' }}>
      <StateMatrix
        caption="ProductCard: card layout"
        rowsLabel="Layout"
        rows={[{ label: 'Card' }]}
        columns={cardColumns}
        fill
        cellStyle={{ verticalAlign: 'top' }}
        renderCell={(_row, column) => <ProductCard {...column.props} />}
      />
      <StateMatrix
        caption="ProductCard: row layout"
        rowsLabel="Layout"
        rows={[{ label: 'Row' }]}
        columns={[bestsellerColumn]}
        fill
        renderCell={(_row, column) => (
          // As wide as the Row story: the layout of a wide column, not of the whole page.
          <div style={{ maxWidth: '48rem' }}>
            <ProductCard {...column.props} variant="row" />
          </div>
        )}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('article')).toHaveLength(5);
    await expect(getMatrixHeaders(canvasElement, 'ProductCard: card layout')).toEqual({
      columns: cardColumns.map((column) => column.label),
      rows: ['Card'],
    });
    await expect(
      getMatrixCell(canvasElement, 'Row', 'Bestseller, three sizes', 'ProductCard: row layout'),
    ).toHaveTextContent(/Premium Polish House Coal/);
  },
};
