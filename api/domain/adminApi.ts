import type { Pence } from './money';
import type { OrderStatus } from './order';
import type { ProductType } from './admin';

/** The back office's JSON answers (docs/admin.md): shared by the API and the admin pages. */

export interface AdminSize {
  id: number;
  title: string;
  price: Pence | null;
  litres: number | null;
  kilograms: number | null;
  ordering: number;
}

export interface AdminImage {
  id: number;
  url: string;
  size: string;
}

export interface AdminProduct {
  id: number;
  type: ProductType;
  title: string;
  slug: string;
  description: string;
  bestSeller: boolean;
  visible: boolean;
  price: Pence | null;
  sizes: AdminSize[];
  images: AdminImage[];
}

export interface AdminOilPrice {
  sizeId: number;
  productId: number;
  productTitle: string;
  sizeTitle: string;
  litres: number | null;
  /** The size's own price, or its product's when it has none. */
  price: Pence | null;
  /** When that price was last changed (ISO 8601): what the shop shows as "Prices set on". */
  priceSetAt: string;
}

export interface AdminCategory {
  id: number;
  /** A coal category (the Coal tab, its own icon) or a product category (pellets, logs...). */
  kind: 'coal' | 'product';
  title: string;
  slug: string;
  /** The icon the shop shows: derived from a coal category's slug (SPEC); '' otherwise. */
  icon: string;
  ordering: number;
}

export interface AdminZone {
  id: number;
  title: string;
  rate: Pence;
  minimumOrder: Pence;
  /** Lower-case outward codes: "bt1". */
  postcodes: string[];
}

export interface AdminOrderRow {
  id: string;
  number: string;
  status: OrderStatus;
  /** ISO 8601. */
  createdAt: string;
  fullName: string;
  postcode: string;
  /** The outward code, upper case: "BT7". */
  district: string;
  total: Pence;
  /** The product types in the order. */
  types: ProductType[];
}

export interface AdminOrderLine {
  title: string;
  sizeTitle: string | null;
  type: ProductType;
  unitPrice: Pence;
  quantity: number;
  lineTotal: Pence;
}

export interface AdminNote {
  id: number;
  authorEmail: string;
  text: string;
  createdAt: string;
}

export interface AdminRefund {
  id: string;
  amount: Pence;
  reason: string;
  status: 'pending' | 'succeeded' | 'failed';
  createdAt: string;
}

export interface AdminAuditEntry {
  id: number;
  actorEmail: string;
  entity: string;
  entityId: string;
  action: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface AdminOrder extends AdminOrderRow {
  email: string;
  phone: string;
  addressLine1: string;
  addressLine2: string | null;
  town: string;
  /** Where the oil tank is and how the tanker reaches it, as the customer said (oil orders). */
  tankLocation: string | null;
  tankAccess: string | null;
  instructions: string | null;
  /** The booked delivery day (ISO `YYYY-MM-DD`); null for an order from before booking. */
  deliveryDay: string | null;
  /** Priority (next-day) delivery's surcharge in pence; 0 for standard delivery. */
  prioritySurcharge: Pence;
  /** The domestic-use declaration: true or false as answered, null when it was not asked. */
  domesticUse: boolean | null;
  subtotal: Pence;
  deliveryCharge: Pence;
  vatTotal: Pence;
  refundedAmount: Pence;
  paidAt: string | null;
  dispatchedAt: string | null;
  deliveredAt: string | null;
  provider: string;
  lines: AdminOrderLine[];
  notes: AdminNote[];
  refunds: AdminRefund[];
  history: AdminAuditEntry[];
  /** The delivery move staff may make next, or null. */
  nextStatus: OrderStatus | null;
  /** Pence that may still be refunded (0 when none). */
  refundable: Pence;
}

export interface AdminEnquiry {
  id: string;
  name: string;
  email: string;
  companyName: string;
  telephone: string;
  address: string;
  message: string;
  createdAt: string;
  handled: boolean;
  handledAt: string | null;
}

export interface AdminMail {
  id: string;
  to: string;
  subject: string;
  topic: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/**
 * A payment taken for a cancelled or expired order (GET /api/admin/late-payments): `due` is being
 * refunded automatically, `staff` waits for a refund here, `pending` is being refunded,
 * `succeeded` was refunded.
 */
export interface AdminLatePayment {
  id: string;
  orderId: string;
  orderNumber: string;
  orderStatus: string;
  fullName: string;
  amount: Pence;
  status: 'due' | 'pending' | 'staff' | 'succeeded';
  provider: string;
  receivedAt: string;
  updatedAt: string;
}

export interface AdminSummary {
  toDeliver: number;
  unhandledEnquiries: number;
  failedMail: number;
}

export const orderSorts = ['created', 'number', 'total', 'status'] as const;
export type OrderSort = (typeof orderSorts)[number];
