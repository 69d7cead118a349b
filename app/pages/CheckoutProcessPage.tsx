import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router-dom';
import { Heading } from '../../ui';
import {
  checkoutAfter,
  checkoutTexts,
  OrderNotFound,
  paymentStatusMachine,
  PaymentStatusView,
  resolveOrderToken,
  successPath,
  TestModeNotice,
  Waiting,
  type PaymentStatusMachine,
} from '../features/checkout';
import { PageSection } from './CheckoutPage';

/** `?order={id}` (and an optional `?token=`), from the loader. */
export interface OrderPageParams {
  orderId: string;
  urlToken: string | null;
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
 */
export default function CheckoutProcessPage({
  machine = paymentStatusMachine,
}: {
  machine?: PaymentStatusMachine;
}) {
  const { orderId, urlToken } = useLoaderData() as OrderPageParams;
  // undefined until the page runs in the browser, where the token is kept.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(resolveOrderToken(orderId, urlToken)), [orderId, urlToken]);
  return (
    <>
      <TestModeNotice />
      <PageSection>
        {token === undefined ? (
          <>
            <Heading level={1} tabIndex={-1}>
              {checkoutTexts.process.title}
            </Heading>
            <Waiting label={checkoutTexts.process.title} />
          </>
        ) : (
          <PaymentStatus key={orderId} orderId={orderId} token={token} machine={machine} />
        )}
      </PageSection>
    </>
  );
}
