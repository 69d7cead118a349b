import { useEffect } from 'react';
import { useLoaderData, useLocation, useNavigate } from 'react-router-dom';
import { Button, Heading, Notice, OrderReceipt } from '../../ui';
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
import type { OrderPageParams } from './CheckoutProcessPage';
import { useOrder, type OrderSource } from './useOrder';

/** Takes `token` out of the address once it is kept for this tab (out of history and shares). */
function useTokenOutOfAddress(urlToken: string | null) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!urlToken) return;
    const search = new URLSearchParams(location.search);
    search.delete('token');
    const rest = search.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
    // Once, for the address the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlToken]);
}

/**
 * /order/{id}: the order for whoever holds its token (the e-mail's `?token=`, or this tab's
 * sessionStorage after checkout), as a printable VAT receipt. Anyone else sees the site's 404.
 */
export default function OrderPage({ source }: { source?: OrderSource }) {
  const { orderId, urlToken } = useLoaderData() as OrderPageParams;
  const load = useOrder(orderId, urlToken, source);
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
        {load.state === 'loaded' ? (
          <OrderReceipt
            number={load.order.number}
            placedAt={formatOrderDate(load.order.createdAt)}
            paidAt={load.order.paidAt ? formatOrderDate(load.order.paidAt) : null}
            status={orderStatusLabel(load.order.status)}
            statusTone={orderStatusTone(load.order.status)}
            lines={load.order.lines}
            subtotal={load.order.subtotal}
            deliveryCharge={load.order.deliveryCharge}
            vatAdjustment={load.order.vatAdjustment}
            vatBreakdown={load.order.vatBreakdown}
            vatTotal={load.order.vatTotal}
            total={load.order.total}
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
