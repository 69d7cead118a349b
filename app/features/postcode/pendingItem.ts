import type { PendingItemView } from '../../../api/domain/cart';

/** What the dialog says of the item waiting for a postcode. */
export type PendingItemSummary = Pick<PendingItemView, 'title' | 'attribute' | 'quantity'>;

/** "2 × Premium House Coal, 40kg bag", or null when the item has no title. */
export function pendingItemName(item: PendingItemSummary): string | null {
  if (!item.title) return null;
  const name = item.attribute ? `${item.title}, ${item.attribute}` : item.title;
  return item.quantity > 1 ? `${item.quantity} × ${name}` : name;
}
