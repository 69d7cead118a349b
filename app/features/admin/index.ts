/**
 * The back office (docs/admin.md): its layout, its API client, the filters kept in the address,
 * the forms' checks and the texts. Only the admin pages (app/pages/admin, lazy routes) import it,
 * so none of it is in the shop's own chunks.
 */
export { adminPageTexts, auditEntityLabels, categoryIconLabels, productTypeLabels } from './texts';
export {
  adminApi,
  AdminApiError,
  deliveriesCsvHref,
  deliveryRunCsvHref,
  errorMessage,
  pageCountOf,
  type CategoryInput,
  type DeliveryDayInput,
  type Paging,
  type ProductInput,
  type RefundInput,
  type SizeInput,
  type ZoneInput,
} from './adminApi';
export * from './query';
export * from './format';
export * from './prices';
export * from './forms';
export * from './deliveryDays';
export { useAdminLoad, type AdminLoad } from './useAdminLoad';
export { useAdminForm, type AdminFormOptions } from './useAdminForm';
export { AdminFrame, adminSections, currentSection } from './AdminFrame';
export {
  ChangeDetails,
  Confirm,
  ErrorNotice,
  Facts,
  Form,
  FormFooter,
  Loading,
  LoadStatus,
  Narrow,
  PagedList,
  Row,
  Saved,
  Section,
  Stack,
} from './parts';
export { AuditTable } from './AuditTable';
export { ProductForm } from './ProductForm';
export { SizeForm } from './SizeForm';
