import { useState } from 'react';
import { productTypes, type ProductType } from '../../../api/domain/admin';
import { Checkbox, Select, TextArea, TextField } from '../../../ui';
import type { ProductInput } from './adminApi';
import { checkProductForm, slugify, type ProductFormValues } from './forms';
import { Form, FormFooter } from './parts';
import { adminPageTexts, productTypeLabels } from './texts';
import { useAdminForm } from './useAdminForm';

const t = adminPageTexts.product;

const typeOptions = productTypes.map((type) => ({ id: type, label: productTypeLabels[type] }));

/**
 * A product's details (title, slug, Markdown description, type, flags, price), checked with
 * `productSchema` before `onSubmit` sends them. A new product's slug follows its title until the
 * slug is typed in.
 */
export function ProductForm({
  initial,
  submitLabel,
  onSubmit,
  isNew = false,
  'aria-label': ariaLabel,
}: {
  initial: ProductFormValues;
  submitLabel: string;
  /** Sends the product; throws the API's refusal (an AdminApiError) to show. */
  onSubmit: (input: ProductInput) => Promise<void>;
  isNew?: boolean;
  'aria-label': string;
}) {
  const [slugTouched, setSlugTouched] = useState(!isNew);
  const {
    status: state,
    update,
    values,
    formError,
    busy,
    submit,
  } = useAdminForm({ initial, check: checkProductForm, send: onSubmit });

  return (
    <Form onSubmit={(event) => void submit(event)} aria-label={ariaLabel} noValidate>
      <TextField
        label={t.title}
        value={values.title}
        onChange={(title) => update(slugTouched ? { title } : { title, slug: slugify(title) })}
        isRequired
        validationBehavior="aria"
        {...state('title')}
      />
      <TextField
        label={t.slug}
        description={t.slugHelp}
        value={values.slug}
        onChange={(slug) => {
          setSlugTouched(true);
          update({ slug });
        }}
        isRequired
        validationBehavior="aria"
        {...state('slug')}
      />
      <TextArea
        label={t.description}
        description={t.descriptionHelp}
        rows={8}
        value={values.description}
        onChange={(description) => update({ description })}
        {...state('description')}
      />
      <Select
        label={t.type}
        options={typeOptions}
        selectedKey={values.type}
        onSelectionChange={(key) => {
          if (key !== null) update({ type: String(key) as ProductType });
        }}
        {...state('type')}
      />
      <Checkbox isSelected={values.bestSeller} onChange={(bestSeller) => update({ bestSeller })}>
        {t.bestSeller}
      </Checkbox>
      <Checkbox isSelected={values.visible} onChange={(visible) => update({ visible })}>
        {t.visible}
      </Checkbox>
      <TextField
        label={t.price}
        description={t.priceHelp}
        inputMode="decimal"
        value={values.price}
        onChange={(price) => update({ price })}
        {...state('price')}
      />
      <FormFooter formError={formError} busy={busy} submitLabel={submitLabel} />
    </Form>
  );
}
