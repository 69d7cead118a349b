import { useLoaderData } from 'react-router-dom';
import type { OrderRefundView } from '../../api/domain/order';
import { dayInWords } from '../../api/domain/deliveryCalendar';
import { Button, Heading, Notice, OrderReceipt, type OrderReceiptRefund } from '../../ui';
import {
  checkoutTexts,
  deliveryAddressLines,
  formatOrderDate,
  OrderNotFound,
  orderStatusLabel,
  orderStatusTone,
  receiptSeller,
  TestModeNotice,
  Waiting,
} from '../features/checkout';
import { PageSection } from './CheckoutPage';
import type { OrderPageData } from './CheckoutProcessPage';
import { ClaimOrder } from './user/ClaimOrder';
import { useOrder, type OrderSource } from './useOrder';
import { useTokenOutOfAddress } from './useTokenOutOfAddress';

// Made on first use, like the order dates' format.
let dayFormat: Intl.DateTimeFormat | undefined;

/** A refund on the receipt: its amount and its day ("27 November 2026", UK time). */
function receiptRefund(refund: OrderRefundView): OrderReceiptRefund {
  dayFormat ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });
  const when = new Date(refund.refundedAt);
  const date = Number.isNaN(when.getTime()) ? refund.refundedAt : dayFormat.format(when);
  return { amount: refund.amount, date };
}

/**
 * /order/{id}: the order for whoever holds its token (the e-mail's `?token=`, the cookie this
 * browser kept, or this tab's sessionStorage after checkout) or owns it, as a printable VAT
 * receipt; in the first HTML when the server could show it. Anyone else sees the site's 404.
 */
export default function OrderPage({ source }: { source?: OrderSource }) {
  const { orderId, urlToken, order } = useLoaderData() as OrderPageData;
  const load = useOrder(orderId, urlToken, source, order ?? null);
  useTokenOutOfAddress(urlToken);

  if (load.state === 'notFound') return <OrderNotFound />;
  return (
    <>
      <TestModeNotice />
      <PageSection>
        {load.state !== 'loaded' ? (
          <Heading level={1} tabIndex={-1}>
            {checkoutTexts.order.pageTitle}
          </Heading>
        ) : null}
        {load.state === 'loading' ? <Waiting label={checkoutTexts.order.loading} /> : null}
        {load.state === 'failed' ? (
          <Notice variant="danger">
            {checkoutTexts.order.failed}{' '}
            <Button variant="link" onPress={load.retry}>
              {checkoutTexts.order.retry}
            </Button>
          </Notice>
        ) : null}
        {/* Offered only for an order in no account: never again once it is claimed. */}
        {load.state === 'loaded' && !load.order.inAccount ? <ClaimOrder orderId={orderId} /> : null}
        {load.state === 'loaded' ? (
          <OrderReceipt
            number={load.order.number}
            placedAt={formatOrderDate(load.order.createdAt)}
            paidAt={load.order.paidAt ? formatOrderDate(load.order.paidAt) : null}
            status={orderStatusLabel(load.order.status)}
            statusTone={orderStatusTone(load.order.status)}
            deliveryDay={
              load.order.deliveryDay ? dayInWords(load.order.deliveryDay, { year: true }) : null
            }
            lines={load.order.lines}
            subtotal={load.order.subtotal}
            deliveryCharge={load.order.deliveryCharge}
            vatAdjustment={load.order.vatAdjustment}
            vatBreakdown={load.order.vatBreakdown}
            vatTotal={load.order.vatTotal}
            total={load.order.total}
            refunds={load.order.refunds.map(receiptRefund)}
            customer={{
              name: load.order.fullName,
              email: load.order.email,
              phone: load.order.phone,
            }}
            deliveryAddress={deliveryAddressLines(load.order)}
            instructions={load.order.instructions}
            seller={receiptSeller}
            onPrint={() => window.print()}
            headingLevel={1}
          />
        ) : null}
      </PageSection>
    </>
  );
}
