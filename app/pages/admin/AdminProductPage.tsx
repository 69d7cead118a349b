import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { AdminProduct, AdminSize } from '../../../api/domain/adminApi';
import { formatPence } from '../../../api/domain/money';
import { Button, DataTable, Text, theme, type DataTableColumn } from '../../../ui';
import {
  AdminFrame,
  adminApi,
  adminPageTexts,
  Confirm,
  emptySizeForm,
  ErrorNotice,
  errorMessage,
  LoadStatus,
  ProductForm,
  productFormOf,
  Row,
  Saved,
  Section,
  SizeForm,
  sizeFormOf,
  Stack,
  useAdminLoad,
} from '../../features/admin';

const t = adminPageTexts.product;

type SizeEdit = { mode: 'add' } | { mode: 'edit'; size: AdminSize } | null;

function SizesSection({
  product,
  onProduct,
}: {
  product: AdminProduct;
  onProduct: (product: AdminProduct) => void;
}) {
  const [edit, setEdit] = useState<SizeEdit>(null);
  const [deleting, setDeleting] = useState<AdminSize | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const start = (next: SizeEdit) => {
    setEdit(next);
    setDeleting(null);
    setError(null);
    setDone(null);
  };

  const remove = async (size: AdminSize) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await adminApi.deleteSize(size.id);
      onProduct(answer.product);
      setDeleting(null);
      setDone(t.sizeDeleted);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const columns: readonly DataTableColumn<AdminSize>[] = [
    { id: 'title', header: t.title, isRowHeader: true, cell: (s) => s.title },
    {
      id: 'price',
      header: t.price,
      align: 'end',
      cell: (s) => (s.price === null ? t.productPrice : formatPence(s.price)),
    },
    { id: 'litres', header: t.litres, align: 'end', cell: (s) => s.litres ?? '' },
    { id: 'kilograms', header: t.kilograms, align: 'end', cell: (s) => s.kilograms ?? '' },
    {
      id: 'actions',
      header: t.actions,
      cell: (s) => (
        <Row>
          <Button
            size="sm"
            variant="secondary"
            aria-label={t.editSize(s.title)}
            onPress={() => start({ mode: 'edit', size: s })}
          >
            {adminPageTexts.edit}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={t.deleteSize(s.title)}
            onPress={() => {
              start(null);
              setDeleting(s);
            }}
          >
            {adminPageTexts.delete}
          </Button>
        </Row>
      ),
    },
  ];

  return (
    <Section id="sizes" title={t.sizes}>
      {done ? <Saved>{done}</Saved> : null}
      {error ? <ErrorNotice message={error} /> : null}
      <DataTable
        aria-label={t.sizesTable}
        columns={columns}
        rows={product.sizes}
        rowKey={(size) => String(size.id)}
        emptyText={t.noSizes}
      />
      {deleting ? (
        <Confirm
          title={t.deleteSize(deleting.title)}
          confirmLabel={adminPageTexts.confirmDelete}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
          busy={busy}
        >
          {t.confirmDeleteSize(deleting.title)}
        </Confirm>
      ) : null}
      {edit?.mode === 'edit' ? (
        <Section id="edit-size" title={t.editSizeTitle(edit.size.title)} level={3}>
          <SizeForm
            key={edit.size.id}
            aria-label={t.editSizeTitle(edit.size.title)}
            initial={sizeFormOf(edit.size)}
            submitLabel={t.saveSize}
            onCancel={() => setEdit(null)}
            onSubmit={async (input) => {
              const answer = await adminApi.updateSize(edit.size.id, input);
              onProduct(answer.product);
              setEdit(null);
              setDone(t.sizeSaved);
            }}
          />
        </Section>
      ) : null}
      {edit?.mode === 'add' ? (
        <Section id="add-size" title={t.addSizeTitle} level={3}>
          <SizeForm
            aria-label={t.addSizeTitle}
            initial={emptySizeForm}
            submitLabel={t.addSize}
            onCancel={() => setEdit(null)}
            onSubmit={async (input) => {
              const answer = await adminApi.addSize(product.id, input);
              onProduct(answer.product);
              setEdit(null);
              setDone(t.sizeAdded);
            }}
          />
        </Section>
      ) : null}
      {edit === null ? (
        <Row>
          <Button variant="secondary" onPress={() => start({ mode: 'add' })}>
            {t.addSize}
          </Button>
        </Row>
      ) : null}
    </Section>
  );
}

const Images = styled.ul`
  display: grid;
  gap: ${theme.space[4]};
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  margin: 0;
  padding: 0;
  list-style: none;

  & > li {
    display: grid;
    gap: ${theme.space[2]};
    align-content: start;
    padding: ${theme.space[2]};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.sm};
  }
  & img {
    width: 100%;
    height: 8rem;
    object-fit: contain;
    background: ${theme.colors.surfaceAlt};
  }
`;

const Upload = styled.div`
  display: grid;
  gap: ${theme.space[1]};
  max-width: 40rem;

  & > label {
    font-weight: ${theme.fontWeights.bold};
  }
  & > input {
    font: inherit;
    font-size: ${theme.fontSizes.sm};
  }
  & > input:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  & > [data-part='help'] {
    color: ${theme.colors.inkMuted};
    font-size: ${theme.fontSizes.sm};
  }
  & > [data-part='error'] {
    color: ${theme.colors.danger};
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.semibold};
  }
`;

function ImagesSection({
  product,
  onProduct,
}: {
  product: AdminProduct;
  onProduct: (product: AdminProduct) => void;
}) {
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    setDone(null);
    try {
      const answer = await adminApi.uploadImage(product.id, file);
      onProduct(answer.product);
      setDone(t.uploaded);
    } catch (failure) {
      setUploadError(errorMessage(failure));
    } finally {
      setUploading(false);
      // The same file may be chosen again (after fixing it, or to retry).
      if (input.current) input.current.value = '';
    }
  };

  const remove = async (imageId: number) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await adminApi.deleteImage(imageId);
      onProduct(answer.product);
      setDeleting(null);
      setDone(t.imageDeleted);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const position = (imageId: number) => product.images.findIndex((i) => i.id === imageId) + 1;

  return (
    <Section id="images" title={t.images}>
      {done ? <Saved>{done}</Saved> : null}
      {error ? <ErrorNotice message={error} /> : null}
      {product.images.length === 0 ? (
        <Text variant="muted">{t.noImages}</Text>
      ) : (
        <Images>
          {product.images.map((image, index) => (
            <li key={image.id}>
              <img src={image.url} alt="" loading="lazy" />
              <Text variant="small">
                {t.image(index + 1)}
                {image.size ? ` (${image.size})` : ''}
              </Text>
              <Row>
                <Button
                  size="sm"
                  variant="secondary"
                  onPress={() => {
                    setDeleting(image.id);
                    setDone(null);
                  }}
                >
                  {t.deleteImage(index + 1)}
                </Button>
              </Row>
            </li>
          ))}
        </Images>
      )}
      {deleting !== null ? (
        <Confirm
          title={t.deleteImage(position(deleting))}
          confirmLabel={adminPageTexts.confirmDelete}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
          busy={busy}
        >
          {t.confirmDeleteImage(position(deleting))}
        </Confirm>
      ) : null}
      <Upload>
        <label htmlFor={inputId}>{t.upload}</label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={uploading}
          aria-describedby={uploadError ? `${helpId} ${errorId}` : helpId}
          aria-invalid={uploadError ? true : undefined}
          onChange={(event) => void upload(event)}
        />
        <span id={helpId} data-part="help">
          {t.uploadHelp}
        </span>
        {uploading ? <span role="status">{t.uploading}</span> : null}
        {uploadError ? (
          <span id={errorId} data-part="error" role="alert">
            {uploadError}
          </span>
        ) : null}
      </Upload>
    </Section>
  );
}

/** /admin/products/:id: one product's details, sizes and images. */
export default function AdminProductPage() {
  const productId = useParams().id ?? '';
  const load = useAdminLoad(`product:${productId}`, (signal) =>
    adminApi.product(productId, signal),
  );
  const [saved, setSaved] = useState(false);
  const product = load.data?.product ?? null;
  const setProduct = (next: AdminProduct) => load.setData({ product: next });
  return (
    <AdminFrame
      title={product ? product.title : t.pageTitle}
      back={{ href: '/admin/products', label: t.back }}
    >
      <LoadStatus load={load} />
      {product ? (
        <Stack data-wide="">
          <Section id="details" title={t.details}>
            {saved ? <Saved>{t.saved}</Saved> : null}
            <ProductForm
              key={product.id}
              aria-label={t.details}
              initial={productFormOf(product)}
              submitLabel={t.save}
              onSubmit={async (input) => {
                setSaved(false);
                const answer = await adminApi.updateProduct(product.id, input);
                setProduct(answer.product);
                setSaved(true);
              }}
            />
          </Section>
          <SizesSection product={product} onProduct={setProduct} />
          <ImagesSection product={product} onProduct={setProduct} />
        </Stack>
      ) : null}
    </AdminFrame>
  );
}
