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
  checkoutIntents,
  checkoutTexts,
  completeTestPayment,
  fetchTestSession,
  OrderNotFound,
  testPaymentChoiceField,
  Waiting,
  type TestOutcome,
  type TestSession,
} from '../features/checkout';
import { PageForm } from '../features/forms';

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

/** The loader's data: the session when the server loaded it (null: the browser loads it). */
export interface TestPaymentPageData {
  sessionId: string;
  session?: TestSession | null;
  /** `?step=challenge`: "Pay with 3-D Secure" pressed without script. */
  step?: TestPaymentStep;
}

type Load =
  | { state: 'loading' }
  | { state: 'loaded'; session: TestSession }
  | { state: 'notFound' }
  | { state: 'failed' };

/**
 * /pay/test/{sessionId}: the built-in test provider's hosted page (the empty layout: it stands
 * for another site). Plainly a test; each choice settles the session through the provider's API,
 * which sends its signed webhook to the shop before answering, and the browser then goes where
 * the answer says (a full page load, as from a real provider). The server renders the session
 * with the page, and the panel is a form: without script each choice is posted to this page
 * (`intent` test-payment), which settles the session the same way and sends the browser on.
 */
export default function TestPaymentPage({ api = realApi }: { api?: TestPaymentPageApi }) {
  const data = useLoaderData() as TestPaymentPageData;
  const { sessionId } = data;
  const fromServer = data.session?.id === sessionId ? data.session : null;
  const [load, setLoad] = useState<Load>(
    fromServer ? { state: 'loaded', session: fromServer } : { state: 'loading' },
  );
  const [step, setStep] = useState<TestPaymentStep>(data.step ?? 'choose');
  const [pending, setPending] = useState<TestPaymentChoice | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // Rendered by the server with this page.
    if (fromServer) return;
    let live = true;
    api.fetchSession(sessionId).then(
      (session) => live && setLoad(session ? { state: 'loaded', session } : { state: 'notFound' }),
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
    // The server's session belongs to the page it was rendered with (its `sessionId`).
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
        // With script the choices go through `onChoose`; the form is for a post without it.
        <PageForm intent={checkoutIntents.testPayment} onSubmit={(event) => event.preventDefault()}>
          <TestPaymentPanel
            shopName={load.session.shopName}
            amount={load.session.amount}
            reference={load.session.orderNumber ?? null}
            step={step}
            pendingChoice={pending}
            isDisabled={load.session.status !== 'open'}
            error={load.session.status !== 'open' ? texts.finished : error}
            onChoose={choose}
            submitName={testPaymentChoiceField}
          />
        </PageForm>
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
