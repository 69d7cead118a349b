import { useId } from 'react';
import { VisuallyHidden } from 'react-aria-components';
import styled from 'styled-components';
import { theme } from '../../theme/theme';
import { Button } from '../Button';
import { CartIcon } from '../Icon';
import { Price } from '../Price';

export interface CartLineLabels {
  /** Names the quantity stepper. */
  quantity: string;
  /** After the unit price: "£24.95 each". */
  each: string;
  /** Names the line total for screen readers. */
  total: string;
  /** The visible text of the remove action. */
  remove: string;
  /** Accessible names, given the item's name ("Premium House Coal, 40kg bag"). */
  decrease: (item: string) => string;
  increase: (item: string) => string;
  removeLine: (item: string) => string;
}

export const defaultCartLineLabels: CartLineLabels = {
  quantity: 'Quantity',
  each: 'each',
  total: 'Total',
  remove: 'Remove',
  decrease: (item) => `One fewer ${item}`,
  increase: (item) => `One more ${item}`,
  removeLine: (item) => `Remove ${item} from your cart`,
};

/** The line's three actions. */
export type CartLineAction = 'decrement' | 'increment' | 'remove';

/**
 * A form the line's buttons submit, so that they work before and without JavaScript: each button
 * becomes a submit button of the form with id `id` (rendered by the app, posting to the page),
 * sending `name` = its action's value.
 */
export interface CartLineForm {
  id: string;
  name: string;
  values: Record<CartLineAction, string>;
}

export interface CartLineProps {
  /** The product's name, as the line's heading. */
  title: string;
  /** The chosen size, e.g. "40kg bag" or "500 Litres". */
  size?: string | null;
  /** The product photo; decorative here, since the title sits beside it. */
  imageSrc?: string | null;
  /** Unit price in whole pence. */
  unitPence: number;
  /** How many of this size are in the cart. */
  quantity: number;
  /** Unit price times quantity, in whole pence (the server's figure). */
  lineTotalPence: number;
  /** One fewer; at a quantity of 1 this takes the line out. */
  onDecrement?: () => void;
  /** One more. Leave out to hide the + button. */
  onIncrement?: () => void;
  /** The whole line. */
  onRemove?: () => void;
  /**
   * Makes the buttons submit buttons of this form. With script the callbacks still run on press;
   * the form's submit handler must then prevent the post.
   */
  form?: CartLineForm;
  /** False at the most one line may hold: the + button is disabled. */
  canIncrement?: boolean;
  /** Disables the line's buttons while the cart is being changed. */
  isDisabled?: boolean;
  /** Heading level of the title, to fit the page outline (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** Replaces any of the English texts (the buttons' names and the prices' words). */
  labels?: Partial<CartLineLabels>;
  /** Extra class on the root. */
  className?: string;
}

/**
 * The line lays itself out by the room it is given, not the window's width: a cart in a narrow
 * column of a wide screen (a side panel, the Cart explorer) keeps the stacked layout.
 */
const Frame = styled.div`
  container-type: inline-size;
`;

const Root = styled.article`
  display: grid;
  grid-template-columns: 64px minmax(0, 1fr) auto;
  grid-template-areas:
    'image details details'
    'quantity total remove';
  align-items: center;
  gap: ${theme.space[3]} ${theme.space[4]};
  padding: ${theme.space[4]} 0;
  border-bottom: 1px solid ${theme.colors.border};
  color: ${theme.colors.ink};

  @container (min-width: 34rem) {
    grid-template-columns: 80px minmax(0, 1fr) auto 7rem auto;
    grid-template-areas: 'image details quantity total remove';
  }
`;

const Media = styled.div`
  grid-area: image;
  display: flex;
  align-items: center;
  justify-content: center;
  aspect-ratio: 1;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceAlt};
  color: ${theme.colors.borderStrong};
  font-size: ${theme.fontSizes.xl};
  overflow: hidden;

  & img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
`;

const Details = styled.div`
  grid-area: details;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[1]};
  min-width: 0;
`;

const Title = styled.h3`
  margin: 0;
  font-family: ${theme.fonts.heading};
  font-size: ${theme.fontSizes.md};
  line-height: ${theme.lineHeights.tight};
`;

const Meta = styled.p`
  margin: 0;
  color: ${theme.colors.inkMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Quantity = styled.div`
  grid-area: quantity;
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[1]};

  & > output {
    min-width: 2ch;
    font-weight: ${theme.fontWeights.bold};
    font-variant-numeric: tabular-nums;
    text-align: center;
  }
`;

const Total = styled.div`
  grid-area: total;
  justify-self: end;
`;

const Remove = styled.div`
  grid-area: remove;
  justify-self: end;
`;

/** The item's name for accessible labels: "Premium House Coal, 40kg bag". */
export function cartLineName(title: string, size?: string | null): string {
  return size ? `${title}, ${size}` : title;
}

/**
 * One line of the cart: photo, title, size, unit price, a quantity stepper (one fewer, one more),
 * the line total and a Remove action. Presentational: the app does the work in the callbacks.
 */
export function CartLine({
  title,
  size,
  imageSrc,
  unitPence,
  quantity,
  lineTotalPence,
  onDecrement,
  onIncrement,
  onRemove,
  form,
  canIncrement = true,
  isDisabled,
  headingLevel = 3,
  labels: labelOverrides,
  className,
}: CartLineProps) {
  const labels = { ...defaultCartLineLabels, ...labelOverrides };
  const titleId = useId();
  const name = cartLineName(title, size);
  const heading = `h${headingLevel}` as const;
  const submits = (action: CartLineAction) =>
    form
      ? { type: 'submit' as const, form: form.id, name: form.name, value: form.values[action] }
      : {};
  return (
    <Frame className={className}>
      <Root aria-labelledby={titleId}>
        <Media>
          {imageSrc ? (
            <img src={imageSrc} alt="" width={80} height={80} loading="lazy" />
          ) : (
            <CartIcon />
          )}
        </Media>
        <Details>
          <Title as={heading} id={titleId}>
            {title}
          </Title>
          {size ? <Meta>{size}</Meta> : null}
          <Meta>
            <Price pence={unitPence} suffix={labels.each} size="sm" />
          </Meta>
        </Details>
        <Quantity role="group" aria-label={`${labels.quantity}: ${name}`}>
          <Button
            variant="icon"
            size="sm"
            aria-label={labels.decrease(name)}
            icon={<span aria-hidden="true">−</span>}
            {...submits('decrement')}
            onPress={onDecrement}
            isDisabled={isDisabled || !onDecrement}
          />
          <output aria-label={labels.quantity}>{quantity}</output>
          {onIncrement ? (
            <Button
              variant="icon"
              size="sm"
              aria-label={labels.increase(name)}
              icon={<span aria-hidden="true">+</span>}
              {...submits('increment')}
              onPress={onIncrement}
              isDisabled={isDisabled || !canIncrement}
            />
          ) : null}
        </Quantity>
        <Total>
          <VisuallyHidden>{labels.total}: </VisuallyHidden>
          <Price pence={lineTotalPence} />
        </Total>
        <Remove>
          <Button
            variant="link"
            size="sm"
            aria-label={labels.removeLine(name)}
            {...submits('remove')}
            onPress={onRemove}
            isDisabled={isDisabled || !onRemove}
          >
            {labels.remove}
          </Button>
        </Remove>
      </Root>
    </Frame>
  );
}
