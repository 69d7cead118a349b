import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../../theme/theme';
import { BestsellerBadge } from '../Badge';
import { FlameIcon } from '../Icon';
import { Price } from '../Price';

export interface ProductCardSize {
  id: string | number;
  /** e.g. "40kg bag" or "500 litres". */
  title: string;
  /** Price of this size in whole pence. */
  pence: number;
  /**
   * The price per unit, shown small under the size's price so buyers can compare sizes, e.g.
   * "64.0p per litre" for heating oil. Omit it for goods not compared by the unit.
   */
  unitPrice?: string;
}

export interface ProductCardImage {
  src: string;
  /** Describe the product photo; use "" only if the title already says everything. */
  alt: string;
  width?: number;
  height?: number;
  /**
   * `true` for a card near the top of the page: the image loads at once with high priority
   * (it is likely the page's largest paint). Default: loaded lazily.
   */
  priority?: boolean;
}

export type ProductCardHeadingLevel = 2 | 3 | 4 | 5 | 6;
export type ProductCardVariant = 'card' | 'row';

export interface ProductCardProps {
  /** The product's name, as its heading. */
  title: string;
  /** The product photo with its alt text; a placeholder is drawn when there is none. */
  image?: ProductCardImage;
  /** Shows the 'Bestseller' badge. */
  bestseller?: boolean;
  /** The sizes on sale with their prices. */
  sizes?: readonly ProductCardSize[];
  /**
   * The headline price in pence, shown as "from £x". Defaults to the cheapest size when there is
   * more than one size; with a single size its price is shown without "from".
   */
  fromPence?: number;
  /** A sentence or two about the product, under the price. */
  description?: ReactNode;
  /**
   * The day the prices were last set, as an ISO date (`YYYY-MM-DD`), shown under the sizes as
   * "Prices set on 26 November 2026". For prices that change often (heating oil), so buyers know
   * how fresh they are. Not shown when absent or not a real date.
   */
  pricesSetOn?: string;
  /** Heading level of the title, to fit the page outline (default 3). */
  headingLevel?: ProductCardHeadingLevel;
  /** `card` stacks the image above the text; `row` puts it beside the text from 640px up. */
  variant?: ProductCardVariant;
  /** The action slot, e.g. the compact order form or an "Add to Cart" button. */
  actions?: ReactNode;
  /** Also rendered in the action slot, after `actions`. */
  children?: ReactNode;
  /** Extra class on the root (to place it in a grid). */
  className?: string;
}

/** The headline price: explicit `fromPence`, else the cheapest size. */
export function headlinePrice(
  sizes: readonly ProductCardSize[],
  fromPence?: number,
): { pence: number; isFrom: boolean } | null {
  if (fromPence !== undefined) return { pence: fromPence, isFrom: true };
  if (sizes.length === 0) return null;
  const cheapest = Math.min(...sizes.map((size) => size.pence));
  return { pence: cheapest, isFrom: sizes.length > 1 };
}

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * An ISO date as UK English writes it in full: "2026-11-26" -> "26 November 2026"; null when it
 * is not a real date. Read from the date's own parts, never through a Date in the local time zone,
 * which west of Greenwich would show the day before.
 */
export function longDate(iso: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (daysInMonth === undefined || day < 1 || day > daysInMonth) return null;
  return `${day} ${months[month - 1]} ${year}`;
}

const Root = styled.article`
  display: grid;
  grid-template-rows: auto 1fr;
  overflow: hidden;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};

  ${theme.media.sm} {
    &[data-variant='row'] {
      grid-template-rows: none;
      grid-template-columns: minmax(180px, 2fr) 3fr;
    }
  }
`;

const Media = styled.div`
  position: relative;
  aspect-ratio: 4 / 3;
  background: ${theme.colors.surfaceAlt};

  & img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: contain;
  }

  & [data-part='placeholder'] {
    display: flex;
    align-items: center;
    justify-content: center;
    height: 100%;
    color: ${theme.colors.borderStrong};
    font-size: 3rem;
  }

  & [data-variant='bestseller'] {
    position: absolute;
    top: ${theme.space[3]};
    left: ${theme.space[3]};
    box-shadow: ${theme.shadows.sm};
  }
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  padding: ${theme.space[4]};
`;

const Title = styled.h3`
  margin: 0;
  font-family: ${theme.fonts.heading};
  font-size: ${theme.fontSizes.lg};
  line-height: ${theme.lineHeights.tight};
`;

const Description = styled.div`
  color: ${theme.colors.inkMuted};
  font-size: ${theme.fontSizes.sm};

  & > :last-child {
    margin-bottom: 0;
  }
`;

const Sizes = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${theme.fontSizes.sm};

  & li {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: ${theme.space[3]};
    padding: ${theme.space[1]} 0;
    border-bottom: 1px solid ${theme.colors.border};
  }
  & li:last-child {
    border-bottom: 0;
  }

  & [data-part='prices'] {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    text-align: right;
  }
  & [data-part='unit-price'] {
    color: ${theme.colors.inkMuted};
    font-size: ${theme.fontSizes.xs};
  }
`;

const PricesSetOn = styled.p`
  margin: 0;
  color: ${theme.colors.inkMuted};
  font-size: ${theme.fontSizes.xs};
`;

const Actions = styled.div`
  margin-top: auto;
  padding-top: ${theme.space[2]};

  &:empty {
    display: none;
  }
`;

/**
 * A product in a listing: photo, title, optional Bestseller badge, its sizes with prices, the
 * "from" price and an action slot where the app puts the compact order form.
 */
export function ProductCard({
  title,
  image,
  bestseller = false,
  sizes = [],
  fromPence,
  description,
  pricesSetOn,
  headingLevel = 3,
  variant = 'card',
  actions,
  children,
  className,
}: ProductCardProps) {
  const titleId = useId();
  const headline = headlinePrice(sizes, fromPence);
  const hasActions = actions !== undefined || children !== undefined;
  const pricesSetOnText = pricesSetOn === undefined ? null : longDate(pricesSetOn);
  return (
    <Root aria-labelledby={titleId} data-variant={variant} className={className}>
      <Media>
        {image ? (
          <img
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            loading={image.priority ? 'eager' : 'lazy'}
            fetchPriority={image.priority ? 'high' : 'auto'}
            // A priority image is painted with the text around it, not in a later frame that may
            // wait behind hydration; the others are decoded off the main thread.
            decoding={image.priority ? 'sync' : 'async'}
          />
        ) : (
          <span data-part="placeholder">
            <FlameIcon />
          </span>
        )}
        {bestseller ? <BestsellerBadge /> : null}
      </Media>
      <Body>
        <Title as={`h${headingLevel}`} id={titleId}>
          {title}
        </Title>
        {headline ? (
          <Price pence={headline.pence} prefix={headline.isFrom ? 'from' : undefined} size="lg" />
        ) : null}
        {description ? <Description>{description}</Description> : null}
        {sizes.length > 0 ? (
          <Sizes aria-label="Sizes and prices">
            {sizes.map((size) => (
              <li key={size.id}>
                <span>{size.title}</span>
                {size.unitPrice ? (
                  <span data-part="prices">
                    <Price pence={size.pence} size="sm" />
                    <span data-part="unit-price">{size.unitPrice}</span>
                  </span>
                ) : (
                  <Price pence={size.pence} size="sm" />
                )}
              </li>
            ))}
          </Sizes>
        ) : null}
        {pricesSetOnText ? (
          <PricesSetOn>
            Prices set on <time dateTime={pricesSetOn}>{pricesSetOnText}</time>
          </PricesSetOn>
        ) : null}
        {hasActions ? (
          <Actions>
            {actions}
            {children}
          </Actions>
        ) : null}
      </Body>
    </Root>
  );
}
