import { useId } from 'react';
import styled from 'styled-components';
import { theme } from '../../theme/theme';
import { Button } from '../Button';
import { CardIcon, LockIcon, WarningIcon } from '../Icon';
import { Notice } from '../Notice';
import { Price } from '../Price';
import { Heading, Text, type HeadingLevel } from '../Text';

/** What the visitor can press on the test provider's page. */
export type TestPaymentChoice = 'pay' | 'decline' | 'cancel' | 'threeDSecure' | 'approve' | 'fail';

/** The first step (four outcomes), or the 3-D Secure challenge (approve or fail). */
export type TestPaymentStep = 'choose' | 'challenge';

export interface TestPaymentPanelLabels {
  /** The marking the page must carry. */
  marking: string;
  /** "Pay Fuelyard". */
  payee: (shopName: string) => string;
  amount: string;
  reference: string;
  intro: string;
  pay: string;
  decline: string;
  cancel: string;
  threeDSecure: string;
  challengeTitle: string;
  challengeText: string;
  approve: string;
  fail: string;
  /** Names the group of buttons. */
  choices: string;
}

export const defaultTestPaymentPanelLabels: TestPaymentPanelLabels = {
  marking: 'Test payment – no money is taken',
  payee: (shopName) => `Pay ${shopName}`,
  amount: 'Amount',
  reference: 'Reference',
  intro: 'Choose how this test payment ends. No card details are needed.',
  pay: 'Pay',
  decline: 'Decline',
  cancel: 'Cancel',
  threeDSecure: 'Pay with 3-D Secure',
  challengeTitle: '3-D Secure check',
  challengeText:
    'Your bank asks you to confirm this payment. Approve it, or fail the check as a bank would.',
  approve: 'Approve',
  fail: 'Fail',
  choices: 'Outcome of the test payment',
};

export interface TestPaymentPanelProps {
  /** The shop the payment is for, as the page's heading names it. */
  shopName: string;
  /** In whole pence. */
  amount: number;
  /** The order number or payment reference, when known. */
  reference?: string | null;
  /** Which screen to show: `choose` an outcome, or the card issuer's `challenge` (3-D Secure). */
  step?: TestPaymentStep;
  /** The choice on its way: its button spins and every button is disabled. */
  pendingChoice?: TestPaymentChoice | null;
  /** Disables every button (e.g. the session is already finished). */
  isDisabled?: boolean;
  /** A failure to show (red). */
  error?: string | null;
  /** An outcome was pressed: the page sends it to the test provider. */
  onChoose?: (choice: TestPaymentChoice) => void;
  /**
   * Inside a form: each choice is a submit button sending `{submitName}={choice}`, so the panel
   * works before and without its script (the page's form posts it; with script `onChoose` runs
   * and the page prevents the form's own submit). Omitted: plain buttons.
   */
  submitName?: string;
  /** Heading level of the panel's title, to fit the page outline. */
  headingLevel?: HeadingLevel;
  /** Replaces any of the English texts. */
  labels?: Partial<TestPaymentPanelLabels>;
  /** Extra class on the root. */
  className?: string;
}

const Root = styled.article`
  display: grid;
  gap: ${theme.space[4]};
  max-width: 32rem;
  margin: 0 auto;
  padding: ${theme.space[5]};
  border: 2px dashed ${theme.colors.borderStrong};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
  box-shadow: ${theme.shadows.md};

  & > p {
    margin: 0;
  }
`;

const Marking = styled.p`
  display: flex;
  align-items: center;
  gap: ${theme.space[2]};
  padding: ${theme.space[2]} ${theme.space[3]};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.warningSurface};
  color: ${theme.colors.warning};
  font-weight: ${theme.fontWeights.bold};

  & > svg {
    flex: none;
    font-size: ${theme.fontSizes.lg};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${theme.space[2]} ${theme.space[4]};
  margin: 0;
  align-items: baseline;

  & dt {
    color: ${theme.colors.inkMuted};
  }
  & dd {
    margin: 0;
    font-weight: ${theme.fontWeights.semibold};
  }
`;

const Choices = styled.div`
  display: grid;
  gap: ${theme.space[3]};

  ${theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Challenge = styled.div`
  display: grid;
  gap: ${theme.space[3]};
  padding: ${theme.space[4]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceAlt};

  & > p {
    margin: 0;
  }
`;

/**
 * The built-in test payment provider's hosted page: plainly marked as a test, with the shop's
 * name and the amount, and a button per outcome (Pay, Decline, Cancel, Pay with 3-D Secure; then
 * Approve or Fail for the 3-D Secure challenge). Presentational: the app does the work in
 * `onChoose`.
 */
export function TestPaymentPanel({
  shopName,
  amount,
  reference,
  step = 'choose',
  pendingChoice = null,
  isDisabled = false,
  error,
  onChoose,
  submitName,
  headingLevel = 1,
  labels: overrides,
  className,
}: TestPaymentPanelProps) {
  const labels = { ...defaultTestPaymentPanelLabels, ...overrides };
  const headingId = useId();
  const challengeId = useId();
  const busy = pendingChoice !== null;
  const button = (
    choice: TestPaymentChoice,
    text: string,
    variant: 'primary' | 'secondary' = 'secondary',
  ) => (
    <Button
      variant={variant}
      fullWidth
      icon={choice === 'pay' || choice === 'approve' ? <LockIcon /> : undefined}
      isPending={pendingChoice === choice}
      isDisabled={isDisabled || (busy && pendingChoice !== choice)}
      onPress={() => onChoose?.(choice)}
      {...(submitName ? { type: 'submit' as const, name: submitName, value: choice } : {})}
    >
      {text}
    </Button>
  );
  return (
    <Root className={className} aria-labelledby={headingId} data-test-payment={step}>
      <Marking>
        <WarningIcon />
        {labels.marking}
      </Marking>
      <Heading level={headingLevel} size={2} id={headingId}>
        {labels.payee(shopName)}
      </Heading>
      <Facts>
        <dt>{labels.amount}</dt>
        <dd>
          <Price pence={amount} size="lg" />
        </dd>
        {reference ? (
          <>
            <dt>{labels.reference}</dt>
            <dd>{reference}</dd>
          </>
        ) : null}
      </Facts>
      {step === 'choose' ? (
        <>
          <Text variant="muted">
            <CardIcon /> {labels.intro}
          </Text>
          <Choices role="group" aria-label={labels.choices}>
            {button('pay', labels.pay, 'primary')}
            {button('threeDSecure', labels.threeDSecure)}
            {button('decline', labels.decline)}
            {button('cancel', labels.cancel)}
          </Choices>
        </>
      ) : (
        <Challenge role="group" aria-labelledby={challengeId}>
          <Heading level={Math.min(headingLevel + 1, 4) as HeadingLevel} size={3} id={challengeId}>
            {labels.challengeTitle}
          </Heading>
          <Text>{labels.challengeText}</Text>
          <Choices>
            {button('approve', labels.approve, 'primary')}
            {button('fail', labels.fail)}
          </Choices>
        </Challenge>
      )}
      {error ? <Notice variant="danger">{error}</Notice> : null}
    </Root>
  );
}
