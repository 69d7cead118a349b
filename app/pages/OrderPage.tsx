import { useState } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { OrderRefundView, OrderView } from '../../api/domain/order';
import { dayInWords } from '../../api/domain/deliveryCalendar';
import type { OrderDeliveryDays } from '../../api/domain/orderDeliveryDay';
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
import {
  ChangeDeliveryDay,
  useDeliveryDays,
  type DeliveryDayChange,
  type DeliveryDaysSource,
} from '../features/delivery-day';
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

/** The order page's loader data: the order's, and its delivery days when the server had them. */
export interface OrderPageLoaderData extends OrderPageData {
  deliveryDays?: OrderDeliveryDays;
}

export interface OrderPageProps {
  /** Where the order comes from (stories replace it); the API by default. */
  source?: OrderSource;
  /** Where its delivery days come from, when the server did not give them; the API by default. */
  daysSource?: DeliveryDaysSource;
  /** How "Change day" changes the day with script; the API by default. */
  changeDay?: DeliveryDayChange;
}

/**
 * /order/{id}: the order for whoever holds its token (the e-mail's `?token=`, the cookie this
 * browser kept, or this tab's sessionStorage after checkout) or owns it, as a printable VAT
 * receipt; in the first HTML when the server could show it. Anyone else sees the site's 404.
 * A paid order waiting for delivery also shows "Change delivery day" (until the cut-off on the
 * day before its day), which works without script.
 */
export default function OrderPage({ source, daysSource, changeDay }: OrderPageProps) {
  const { orderId, urlToken, order, deliveryDays } = useLoaderData() as OrderPageLoaderData;
  const load = useOrder(orderId, urlToken, source, order ?? null);
  useTokenOutOfAddress(urlToken);
  // The order after "Change day" moved it with script (the receipt then shows its new day).
  const [changed, setChanged] = useState<OrderView | null>(null);
  const shown = load.state === 'loaded' ? (changed ?? load.order) : null;
  const [days, setDays] = useDeliveryDays(
    orderId,
    urlToken,
    shown?.status === 'paid',
    deliveryDays,
    daysSource,
  );

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
        {shown ? (
          <OrderReceipt
            number={shown.number}
            placedAt={formatOrderDate(shown.createdAt)}
            paidAt={shown.paidAt ? formatOrderDate(shown.paidAt) : null}
            status={orderStatusLabel(shown.status)}
            statusTone={orderStatusTone(shown.status)}
            deliveryDay={shown.deliveryDay ? dayInWords(shown.deliveryDay, { year: true }) : null}
            lines={shown.lines}
            subtotal={shown.subtotal}
            deliveryCharge={shown.deliveryCharge}
            prioritySurcharge={shown.prioritySurcharge ?? 0}
            vatAdjustment={shown.vatAdjustment}
            vatBreakdown={shown.vatBreakdown}
            vatTotal={shown.vatTotal}
            total={shown.total}
            refunds={shown.refunds.map(receiptRefund)}
            customer={{
              name: shown.fullName,
              email: shown.email,
              phone: shown.phone,
            }}
            deliveryAddress={deliveryAddressLines(shown)}
            tankLocation={shown.tankLocation}
            tankAccess={shown.tankAccess}
            instructions={shown.instructions}
            seller={receiptSeller}
            onPrint={() => window.print()}
            headingLevel={1}
          />
        ) : null}
        {shown?.status === 'paid' && days ? (
          <ChangeDeliveryDay
            orderId={orderId}
            days={days}
            onChanged={(next, nextDays) => {
              setChanged(next);
              setDays(nextDays);
            }}
            onRefused={setDays}
            {...(changeDay ? { change: changeDay } : {})}
          />
        ) : null}
      </PageSection>
    </>
  );
}
