import {
  isAlert,
  type Toaster,
  type ToastContent,
  type ToastVariant,
} from '../../../ui/components/Toast/toastQueue';
import { CARRIED_NOTICES_KEY } from './carriedNoticesKey';

/*
 * Notifications that follow the visitor to the next page. The client router keeps them across a
 * navigation ("Added to cart" on the way to /cart); on the pages of islands, another page is
 * loaded by the browser (navigation/islandRouter.ts), which would drop them. So before such a
 * navigation the successes and information shown are handed to the next page in the tab's
 * session storage, and that page shows them. Warnings and errors are not: they are about the
 * page they came on, and close when the visitor leaves it (Notifications.tsx).
 */

/** As many as the site's notification area shows at once. */
const MAX_CARRIED = 8;
const variants: readonly ToastVariant[] = ['success', 'info', 'warning', 'danger'];

/** Hands the notifications shown now that would follow a navigation to the next page. */
export function carryNotices(toaster: Toaster): void {
  const carried = toaster.queue.visibleToasts
    .map((toast) => toast.content)
    .filter((content) => !isAlert(content))
    .slice(0, MAX_CARRIED);
  if (carried.length === 0) return;
  try {
    sessionStorage.setItem(CARRIED_NOTICES_KEY, JSON.stringify(carried));
  } catch {
    // No session storage (blocked, or full): the notifications stay behind with their page.
  }
}

function isToastContent(value: unknown): value is ToastContent {
  if (typeof value !== 'object' || value === null) return false;
  const { variant, message, title } = value as Record<string, unknown>;
  return (
    variants.includes(variant as ToastVariant) &&
    typeof message === 'string' &&
    (title === undefined || typeof title === 'string')
  );
}

/** Shows the notifications the page before handed over (once: they are taken). */
export function showCarriedNotices(toaster: Toaster): void {
  let stored: string | null;
  try {
    stored = sessionStorage.getItem(CARRIED_NOTICES_KEY);
    sessionStorage.removeItem(CARRIED_NOTICES_KEY);
  } catch {
    return;
  }
  if (stored === null) return;
  let carried: unknown;
  try {
    carried = JSON.parse(stored);
  } catch {
    return;
  }
  if (!Array.isArray(carried)) return;
  for (const content of carried.slice(0, MAX_CARRIED)) {
    if (isToastContent(content) && !isAlert(content)) toaster.show(content);
  }
}
