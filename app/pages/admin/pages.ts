/**
 * Every back-office page, in one chunk: the route table (app/routes.tsx) names them, and staff
 * load the back office at once the first time they open it. One dynamic import for them all keeps
 * the first load of the shop light (each import site carries its own list of preloads).
 */
export { default as AdminAuditPage } from './AdminAuditPage';
export { default as AdminCategoriesPage } from './AdminCategoriesPage';
export { default as AdminDeliveryDaysPage } from './AdminDeliveryDaysPage';
export { default as AdminEnquiriesPage } from './AdminEnquiriesPage';
export { default as AdminEnquiryPage } from './AdminEnquiryPage';
export { default as AdminHomePage } from './AdminHomePage';
export { default as AdminLatePaymentsPage } from './AdminLatePaymentsPage';
export { default as AdminMailPage } from './AdminMailPage';
export { default as AdminOrderPage } from './AdminOrderPage';
export { default as AdminOrdersPage } from './AdminOrdersPage';
export { default as AdminPricesPage } from './AdminPricesPage';
export { default as AdminProductPage } from './AdminProductPage';
export { default as AdminProductsPage } from './AdminProductsPage';
export { default as AdminStaffPage } from './AdminStaffPage';
export { default as AdminZonesPage } from './AdminZonesPage';
