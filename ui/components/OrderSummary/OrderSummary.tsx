import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../../theme/theme';
import { Heading, type HeadingLevel } from '../Text';
import { Price, formatPence } from '../Price';

/** One priced line, as the server sent it. Money in whole pence. */
export interface OrderSummaryLine {
  title: string;
  /** The chosen size, e.g. "500 Litres". */
  sizeTitle?: string | null;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

/** VAT included in the total at one rate; `rate` in basis points (500 is 5 %). */
export interface OrderSummaryVat {
  rate: number;
  amount: number;
}

export interface OrderSummaryLabels {
  heading: string;
  /** Names the list of lines for assistive technology. */
  items: string;
  subtotal: string;
  delivery: string;
  freeDelivery: string;
  /** Priority (next-day) delivery's surcharge. */
  prioritySurcharge: string;
  /** The extra VAT of a supply charged at 20 % without the domestic-use declaration. */
  vatAdjustment: string;
  total: string;
  /** "VAT at 5% included". */
  vatIncluded: (percent: string) => string;
  /** "3 × £610.00". */
  quantityTimesPrice: (quantity: number, unitPrice: string) => string;
  /** Said while new figures are on their way. */
  updating: string;
}

export const defaultOrderSummaryLabels: OrderSummaryLabels = {
  heading: 'Order summary',
  items: 'Items',
  subtotal: 'Subtotal',
  delivery: 'Delivery',
  freeDelivery: 'Free',
  prioritySurcharge: 'Priority delivery (next day)',
  vatAdjustment: 'VAT at 20% (no domestic-use declaration)',
  total: 'Total',
  vatIncluded: (percent) => `Includes VAT at ${percent}`,
  quantityTimesPrice: (quantity, unitPrice) => `${quantity} × ${unitPrice}`,
  updating: 'Updating the totals…',
};

/** 500 basis points → "5%", 2000 → "20%", 1750 → "17.5%". */
export function vatPercent(rate: number): string {
  return `${Number((rate / 100).toFixed(2))}%`;
}

export interface OrderSummaryProps {
  /** The items, each with its title, size, quantity and line total in pence (the server's figures). */
  lines: readonly OrderSummaryLine[];
  /** The items' total in pence, before delivery. */
  subtotal: number;
  /** Delivery in pence; 0 shows "Free". */
  deliveryCharge: number;
  /** Priority (next-day) delivery's surcharge in pence: its own line when not zero. */
  prioritySurcharge?: number;
  /** Shown as its own line when not zero. */
  vatAdjustment: number;
  /** VAT included in the total, one row per rate. */
  vatBreakdown: readonly OrderSummaryVat[];
  /** The amount to pay in pence, VAT included. */
  total: number;
  /** The figures are being worked out again (the totals are marked busy). */
  isUpdating?: boolean;
  /** Heading level of "Order summary", to fit the page outline. */
  headingLevel?: HeadingLevel;
  /** Replaces any of the English texts (headings and row names). */
  labels?: Partial<OrderSummaryLabels>;
  /** Extra class on the root (to place it in a layout). */
  className?: string;
}

const Root = styled.section`
  display: grid;
  gap: ${theme.space[4]};
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-top: 6px solid ${theme.colors.primary};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
`;

const Lines = styled.ul`
  display: grid;
  gap: ${theme.space[3]};
  margin: 0;
  padding: 0 0 ${theme.space[4]};
  list-style: none;
  border-bottom: 1px solid ${theme.colors.border};
`;

const Line = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${theme.space[1]} ${theme.space[3]};
  align-items: baseline;
`;

const LineTitle = styled.span`
  font-weight: ${theme.fontWeights.semibold};
`;

const LineMeta = styled.span`
  grid-column: 1;
  color: ${theme.colors.inkMuted};
  font-size: ${theme.fontSizes.sm};
`;

const LineTotal = styled.span`
  grid-column: 2;
  grid-row: 1;
  justify-self: end;
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  row-gap: ${theme.space[2]};
  margin: 0;
  transition: opacity ${theme.motion.fast} ${theme.motion.easing};

  & dt {
    color: ${theme.colors.inkMuted};
  }
  & dd {
    margin: 0;
    padding-left: ${theme.space[4]};
    text-align: right;
  }
  & [data-row='adjustment'] {
    color: ${theme.colors.ink};
    font-weight: ${theme.fontWeights.semibold};
  }
  & [data-row='total'] {
    padding-top: ${theme.space[2]};
    border-top: 1px solid ${theme.colors.border};
    color: ${theme.colors.ink};
    font-weight: ${theme.fontWeights.bold};
  }
  & [data-row='vat'] {
    font-size: ${theme.fontSizes.sm};
  }
`;

const Header = styled.div`
  display: grid;
  gap: ${theme.space[1]};
`;

/** Says (and shows) that new figures are on their way; empty, but there, otherwise. */
const Updating = styled.p`
  margin: 0;
  color: ${theme.colors.inkMuted};
  font-size: ${theme.fontSizes.sm};
`;

/**
 * The order summary the server priced: every line, the subtotal, the delivery charge, the VAT
 * adjustment when there is one, the total, and the VAT included at each rate. Presentational:
 * it shows the figures it is given and works nothing out.
 */
export function OrderSummary({
  lines,
  subtotal,
  deliveryCharge,
  prioritySurcharge = 0,
  vatAdjustment,
  vatBreakdown,
  total,
  isUpdating = false,
  headingLevel = 2,
  labels: overrides,
  className,
}: OrderSummaryProps) {
  const labels = { ...defaultOrderSummaryLabels, ...overrides };
  const headingId = useId();
  return (
    <Root
      className={className}
      aria-labelledby={headingId}
      aria-busy={isUpdating || undefined}
      data-order-summary=""
    >
      <Header>
        <Heading level={headingLevel} size={3} id={headingId}>
          {labels.heading}
        </Heading>
        <Updating role="status">{isUpdating ? labels.updating : null}</Updating>
      </Header>
      <Lines aria-label={labels.items}>
        {lines.map((line, index) => (
          <Line key={`${line.title}-${line.sizeTitle ?? ''}-${index}`}>
            <LineTitle>
              {line.sizeTitle ? `${line.title}, ${line.sizeTitle}` : line.title}
            </LineTitle>
            <LineMeta>
              {labels.quantityTimesPrice(line.quantity, formatPence(line.unitPrice))}
            </LineMeta>
            <LineTotal>
              <Price pence={line.lineTotal} />
            </LineTotal>
          </Line>
        ))}
      </Lines>
      <Figures data-part="figures">
        <dt>{labels.subtotal}</dt>
        <dd>
          <Price pence={subtotal} />
        </dd>
        <dt>{labels.delivery}</dt>
        <dd>{deliveryCharge === 0 ? labels.freeDelivery : <Price pence={deliveryCharge} />}</dd>
        {prioritySurcharge !== 0 ? (
          <>
            <dt data-row="priority">{labels.prioritySurcharge}</dt>
            <dd data-row="priority">
              <Price pence={prioritySurcharge} />
            </dd>
          </>
        ) : null}
        {vatAdjustment !== 0 ? (
          <>
            <dt data-row="adjustment">{labels.vatAdjustment}</dt>
            <dd data-row="adjustment">
              <Price pence={vatAdjustment} />
            </dd>
          </>
        ) : null}
        <dt data-row="total">{labels.total}</dt>
        <dd data-row="total">
          <Price pence={total} size="lg" />
        </dd>
        {vatBreakdown.map((vat) => (
          <VatRow key={vat.rate} label={labels.vatIncluded(vatPercent(vat.rate))}>
            <Price pence={vat.amount} size="sm" />
          </VatRow>
        ))}
      </Figures>
    </Root>
  );
}

/** A dt/dd pair for one VAT rate. */
function VatRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt data-row="vat">{label}</dt>
      <dd data-row="vat">{children}</dd>
    </>
  );
}
