import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { OrderView } from '../../api/domain/order';
import { Heading, OrderSummary, Text, theme } from '../../ui';
import {
  checkoutAfter,
  checkoutTexts,
  OrderNotFound,
  PaymentStatusNow,
  paymentStatusMachine,
  PaymentStatusView,
  resolveOrderToken,
  successPath,
  TestModeNotice,
  Waiting,
  type PaymentStatusMachine,
} from '../features/checkout';
import { usePageAction } from '../features/forms';
import { PageSection } from './CheckoutPage';

/** `?order={id}` (and an optional `?token=`), from the loader. */
export interface OrderPageParams {
  orderId: string;
  urlToken: string | null;
}

/** The order pages' loader data: the order too when the server could show it (else null). */
export interface OrderPageData extends OrderPageParams {
  order?: OrderView | null;
}

const Details = styled.div`
  display: grid;
  gap: ${theme.space[4]};
  max-width: 36rem;
  margin: ${theme.space[6]} auto 0;

  & > p {
    margin: 0;
  }
`;

/** Which order is being confirmed: its number and summary. */
function OrderDetails({ order }: { order: OrderView }) {
  return (
    <Details>
      <Text data-order-number={order.number}>{checkoutTexts.success.number(order.number)}</Text>
      <OrderSummary
        lines={order.lines}
        subtotal={order.subtotal}
        deliveryCharge={order.deliveryCharge}
        vatAdjustment={order.vatAdjustment}
        vatBreakdown={order.vatBreakdown}
        total={order.total}
      />
    </Details>
  );
}

function PaymentStatus({
  orderId,
  token,
  machine,
}: {
  orderId: string;
  token: string | null;
  machine: PaymentStatusMachine;
}) {
  const navigate = useNavigate();
  const actor = useActorRef(
    machine.provide({
      actions: {
        // Replace: Back from the next page must not land here again.
        navigateToSuccess: () => void navigate(successPath(orderId), { replace: true }),
        navigateToCheckout: (_, params) =>
          void navigate(checkoutAfter(params.status), { replace: true }),
      },
    }),
    { input: { orderId, token } },
  );
  const [notFound, setNotFound] = useState(false);
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => setNotFound(snapshot.matches('notFound')));
    return () => subscription.unsubscribe();
  }, [actor]);
  if (notFound) return <OrderNotFound />;
  return (
    <>
      <Heading level={1} tabIndex={-1}>
        {checkoutTexts.process.title}
      </Heading>
      <PaymentStatusView actor={actor} />
    </>
  );
}

/**
 * /checkout/process?order={id}: where the payment page returns the customer. Only the provider's
 * signed webhook marks an order paid, so this page asks the shop until the order says so (or says
 * it was not paid). The token is read in the browser (this tab's sessionStorage, or `?token=`).
 * When the server could show the order, the first HTML has its status, number and summary, and
 * without script "Check again" loads the page again (the server sends a settled order on).
 */
export default function CheckoutProcessPage({
  machine = paymentStatusMachine,
}: {
  machine?: PaymentStatusMachine;
}) {
  const { orderId, urlToken, order } = useLoaderData() as OrderPageData;
  const address = usePageAction();
  // undefined until the page runs in the browser, where the token is kept.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(resolveOrderToken(orderId, urlToken)), [orderId, urlToken]);
  const shown = order?.id === orderId ? order : null;
  return (
    <>
      <TestModeNotice />
      <PageSection>
        {token === undefined ? (
          <>
            <Heading level={1} tabIndex={-1}>
              {checkoutTexts.process.title}
            </Heading>
            {shown ? (
              <PaymentStatusNow orderId={orderId} status={shown.status} checkAgainHref={address} />
            ) : (
              <Waiting label={checkoutTexts.process.title} />
            )}
          </>
        ) : (
          <PaymentStatus key={orderId} orderId={orderId} token={token} machine={machine} />
        )}
        {shown ? <OrderDetails order={shown} /> : null}
      </PageSection>
    </>
  );
}
