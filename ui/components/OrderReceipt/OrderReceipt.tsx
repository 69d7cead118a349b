import { useId } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { theme } from '../../theme/theme';
import { Button } from '../Button';
import { vatPercent } from '../OrderSummary';
import { Price } from '../Price';
import { Heading, type HeadingLevel } from '../Text';

export interface OrderReceiptLine {
  title: string;
  sizeTitle?: string | null;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  /** Basis points: 500 is 5 %. */
  vatRate: number;
}

export type OrderStatusTone = 'success' | 'warning' | 'danger' | 'neutral';

/** Money given back: whole pence, and the day, already formatted for people. */
export interface OrderReceiptRefund {
  amount: number;
  /** E.g. "27 November 2026". */
  date: string;
}

export interface OrderReceiptSeller {
  /** The legal name that goes on a VAT receipt. */
  name: string;
  addressLines: readonly string[];
  vatNumber: string;
}

export interface OrderReceiptLabels {
  order: (number: string) => string;
  placed: string;
  paid: string;
  status: string;
  deliveryDay: string;
  print: string;
  item: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  lineTotal: string;
  linesCaption: string;
  subtotal: string;
  delivery: string;
  freeDelivery: string;
  prioritySurcharge: string;
  vatAdjustment: string;
  total: string;
  refunded: (date: string) => string;
  netPaid: string;
  vatCaption: string;
  vat: string;
  vatTotal: string;
  deliverTo: string;
  tank: string;
  tankLocation: string;
  tankAccess: string;
  instructions: string;
  contact: string;
  seller: string;
  vatNumber: string;
}

export const defaultOrderReceiptLabels: OrderReceiptLabels = {
  order: (number) => `Order ${number}`,
  placed: 'Placed',
  paid: 'Paid',
  status: 'Status',
  deliveryDay: 'Delivery day',
  print: 'Print receipt',
  item: 'Item',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  vatRate: 'VAT rate',
  lineTotal: 'Total',
  linesCaption: 'Items ordered (prices include VAT)',
  subtotal: 'Subtotal',
  delivery: 'Delivery',
  freeDelivery: 'Free',
  prioritySurcharge: 'Priority delivery (next day)',
  vatAdjustment: 'VAT at 20% (no domestic-use declaration)',
  total: 'Total paid',
  refunded: (date) => `Refunded on ${date}`,
  netPaid: 'Net paid',
  vatCaption: 'VAT included',
  vat: 'VAT',
  vatTotal: 'Total VAT',
  deliverTo: 'Delivery address',
  tank: 'Oil tank',
  tankLocation: 'Where',
  tankAccess: 'Access',
  instructions: 'Delivery instructions',
  contact: 'Contact',
  seller: 'Sold by',
  vatNumber: 'VAT number',
};

export interface OrderReceiptProps {
  /** The order number, as the customer quotes it. */
  number: string;
  /** Already formatted for people, e.g. "14 March 2025, 10:42". */
  placedAt: string;
  /** When the payment was confirmed (ISO date-time); left out or null before then. */
  paidAt?: string | null;
  /** The order's status in words (e.g. "Paid", "Out for delivery"). */
  status: string;
  /** The booked delivery day, formatted for people (e.g. "Tuesday 8 December 2026"); left out or null when none is booked. */
  deliveryDay?: string | null;
  /** The status badge's colour: what the status means for the customer. */
  statusTone?: OrderStatusTone;
  /** The items, each with its title, size, quantity, unit price and line total in pence. */
  lines: readonly OrderReceiptLine[];
  /** The items' total in pence, before delivery. */
  subtotal: number;
  /** Delivery in pence; 0 shows "Free". */
  deliveryCharge: number;
  /** Priority (next-day) delivery's surcharge in pence: its own line when not zero. */
  prioritySurcharge?: number;
  /** The VAT added because the domestic-use declaration was not made, in pence; shown as its own line when not zero. */
  vatAdjustment: number;
  /** VAT included in the total, one row per rate (rate in basis points, amount in pence). */
  vatBreakdown: readonly { rate: number; amount: number }[];
  /** All the VAT included in the total, in pence. */
  vatTotal: number;
  /** The amount paid in pence, VAT included. */
  total: number;
  /** The refunds made, oldest first: each is a row under the total, then what was paid net. */
  refunds?: readonly OrderReceiptRefund[];
  /** An empty e-mail and phone (a deleted customer's order) leave out the contact column. */
  customer: { name: string; email: string; phone: string };
  /** The delivery address, one line per entry. */
  deliveryAddress: readonly string[];
  /** Where the oil tank is, as the customer said at checkout (orders with oil), if they did. */
  tankLocation?: string | null;
  /** How the tanker reaches the tank (gate code, lane, hose run), if the customer said. */
  tankAccess?: string | null;
  /** The customer's delivery instructions for the driver, if any. */
  instructions?: string | null;
  /** The shop's name, address and VAT number, as a receipt must show them. */
  seller: OrderReceiptSeller;
  /** Shows the Print button (hidden on paper). */
  onPrint?: () => void;
  /** Heading level of the receipt's title, to fit the page outline. */
  headingLevel?: HeadingLevel;
  /** Replaces any of the English texts (headings and row names). */
  labels?: Partial<OrderReceiptLabels>;
  /** Extra class on the root. */
  className?: string;
}

/**
 * On paper only the receipt is printed: the rest of the page (header, navigation, footer) is
 * hidden, and the receipt moves to the top of the first page.
 */
const PrintOnlyTheReceipt = createGlobalStyle`
  @media print {
    body * {
      visibility: hidden;
    }
    [data-receipt],
    [data-receipt] * {
      visibility: visible;
    }
    [data-receipt] {
      position: absolute;
      inset: 0 0 auto 0;
      border: 0 !important;
      box-shadow: none !important;
    }
    [data-receipt] [data-print='hide'] {
      display: none;
    }
  }
`;

const Root = styled.article`
  display: grid;
  gap: ${theme.space[4]};
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-top: 6px solid ${theme.colors.primary};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};

  & h2,
  & h3 {
    margin: 0;
  }

  @media print {
    padding: 0;
    font-size: 11pt;
  }
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${theme.space[3]};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${theme.space[1]} ${theme.space[3]};
  margin: ${theme.space[2]} 0 0;
  font-size: ${theme.fontSizes.sm};

  & dt {
    color: ${theme.colors.inkMuted};
  }
  & dd {
    margin: 0;
  }
`;

const Status = styled.span`
  display: inline-block;
  padding: 0.1em 0.6em;
  border: 1px solid currentColor;
  border-radius: ${theme.radii.pill};
  font-weight: ${theme.fontWeights.bold};

  &[data-tone='success'] {
    color: ${theme.colors.success};
    background: ${theme.colors.successSurface};
  }
  &[data-tone='warning'] {
    color: ${theme.colors.warning};
    background: ${theme.colors.warningSurface};
  }
  &[data-tone='danger'] {
    color: ${theme.colors.danger};
    background: ${theme.colors.dangerSurface};
  }
  &[data-tone='neutral'] {
    color: ${theme.colors.ink};
    background: ${theme.colors.surfaceAlt};
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.sm};

  & caption {
    margin-bottom: ${theme.space[2]};
    font-weight: ${theme.fontWeights.semibold};
    text-align: left;
  }
  & th,
  & td {
    padding: ${theme.space[2]};
    border-bottom: 1px solid ${theme.colors.border};
    text-align: right;
    vertical-align: top;
  }
  & th:first-child,
  & td:first-child {
    padding-left: 0;
    text-align: left;
  }
  & th:last-child,
  & td:last-child {
    padding-right: 0;
  }
  & thead th {
    color: ${theme.colors.inkMuted};
    font-weight: ${theme.fontWeights.semibold};
  }
  & tfoot th,
  & tfoot td {
    border-bottom: 0;
  }
  & tfoot [data-row='total'] > * {
    border-top: 2px solid ${theme.colors.ink};
    font-weight: ${theme.fontWeights.bold};
  }
  & [data-part='size'] {
    display: block;
    color: ${theme.colors.inkMuted};
  }
`;

const Columns = styled.div`
  display: grid;
  gap: ${theme.space[5]};

  ${theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${theme.media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  @media print {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }

  & > div {
    display: grid;
    gap: ${theme.space[2]};
    align-content: start;
  }
  & p {
    margin: 0;
    white-space: pre-line;
  }
  & address {
    font-style: normal;
  }
`;

function lineName(line: OrderReceiptLine): string {
  return line.sizeTitle ? `${line.title}, ${line.sizeTitle}` : line.title;
}

/**
 * An order as its holder sees it, laid out as a VAT receipt: number, dates, status, every line
 * with its VAT rate, the totals, the VAT at each rate, the delivery address and instructions, and
 * the seller with its VAT number. Printing shows only the receipt.
 */
export function OrderReceipt({
  number,
  placedAt,
  paidAt,
  status,
  statusTone = 'neutral',
  deliveryDay,
  lines,
  subtotal,
  deliveryCharge,
  prioritySurcharge = 0,
  vatAdjustment,
  vatBreakdown,
  vatTotal,
  total,
  refunds = [],
  customer,
  deliveryAddress,
  tankLocation,
  tankAccess,
  instructions,
  seller,
  onPrint,
  headingLevel = 1,
  labels: overrides,
  className,
}: OrderReceiptProps) {
  const labels = { ...defaultOrderReceiptLabels, ...overrides };
  const headingId = useId();
  const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  const contact = [customer.email, customer.phone].filter((part) => part !== '');
  const sub = Math.min(headingLevel + 1, 4) as HeadingLevel;
  return (
    <Root className={className} aria-labelledby={headingId} data-receipt="">
      <PrintOnlyTheReceipt />
      <Header>
        <div>
          <Heading level={headingLevel} size={2} id={headingId}>
            {labels.order(number)}
          </Heading>
          <Facts>
            <dt>{labels.status}</dt>
            <dd>
              <Status data-tone={statusTone}>{status}</Status>
            </dd>
            <dt>{labels.placed}</dt>
            <dd>{placedAt}</dd>
            {paidAt ? (
              <>
                <dt>{labels.paid}</dt>
                <dd>{paidAt}</dd>
              </>
            ) : null}
            {deliveryDay ? (
              <>
                <dt>{labels.deliveryDay}</dt>
                <dd>{deliveryDay}</dd>
              </>
            ) : null}
          </Facts>
        </div>
        {onPrint ? (
          <div data-print="hide">
            <Button variant="secondary" size="sm" onPress={onPrint}>
              {labels.print}
            </Button>
          </div>
        ) : null}
      </Header>

      <Table>
        <caption>{labels.linesCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{labels.item}</th>
            <th scope="col">{labels.quantity}</th>
            <th scope="col">{labels.unitPrice}</th>
            <th scope="col">{labels.vatRate}</th>
            <th scope="col">{labels.lineTotal}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={`${lineName(line)}-${index}`}>
              <th scope="row">
                {line.title}
                {line.sizeTitle ? <span data-part="size">{line.sizeTitle}</span> : null}
              </th>
              <td>{line.quantity}</td>
              <td>
                <Price pence={line.unitPrice} size="sm" />
              </td>
              <td>{vatPercent(line.vatRate)}</td>
              <td>
                <Price pence={line.lineTotal} size="sm" />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {labels.subtotal}
            </th>
            <td>
              <Price pence={subtotal} size="sm" />
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={4}>
              {labels.delivery}
            </th>
            <td>
              {deliveryCharge === 0 ? (
                labels.freeDelivery
              ) : (
                <Price pence={deliveryCharge} size="sm" />
              )}
            </td>
          </tr>
          {prioritySurcharge !== 0 ? (
            <tr data-row="priority">
              <th scope="row" colSpan={4}>
                {labels.prioritySurcharge}
              </th>
              <td>
                <Price pence={prioritySurcharge} size="sm" />
              </td>
            </tr>
          ) : null}
          {vatAdjustment !== 0 ? (
            <tr>
              <th scope="row" colSpan={4}>
                {labels.vatAdjustment}
              </th>
              <td>
                <Price pence={vatAdjustment} size="sm" />
              </td>
            </tr>
          ) : null}
          <tr data-row="total">
            <th scope="row" colSpan={4}>
              {labels.total}
            </th>
            <td>
              <Price pence={total} />
            </td>
          </tr>
          {refunds.map((refund, index) => (
            <tr key={`${refund.date}-${index}`} data-row="refund">
              <th scope="row" colSpan={4}>
                {labels.refunded(refund.date)}
              </th>
              <td>
                <Price pence={-refund.amount} size="sm" />
              </td>
            </tr>
          ))}
          {refunds.length > 0 ? (
            <tr data-row="total">
              <th scope="row" colSpan={4}>
                {labels.netPaid}
              </th>
              <td>
                <Price pence={total - refunded} />
              </td>
            </tr>
          ) : null}
        </tfoot>
      </Table>

      <Table>
        <caption>{labels.vatCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{labels.vatRate}</th>
            <th scope="col">{labels.vat}</th>
          </tr>
        </thead>
        <tbody>
          {vatBreakdown.map((vat) => (
            <tr key={vat.rate}>
              <th scope="row">{vatPercent(vat.rate)}</th>
              <td>
                <Price pence={vat.amount} size="sm" />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-row="total">
            <th scope="row">{labels.vatTotal}</th>
            <td>
              <Price pence={vatTotal} size="sm" />
            </td>
          </tr>
        </tfoot>
      </Table>

      <Columns>
        <div>
          <Heading level={sub} size={4} id={`${headingId}-address`}>
            {labels.deliverTo}
          </Heading>
          <address>
            {customer.name}
            {deliveryAddress.map((line) => (
              <span key={line}>
                <br />
                {line}
              </span>
            ))}
          </address>
          {tankLocation || tankAccess ? (
            <>
              <Heading level={sub} size={4}>
                {labels.tank}
              </Heading>
              <p>
                {tankLocation ? `${labels.tankLocation}: ${tankLocation}` : null}
                {tankLocation && tankAccess ? <br /> : null}
                {tankAccess ? `${labels.tankAccess}: ${tankAccess}` : null}
              </p>
            </>
          ) : null}
          {instructions ? (
            <>
              <Heading level={sub} size={4}>
                {labels.instructions}
              </Heading>
              <p>{instructions}</p>
            </>
          ) : null}
        </div>
        {contact.length > 0 ? (
          <div>
            <Heading level={sub} size={4} id={`${headingId}-contact`}>
              {labels.contact}
            </Heading>
            <p>{contact.join('\n')}</p>
          </div>
        ) : null}
        <div>
          <Heading level={sub} size={4}>
            {labels.seller}
          </Heading>
          <address>
            {seller.name}
            <br />
            {seller.addressLines.join(', ')}
          </address>
          <p>
            {labels.vatNumber}: {seller.vatNumber}
          </p>
        </div>
      </Columns>
    </Root>
  );
}
