import { useState, type FormEvent } from 'react';
import type { AdminOilPrice } from '../../../api/domain/adminApi';
import { Button, FormSection, Notice, Text, TextField } from '../../../ui';
import {
  AdminApiError,
  AdminFrame,
  adminApi,
  adminPageTexts,
  changedPrices,
  checkPriceUpdate,
  ErrorNotice,
  errorMessage,
  Form,
  LoadStatus,
  pencePerLitre,
  priceFieldErrorsOf,
  priceInputsOf,
  priceLabel,
  priceSetOn,
  Row,
  Saved,
  typedPence,
  useAdminLoad,
  type PriceInputs,
} from '../../features/admin';

const t = adminPageTexts.prices;

/** The sizes by product, in the order the API lists them. */
function byProduct(sizes: readonly AdminOilPrice[]) {
  const groups = new Map<number, { title: string; sizes: AdminOilPrice[] }>();
  for (const size of sizes) {
    const group = groups.get(size.productId) ?? { title: size.productTitle, sizes: [] };
    group.sizes.push(size);
    groups.set(size.productId, group);
  }
  return [...groups.entries()];
}

function PricesForm({
  sizes,
  onSaved,
  onEdit,
}: {
  sizes: AdminOilPrice[];
  onSaved: (sizes: AdminOilPrice[]) => void;
  onEdit: () => void;
}) {
  const [inputs, setInputs] = useState<PriceInputs>(() => priceInputsOf(sizes));
  const [fieldErrors, setFieldErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = checkPriceUpdate(changedPrices(sizes, inputs));
    if (!checked.ok) {
      setFieldErrors(checked.fieldErrors);
      setFormError(
        checked.formError ??
          (Object.keys(checked.fieldErrors).length > 0 ? adminPageTexts.checkFields : null),
      );
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const answer = await adminApi.saveOilPrices(checked.prices);
      onSaved(answer.sizes);
    } catch (failure) {
      setFormError(errorMessage(failure));
      if (failure instanceof AdminApiError) {
        setFieldErrors(priceFieldErrorsOf(failure.fieldErrors, checked.prices));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} aria-label={t.title} noValidate data-wide="">
      {byProduct(sizes).map(([productId, group]) => (
        <FormSection key={productId} title={group.title}>
          {group.sizes.map((size) => {
            const text = inputs[size.sizeId] ?? '';
            const pence = typedPence(text);
            const perLitre = pence === null ? null : pencePerLitre(pence, size.litres);
            const setOn = priceSetOn(size);
            const description = [
              perLitre ? t.perLitre(perLitre) : null,
              setOn ? t.setOn(setOn) : null,
            ].filter((part) => part !== null);
            const error = fieldErrors[size.sizeId];
            return (
              <TextField
                key={size.sizeId}
                label={priceLabel(size)}
                inputMode="decimal"
                value={text}
                onChange={(value) => {
                  setInputs((current) => ({ ...current, [size.sizeId]: value }));
                  setFieldErrors((current) => ({ ...current, [size.sizeId]: '' }));
                  onEdit();
                }}
                description={description.length > 0 ? description.join(' · ') : undefined}
                validationState={error ? 'danger' : 'neutral'}
                errorMessage={error}
              />
            );
          })}
        </FormSection>
      ))}
      {formError ? <ErrorNotice message={formError} /> : null}
      <Row>
        <Button type="submit" isDisabled={busy}>
          {t.save}
        </Button>
        {busy ? <Text elementType="span">{adminPageTexts.saving}</Text> : null}
      </Row>
    </Form>
  );
}

/** /admin/prices: the weekly oil price update, every oil size on one screen. */
export default function AdminPricesPage() {
  const load = useAdminLoad('oil-prices', (signal) => adminApi.oilPrices(signal));
  const [saved, setSaved] = useState(false);
  const [version, setVersion] = useState(0);
  const sizes = load.data?.sizes ?? null;
  return (
    <AdminFrame title={t.title} description={t.description}>
      <LoadStatus load={load} />
      {saved ? <Saved>{t.saved}</Saved> : null}
      {sizes && sizes.length === 0 ? <Notice variant="info">{t.empty}</Notice> : null}
      {sizes && sizes.length > 0 ? (
        <PricesForm
          // A save starts the fields again from the prices the API now holds.
          key={version}
          sizes={sizes}
          onSaved={(next) => {
            load.setData({ sizes: next });
            setVersion((n) => n + 1);
            setSaved(true);
          }}
          onEdit={() => setSaved(false)}
        />
      ) : null}
    </AdminFrame>
  );
}
