import { useEffect, useState } from 'react';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import {
  Heading,
  TestPaymentPanel,
  theme,
  type TestPaymentChoice,
  type TestPaymentStep,
} from '../../ui';
import {
  checkoutTexts,
  completeTestPayment,
  fetchTestSession,
  OrderNotFound,
  Waiting,
  type TestOutcome,
  type TestSession,
} from '../features/checkout';

const texts = checkoutTexts.testPayment;

const Page = styled.div`
  min-height: 100vh;
  padding: ${theme.space[7]} ${theme.space[4]};
  background: ${theme.colors.surfaceAlt};
`;

const VisuallyHidden = styled.h1`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

/** The buttons that settle the session, and the outcome each sends. */
const outcomes: Partial<Record<TestPaymentChoice, TestOutcome>> = {
  pay: 'pay',
  decline: 'decline',
  cancel: 'cancel',
  approve: '3ds-approve',
  fail: '3ds-fail',
};

/** The provider's API and the way out, replaced in stories. */
export interface TestPaymentPageApi {
  fetchSession: typeof fetchTestSession;
  complete: typeof completeTestPayment;
  /** Leaves for the shop (a full page load, as from a real provider). */
  redirect: (url: string) => void;
}

const realApi: TestPaymentPageApi = {
  fetchSession: fetchTestSession,
  complete: completeTestPayment,
  redirect: (url) => window.location.assign(url),
};

type Load =
  | { state: 'loading' }
  | { state: 'loaded'; session: TestSession }
  | { state: 'notFound' }
  | { state: 'failed' };

/**
 * /pay/test/{sessionId}: the built-in test provider's hosted page (the empty layout: it stands
 * for another site). Plainly a test; each choice settles the session through the provider's API,
 * which sends its signed webhook to the shop before answering, and the browser then goes where
 * the answer says (a full page load, as from a real provider).
 */
export default function TestPaymentPage({ api = realApi }: { api?: TestPaymentPageApi }) {
  const { sessionId } = useLoaderData() as { sessionId: string };
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [step, setStep] = useState<TestPaymentStep>('choose');
  const [pending, setPending] = useState<TestPaymentChoice | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.fetchSession(sessionId).then(
      (session) => live && setLoad(session ? { state: 'loaded', session } : { state: 'notFound' }),
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [api, sessionId]);

  if (load.state === 'notFound') return <OrderNotFound />;

  const choose = (choice: TestPaymentChoice) => {
    if (pending) return;
    if (choice === 'threeDSecure') {
      setStep('challenge');
      return;
    }
    const outcome = outcomes[choice];
    if (!outcome) return;
    setPending(choice);
    setError(null);
    api.complete(sessionId, outcome).then(
      (redirectUrl) => api.redirect(redirectUrl),
      (failure: unknown) => {
        setPending(null);
        setError(failure instanceof Error ? failure.message : texts.failed);
      },
    );
  };

  return (
    <Page>
      {load.state === 'loaded' ? (
        <TestPaymentPanel
          shopName={load.session.shopName}
          amount={load.session.amount}
          reference={load.session.orderNumber ?? null}
          step={step}
          pendingChoice={pending}
          isDisabled={load.session.status !== 'open'}
          error={load.session.status !== 'open' ? texts.finished : error}
          onChoose={choose}
        />
      ) : (
        <>
          <VisuallyHidden>{texts.pageTitle}</VisuallyHidden>
          {load.state === 'loading' ? <Waiting label={texts.loading} /> : null}
          {load.state === 'failed' ? (
            <Heading level={2} size={3}>
              {texts.failed}
            </Heading>
          ) : null}
        </>
      )}
    </Page>
  );
}
