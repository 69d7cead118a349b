import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AdminProduct } from '../../../api/domain/adminApi';
import { formatPence, lowestPrice } from '../../../api/domain/money';
import { Button, DataTable, type DataTableColumn } from '../../../ui';
import {
  AdminFrame,
  adminApi,
  adminPageTexts,
  emptyProductForm,
  LoadStatus,
  ProductForm,
  productTypeLabels,
  Row,
  Section,
  Stack,
  useAdminLoad,
} from '../../features/admin';

const t = adminPageTexts.products;

/** The product's price, or "from" its cheapest size's. */
function priceText(product: AdminProduct): string {
  if (product.price !== null) return formatPence(product.price);
  const lowest = lowestPrice(product.sizes.map((size) => size.price));
  return lowest === null ? adminPageTexts.none : `from ${formatPence(lowest)}`;
}

const columns: readonly DataTableColumn<AdminProduct>[] = [
  { id: 'title', header: t.name, isRowHeader: true, cell: (p) => p.title },
  { id: 'type', header: t.type, cell: (p) => productTypeLabels[p.type] ?? p.type },
  { id: 'price', header: t.price, align: 'end', cell: priceText },
  { id: 'sizes', header: t.sizes, align: 'end', cell: (p) => p.sizes.length },
  {
    id: 'visible',
    header: t.visible,
    cell: (p) => (p.visible ? adminPageTexts.yes : t.hidden),
  },
  {
    id: 'bestSeller',
    header: t.bestSeller,
    cell: (p) => (p.bestSeller ? adminPageTexts.yes : adminPageTexts.no),
  },
];

/** /admin/products: the catalogue; a row opens the product; a new product can be made here. */
export default function AdminProductsPage() {
  const navigate = useNavigate();
  const load = useAdminLoad('products', (signal) => adminApi.products(signal));
  const [adding, setAdding] = useState(false);
  const open = (id: number | string) =>
    void navigate(`/admin/products/${encodeURIComponent(String(id))}`);
  return (
    <AdminFrame title={t.title} description={t.description}>
      <LoadStatus load={load} />
      {load.data ? (
        <Stack data-wide="">
          <DataTable
            aria-label={t.table}
            columns={columns}
            rows={load.data.products}
            rowKey={(product) => String(product.id)}
            onRowAction={open}
            emptyText={t.empty}
            loading={load.loading}
          />
        </Stack>
      ) : null}
      {adding ? (
        <Section id="new-product" title={t.addTitle}>
          <ProductForm
            aria-label={t.addTitle}
            initial={emptyProductForm}
            submitLabel={t.create}
            isNew
            onSubmit={async (input) => {
              const { product } = await adminApi.createProduct(input);
              open(product.id);
            }}
          />
          <Row>
            <Button variant="secondary" onPress={() => setAdding(false)}>
              {adminPageTexts.cancel}
            </Button>
          </Row>
        </Section>
      ) : (
        <Row>
          <Button variant="secondary" onPress={() => setAdding(true)}>
            {t.add}
          </Button>
        </Row>
      )}
    </AdminFrame>
  );
}
