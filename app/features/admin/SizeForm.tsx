import { TextField } from '../../../ui';
import type { SizeInput } from './adminApi';
import { checkSizeForm, type SizeFormValues } from './forms';
import { Form, FormFooter, Row } from './parts';
import { adminPageTexts } from './texts';
import { useAdminForm } from './useAdminForm';

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
  const { status, update, values, formError, busy, submit } = useAdminForm({
    initial,
    check: checkSizeForm,
    send: onSubmit,
  });
  const field = (name: keyof SizeFormValues) => ({
    value: values[name],
    onChange: (value: string) => update({ [name]: value }),
    ...status(name),
  });

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
      <FormFooter formError={formError} busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </Form>
  );
}
