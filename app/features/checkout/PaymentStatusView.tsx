import { useSelector } from '@xstate/react';
import styled, { keyframes } from 'styled-components';
import type { OrderStatus } from '../../../api/domain/order';
import { Button, ButtonLink, Notice, Text, theme } from '../../../ui';
import { orderPath } from './addresses';
import { isSlow, type PaymentStatusActorRef } from './paymentStatusMachine';
import { checkoutTexts } from './texts';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Spinner = styled.span`
  display: inline-block;
  width: 2.5rem;
  height: 2.5rem;
  border: 4px solid ${theme.colors.primary};
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 900ms linear infinite;

  ${theme.media.reducedMotion} {
    animation: none;
  }
`;

const Root = styled.div`
  display: grid;
  justify-items: center;
  gap: ${theme.space[4]};
  max-width: 36rem;
  margin: ${theme.space[5]} auto 0;
  text-align: center;

  & > p {
    margin: 0;
  }
`;

/** A spinner that says what it waits for. */
export function Waiting({ label }: { label: string }) {
  return (
    <Root>
      <Spinner role="progressbar" aria-label={label} aria-valuetext={label} />
    </Root>
  );
}

/**
 * What /checkout/process shows while `paymentStatusMachine` waits for the provider: a spinner,
 * then (after a long wait) that confirmation will follow by e-mail, and after about two minutes a
 * "Check again" button. Paid and not paid leave the page (the machine's actions).
 */
export function PaymentStatusView({ actor }: { actor: PaymentStatusActorRef }) {
  const snapshot = useSelector(actor, (s) => s);
  const { orderId } = snapshot.context;
  const texts = checkoutTexts.process;
  const waiting = snapshot.matches('checking') || snapshot.matches('waiting');
  return (
    <Root data-payment-status={String(snapshot.value)}>
      {waiting ? (
        <>
          <Spinner role="progressbar" aria-label={texts.title} aria-valuetext={texts.description} />
          <Text>{texts.description}</Text>
          {/* Always present, so the change is announced. */}
          <div role="status">{isSlow(snapshot.context) ? <Text>{texts.slow}</Text> : null}</div>
        </>
      ) : null}
      {snapshot.matches('gaveUp') ? (
        <>
          <Notice variant="warning">{texts.gaveUp}</Notice>
          <Button
            onPress={() => actor.send({ type: 'CHECK_AGAIN' })}
            isDisabled={!snapshot.can({ type: 'CHECK_AGAIN' })}
          >
            {texts.checkAgain}
          </Button>
          <ButtonLink href={orderPath(orderId)} variant="secondary">
            {texts.orderLink}
          </ButtonLink>
        </>
      ) : null}
      {snapshot.matches('review') ? (
        <>
          <Notice variant="warning">{texts.review}</Notice>
          <ButtonLink href={orderPath(orderId)} variant="secondary">
            {texts.orderLink}
          </ButtonLink>
        </>
      ) : null}
      {snapshot.matches('notFound') ? <Notice variant="danger">{texts.noOrder}</Notice> : null}
    </Root>
  );
}

/**
 * /checkout/process as the server renders it with the order's status, before and without script
 * (the machine's view takes over once it runs): still waiting, with "Check again" (the same
 * address, loaded again) and the way to the order; or, for an order being checked, that notice.
 * Paid and not paid never render here: the server sends those on, as the machine would.
 */
export function PaymentStatusNow({
  orderId,
  status,
  checkAgainHref,
}: {
  orderId: string;
  status: OrderStatus;
  /** This page's own address. */
  checkAgainHref: string;
}) {
  const texts = checkoutTexts.process;
  if (status === 'needs_review') {
    return (
      <Root data-payment-status="review">
        <Notice variant="warning">{texts.review}</Notice>
        <ButtonLink href={orderPath(orderId)} variant="secondary">
          {texts.orderLink}
        </ButtonLink>
      </Root>
    );
  }
  return (
    <Root data-payment-status="checking">
      <Spinner role="progressbar" aria-label={texts.title} aria-valuetext={texts.description} />
      <Text>{texts.description}</Text>
      <ButtonLink href={checkAgainHref}>{texts.checkAgain}</ButtonLink>
      <ButtonLink href={orderPath(orderId)} variant="secondary">
        {texts.orderLink}
      </ButtonLink>
    </Root>
  );
}
