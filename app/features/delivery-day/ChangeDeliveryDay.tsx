import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { OrderView } from '../../../api/domain/order';
import {
  deliveryDayForm,
  orderDeliveryDayTexts as texts,
  type OrderDeliveryDays,
} from '../../../api/domain/orderDeliveryDay';
import { Button, DayPicker, Heading, Text, theme, useToasts } from '../../../ui';
import { orderTokenFor } from '../checkout';
import { PageForm, useFormOutcome } from '../forms';
import { changeDayOptions, isChoosable } from './dayOptions';
import { putDeliveryDay, type DeliveryDayChange } from './deliveryDayApi';

const Section = styled.section`
  display: grid;
  gap: ${theme.space[3]};
  margin-top: ${theme.space[6]};
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};

  & form {
    display: grid;
    gap: ${theme.space[4]};
    justify-items: start;
  }
  & form > * {
    justify-self: stretch;
  }
  & form > button {
    justify-self: start;
  }
`;

export interface ChangeDeliveryDayProps {
  orderId: string;
  /** The order's days as the API gave them (the server's render, or the browser's request). */
  days: OrderDeliveryDays;
  /** After a change made with script: the order and its days as they now stand. */
  onChanged: (order: OrderView, days: OrderDeliveryDays) => void;
  /** After a refusal with script: the days as they now stand. */
  onRefused: (days: OrderDeliveryDays) => void;
  /** The request (stories replace it); the API by default. */
  change?: DeliveryDayChange;
}

/**
 * "Change delivery day" on the order page (issue 34, item 6): the days the paid order can move
 * to, its own day chosen, and "Change day". A `method="post"` form to the order's page: without
 * script the server makes the change (api/ssr/forms/orders.ts) and comes back with its notice,
 * or renders the page again with its refusal; with script the API is called in place and the
 * page updated. When the day can no longer change, only the reason is shown.
 */
export function ChangeDeliveryDay({
  orderId,
  days,
  onChanged,
  onRefused,
  change = putDeliveryDay,
}: ChangeDeliveryDayProps) {
  const headingId = useId();
  const toaster = useToasts();
  // After a refusal of the form posted without script: its message, and the day that was chosen
  // (again, when it can still be chosen).
  const refused = useFormOutcome(deliveryDayForm.intent);
  const kept = refused?.values[deliveryDayForm.field];
  const [value, setValue] = useState<string | null>(
    isChoosable(days, kept) ? (kept ?? null) : days.current,
  );
  const [error, setError] = useState<string | null>(refused?.message ?? null);
  const [busy, setBusy] = useState(false);

  const submit = async (day: string) => {
    setBusy(true);
    setError(null);
    try {
      // The token this tab keeps for the order (the order page kept the address's); without one
      // the cookie this browser kept, or the owner's session, opens the order.
      const answer = await change(orderId, orderTokenFor(orderId), day);
      if (answer.code === 200 && answer.order && answer.deliveryDays) {
        toaster.success(answer.message);
        setValue(answer.deliveryDays.current);
        onChanged(answer.order, answer.deliveryDays);
      } else {
        setError(answer.message);
        if (answer.deliveryDays) {
          setValue(answer.deliveryDays.current);
          onRefused(answer.deliveryDays);
        }
      }
    } catch {
      setError(texts.failed);
    }
    setBusy(false);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy && value !== null) void submit(value);
  };

  return (
    <Section aria-labelledby={headingId} data-delivery-day-change="">
      <Heading level={2} size={3} id={headingId}>
        {texts.heading}
      </Heading>
      {days.canChange && days.current !== null && days.changeBy !== null ? (
        <>
          <Text>{texts.intro(days.current, days.changeBy)}</Text>
          <PageForm intent={deliveryDayForm.intent} onSubmit={onSubmit} noValidate>
            <DayPicker
              label={texts.label}
              name={deliveryDayForm.field}
              options={changeDayOptions(days)}
              value={value}
              onChange={(day) => {
                setValue(day);
                setError(null);
              }}
              isReadOnly={busy}
              validationState={error ? 'danger' : 'neutral'}
              errorMessage={error}
            />
            <Button type="submit" isPending={busy}>
              {texts.button}
            </Button>
          </PageForm>
        </>
      ) : (
        <Text>{days.reason}</Text>
      )}
    </Section>
  );
}
