import { useState, type FormEvent } from 'react';
import { Button, TextField } from '../../../ui';
import { AdminApiError, errorMessage, type SizeInput } from './adminApi';
import { checkSizeForm, type FieldErrors, type SizeFormValues } from './forms';
import { ErrorNotice, Form, Row } from './parts';
import { adminPageTexts } from './texts';

const t = adminPageTexts.product;

/** One size (title, own price, litres, kilograms), checked with `sizeSchema` before sending. */
export function SizeForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  'aria-label': ariaLabel,
}: {
  initial: SizeFormValues;
  submitLabel: string;
  onSubmit: (input: SizeInput) => Promise<void>;
  onCancel: () => void;
  'aria-label': string;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (name: keyof SizeFormValues) => ({
    value: values[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: '' }));
    },
    validationState: errors[name] ? ('danger' as const) : ('neutral' as const),
    errorMessage: errors[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = checkSizeForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(adminPageTexts.checkFields);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(checked.value);
    } catch (failure) {
      setFormError(errorMessage(failure));
      if (failure instanceof AdminApiError) setErrors(failure.fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} aria-label={ariaLabel} noValidate>
      <TextField label={t.sizeTitle} isRequired validationBehavior="aria" {...field('title')} />
      <TextField
        label={t.sizePrice}
        description={t.sizePriceHelp}
        inputMode="decimal"
        {...field('price')}
      />
      <Row data-align="start">
        <TextField
          label={t.litres}
          description={t.quantityHelp}
          inputMode="numeric"
          {...field('litres')}
        />
        <TextField
          label={t.kilograms}
          description={t.quantityHelp}
          inputMode="numeric"
          {...field('kilograms')}
        />
      </Row>
      {formError ? <ErrorNotice message={formError} /> : null}
      <Row>
        <Button type="submit" isDisabled={busy}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onPress={onCancel} isDisabled={busy}>
          {adminPageTexts.cancel}
        </Button>
      </Row>
    </Form>
  );
}
