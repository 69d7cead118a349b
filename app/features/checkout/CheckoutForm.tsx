import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  asksAboutTank,
  checkoutMaxLengths,
  type CheckoutField,
} from '../../../api/domain/checkout';
import { dayInWords } from '../../../api/domain/deliveryCalendar';
import type { DeliveryOffer } from '../../../api/domain/deliveryBooking';
import { deliveryMessages } from '../../../api/domain/deliveryMessages';
import { messages } from '../../../api/domain/messages';
import { formatPence } from '../../../api/domain/money';
import { officePhones } from '../../../api/domain/site';
import {
  Button,
  Checkbox,
  DayPicker,
  FormSection,
  Link,
  LockedField,
  LockIcon,
  Notice,
  OrderSummary,
  Text,
  TextArea,
  TextField,
  theme,
  type DayPickerOption,
  type ValidationState,
} from '../../../ui';
import { displayPostcode } from '../cart';
import { dayCard } from '../delivery-day';
import { IntentField } from '../forms';
import { paths } from '../navigation';
import type { CheckoutActorRef, CheckoutTextField } from './checkoutMachine';
import { checkoutFormFields, checkoutIntents, newIdempotencyKey } from './pageForms';
import { checkoutTexts } from './texts';

const labels = messages.checkout.labels;

const Layout = styled.div`
  display: grid;
  gap: ${theme.space[6]};
  margin-top: ${theme.space[5]};

  ${theme.media.md} {
    grid-template-columns: minmax(0, 3fr) minmax(18rem, 2fr);
    align-items: start;
  }
`;

const Form = styled.form`
  display: grid;
  gap: ${theme.space[5]};
  min-width: 0;
`;

const Summary = styled.div`
  ${theme.media.md} {
    position: sticky;
    top: ${theme.space[4]};
  }
`;

const Details = styled.ul`
  margin: ${theme.space[2]} 0 0;
  padding-left: ${theme.space[5]};
`;

/** The offer's days as day cards: "Tue" / "8 Dec", the earliest free one and full ones noted. */
function dayOptions(offer: DeliveryOffer): DayPickerOption[] {
  return offer.days.map(({ day, free }) =>
    dayCard(
      day,
      !free
        ? checkoutTexts.deliveryDay.full
        : day === offer.earliest
          ? checkoutTexts.deliveryDay.earliest
          : undefined,
      !free,
    ),
  );
}

export interface CheckoutFormProps {
  /** The running checkout machine (the page's own, or the QA explorer's). */
  actor: CheckoutActorRef;
  /** The red notice after a payment that did not go through, until Pay is pressed again. */
  paymentNotice?: string | null;
  /** Where the form posts without script (the page it is on); default /checkout. */
  action?: string;
  /**
   * The Idempotency-Key a post without script is sent with, made with the page (the script makes
   * its own per press); omitted, the form has none.
   */
  formKey?: string;
}

/**
 * The checkout form and the server's order summary, drawn from `checkoutMachine`: contact,
 * delivery address (the cart's postcode, locked), instructions, the domestic-use declaration
 * when it applies, the Terms of Purchase, and "Pay securely". Each control is enabled only when
 * the machine accepts its event.
 *
 * Before and without its script it is a plain form: posted to its page (`intent` checkout) with
 * the total shown and a key of its own, the server places the order and sends the browser to the
 * payment page, or renders the page again with its message and the values typed.
 */
export function CheckoutForm({
  actor,
  paymentNotice,
  action = '/checkout',
  formKey,
}: CheckoutFormProps) {
  const snapshot = useSelector(actor, (s) => s);
  const {
    values,
    summary,
    submitted,
    fieldErrors,
    problem,
    problemDetails,
    deliveryDay,
    dayError,
    priority,
  } = snapshot.context;
  const offer = summary.delivery;
  const formRef = useRef<HTMLFormElement>(null);
  const problemId = useId();

  const canType = snapshot.can({ type: 'CHANGE', field: 'fullName', value: values.fullName });
  const canTick = snapshot.can({ type: 'SET_ACCEPT_TERMS', value: !values.acceptTerms });
  const canDeclare = snapshot.can({ type: 'SET_DOMESTIC_USE', value: !values.domesticUse });
  const canPrioritise = snapshot.can({ type: 'SET_PRIORITY', value: !priority });
  const canPay = snapshot.can({ type: 'SUBMIT', key: 'probe' });
  const busy =
    snapshot.matches('validating') ||
    snapshot.matches('submitting') ||
    snapshot.matches('redirecting');
  const invalid = snapshot.matches({ editing: 'invalid' });

  // After a Pay that found problems, focus goes to the first field that has one.
  useEffect(() => {
    if (!invalid) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalid]);

  // Back from the provider's page, the browser may show this page from its cache, as it was.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) actor.send({ type: 'RESUME' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [actor]);

  const stateOf = (field: CheckoutField): ValidationState =>
    submitted ? (fieldErrors[field] ? 'danger' : 'success') : 'neutral';

  const text = (field: CheckoutTextField) => ({
    name: field,
    label: labels[field],
    value: values[field],
    maxLength: checkoutMaxLengths[field],
    onChange: (value: string) => actor.send({ type: 'CHANGE', field, value }),
    isReadOnly: !canType,
    validationBehavior: 'aria' as const,
    validationState: stateOf(field),
    errorMessage: fieldErrors[field],
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (snapshot.can({ type: 'SUBMIT', key: 'probe' })) {
      actor.send({ type: 'SUBMIT', key: newIdempotencyKey() });
    }
  };

  return (
    <Layout data-checkout-state={JSON.stringify(snapshot.value)}>
      <Form
        ref={formRef}
        method="post"
        action={action}
        noValidate
        aria-label={checkoutTexts.formLabel}
        aria-busy={busy || undefined}
        onSubmit={onSubmit}
      >
        <IntentField intent={checkoutIntents.checkout} />
        {/* Both totals the page shows: the server takes the one for the delivery chosen. */}
        <input
          type="hidden"
          name={checkoutFormFields.expectedTotal}
          value={offer?.standardTotal ?? summary.total}
        />
        {offer?.priority.total !== undefined ? (
          <input
            type="hidden"
            name={checkoutFormFields.expectedPriorityTotal}
            value={offer.priority.total}
          />
        ) : null}
        {formKey ? (
          <input type="hidden" name={checkoutFormFields.idempotencyKey} value={formKey} />
        ) : null}
        {paymentNotice && !submitted ? <Notice variant="danger">{paymentNotice}</Notice> : null}
        <FormSection
          title={checkoutTexts.sections.contact}
          description={checkoutTexts.sections.contactHint}
        >
          <TextField {...text('fullName')} autoComplete="name" data-span="full" />
          <TextField {...text('email')} type="email" autoComplete="email" />
          <TextField {...text('phone')} type="tel" autoComplete="tel" />
        </FormSection>
        <FormSection title={checkoutTexts.sections.address}>
          <TextField
            {...text('addressLine1')}
            autoComplete="shipping address-line1"
            data-span="full"
          />
          <TextField
            {...text('addressLine2')}
            autoComplete="shipping address-line2"
            data-span="full"
          />
          <TextField {...text('town')} autoComplete="shipping address-level2" />
          <LockedField
            label={labels.postcode}
            name="postcode"
            value={displayPostcode(values.postcode)}
            description={fieldErrors.postcode ?? checkoutTexts.postcodeLocked}
            action={
              <Link href={paths.cart} aria-label={checkoutTexts.changePostcodeLabel}>
                {messages.checkout.changePostcode}
              </Link>
            }
          />
        </FormSection>
        {offer ? (
          <FormSection title={checkoutTexts.deliveryDay.title} columns={1}>
            {offer.priority.day !== null ? (
              <Checkbox
                name={checkoutFormFields.deliveryService}
                value="priority"
                isSelected={priority}
                isReadOnly={!canPrioritise}
                onChange={(value) => actor.send({ type: 'SET_PRIORITY', value })}
                description={
                  offer.priority.total !== undefined
                    ? checkoutTexts.deliveryDay.priorityHint(formatPence(offer.priority.total))
                    : undefined
                }
              >
                {checkoutTexts.deliveryDay.priority(
                  dayInWords(offer.priority.day),
                  formatPence(offer.priority.surcharge),
                )}
              </Checkbox>
            ) : (
              <Text>{checkoutTexts.deliveryDay.priorityFull}</Text>
            )}
            {offer.earliest === null ? (
              <Notice variant="warning">{deliveryMessages.noDeliveryDay(officePhones())}</Notice>
            ) : (
              <DayPicker
                label={checkoutTexts.deliveryDay.label}
                name={checkoutFormFields.deliveryDay}
                options={dayOptions(offer)}
                value={deliveryDay}
                onChange={(day) => actor.send({ type: 'SET_DELIVERY_DAY', day })}
                isReadOnly={!canType}
                isDisabled={priority}
                description={checkoutTexts.deliveryDay.hint(
                  offer.days.filter((d) => d.standard).length,
                )}
                validationState={dayError ? 'danger' : 'neutral'}
                errorMessage={dayError}
              />
            )}
          </FormSection>
        ) : null}
        {asksAboutTank(summary.lines) ? (
          <FormSection
            title={checkoutTexts.sections.tank}
            description={checkoutTexts.sections.tankHint}
            columns={1}
          >
            <TextField
              {...text('tankLocation')}
              placeholder={messages.checkout.placeholders.tankLocation}
            />
            <TextField
              {...text('tankAccess')}
              placeholder={messages.checkout.placeholders.tankAccess}
            />
          </FormSection>
        ) : null}
        <FormSection title={checkoutTexts.sections.instructions} columns={1}>
          <TextArea
            {...text('instructions')}
            rows={3}
            placeholder={messages.checkout.placeholders.instructions}
            description={`${values.instructions.length} / ${checkoutMaxLengths.instructions}`}
          />
        </FormSection>
        <FormSection title={checkoutTexts.sections.confirm} columns={1}>
          {summary.declarationApplies ? (
            <Checkbox
              name={checkoutFormFields.domesticUse}
              isSelected={values.domesticUse}
              isReadOnly={!canDeclare}
              onChange={(value) => actor.send({ type: 'SET_DOMESTIC_USE', value })}
              description={checkoutTexts.declarationHint}
            >
              {labels.domesticUse}
            </Checkbox>
          ) : null}
          <Checkbox
            name={checkoutFormFields.acceptTerms}
            isSelected={values.acceptTerms}
            isReadOnly={!canTick}
            onChange={(value) => actor.send({ type: 'SET_ACCEPT_TERMS', value })}
            validationState={stateOf('acceptTerms')}
            errorMessage={fieldErrors.acceptTerms}
            description={
              <Link href={paths.termsOfPurchase} target="_blank" rel="noopener">
                {checkoutTexts.termsLink} {checkoutTexts.termsLinkHint}
              </Link>
            }
          >
            {labels.acceptTerms}
          </Checkbox>
          {problem ? (
            <Notice variant="danger" id={problemId}>
              {problem}
              {problemDetails.length > 0 ? (
                <Details>
                  {problemDetails.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </Details>
              ) : null}
            </Notice>
          ) : null}
          <Button
            type="submit"
            fullWidth
            icon={<LockIcon />}
            isPending={busy}
            isDisabled={!canPay && !busy}
            aria-describedby={problem ? problemId : undefined}
          >
            {messages.checkout.pay}
          </Button>
        </FormSection>
      </Form>
      <Summary>
        <OrderSummary
          lines={summary.lines}
          subtotal={summary.subtotal}
          deliveryCharge={summary.deliveryCharge}
          prioritySurcharge={summary.prioritySurcharge ?? 0}
          vatAdjustment={summary.vatAdjustment}
          vatBreakdown={summary.vatBreakdown}
          total={summary.total}
          isUpdating={snapshot.matches('updatingSummary')}
        />
      </Summary>
    </Layout>
  );
}
