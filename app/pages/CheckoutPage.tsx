import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLoaderData, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { checkoutDetailFields, type CheckoutInput } from '../../api/domain/checkout';
import type { CheckoutSummary } from '../../api/domain/order';
import type { FormOutcome } from '../../api/domain/pageForms';
import { Heading, theme } from '../../ui';
import {
  CheckoutForm,
  checkoutFormFields,
  checkoutIntents,
  checkoutMachine,
  checkoutTexts,
  fetchOrder,
  paymentNoticeFor,
  paymentNoticeText,
  takeLastOrder,
  TestModeNotice,
  type CheckoutMachine,
  type PaymentNotice,
} from '../features/checkout';
import { useSessionUser, type SessionUser } from '../features/auth';
import { useFormOutcome, usePageAction } from '../features/forms';

/** What the /checkout loader gives the page: the server's summary (never blocked). */
export interface CheckoutPageData {
  summary: CheckoutSummary;
  /** Back from the payment page without a payment: the red notice's kind. */
  payment: PaymentNotice | null;
  /** The Idempotency-Key of a post without script (made with the page). */
  formKey?: string;
}

export const PageSection = styled.div`
  max-width: ${theme.sizes.content};
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]} ${theme.space[7]};
`;

/**
 * The red notice: the one the address names (from /checkout/process), or, when the provider's
 * Cancel brought the customer straight here, the one for how this tab's last order ended.
 */
function usePaymentNotice(fromAddress: PaymentNotice | null): PaymentNotice | null {
  const [fromLastOrder, setFromLastOrder] = useState<PaymentNotice | null>(null);
  useEffect(() => {
    const last = takeLastOrder();
    if (!last || fromAddress) return;
    const controller = new AbortController();
    fetchOrder(last.orderId, last.token, { signal: controller.signal }).then(
      (order) => setFromLastOrder(order ? paymentNoticeFor(order.status) : null),
      () => {},
    );
    return () => controller.abort();
  }, [fromAddress]);
  return fromAddress ?? fromLastOrder;
}

/** The account's details as checkout fields (empty ones stay for the customer to fill in). */
function checkoutValuesFor(user: SessionUser) {
  return {
    fullName: user.fullName,
    email: user.email,
    phone: user.phone ?? '',
    addressLine1: user.addressLine1 ?? '',
    addressLine2: user.addressLine2 ?? '',
    town: user.town ?? '',
  };
}

/**
 * What the visitor typed before the server refused the form posted without script: the text
 * fields, and the terms tick (tick boxes are sent only when ticked).
 */
function keptValues(refused: FormOutcome): Partial<CheckoutInput> {
  const values: Partial<CheckoutInput> = {
    acceptTerms: refused.values[checkoutFormFields.acceptTerms] !== undefined,
  };
  for (const field of checkoutDetailFields) {
    const value = refused.values[field];
    if (value !== undefined) values[field] = value;
  }
  return values;
}

function Checkout({ data, machine }: { data: CheckoutPageData; machine: CheckoutMachine }) {
  // A signed-in customer's details are filled in (issue 16); the API attaches the order.
  const user = useSessionUser();
  // A post without script that the server refused: the values typed, each field's state.
  const refused = useFormOutcome(checkoutIntents.checkout);
  // After a payment that did not go through, what was typed for it (never the card): Pay again
  // needs no retyping, and the same details retry the same order.
  const last = data.summary.lastDetails;
  const actor = useActorRef(machine, {
    input: {
      summary: data.summary,
      values: refused
        ? { ...(user ? checkoutValuesFor(user) : {}), ...keptValues(refused) }
        : user || last
          ? { ...(user ? checkoutValuesFor(user) : {}), ...last }
          : undefined,
      submitted: refused !== null,
      deliveryDay: refused?.values[checkoutFormFields.deliveryDay] ?? null,
    },
  });
  const notice = usePaymentNotice(data.payment);
  const action = usePageAction();
  return (
    <CheckoutForm
      actor={actor}
      paymentNotice={paymentNoticeText(notice)}
      action={action}
      formKey={data.formKey}
    />
  );
}

/**
 * /checkout: the alternative layout, the "Test mode" strip while the test provider is active, and
 * the form with the server's order summary. A new visit to the page (a new location) starts a new
 * form with the summary its loader fetched.
 */
export default function CheckoutPage({ machine = checkoutMachine }: { machine?: CheckoutMachine }) {
  const data = useLoaderData() as CheckoutPageData;
  const location = useLocation();
  return (
    <>
      <TestModeNotice />
      <PageSection>
        <Heading level={1} tabIndex={-1}>
          {checkoutTexts.pageTitle}
        </Heading>
        <Checkout key={location.key} data={data} machine={machine} />
      </PageSection>
    </>
  );
}
