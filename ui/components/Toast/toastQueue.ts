import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export type ToastVariant = 'success' | 'warning' | 'danger' | 'info';

export interface ToastContent {
  variant: ToastVariant;
  message: string;
  /** An optional bold first line. */
  title?: string;
}

export interface ShowToastOptions {
  /**
   * Milliseconds before the toast closes by itself; `null` keeps it until dismissed. Default:
   * success and info close after 5 s, warnings and errors after 8 s (longer to read; the form
   * still marks the field). The timer pauses while the pointer or focus is on the notifications.
   */
  timeout?: number | null;
  onClose?: () => void;
}

export const DEFAULT_TIMEOUT_MS = 5000;
/** Warnings and errors: they close by themselves too, rather than piling up over the page. */
export const ALERT_TIMEOUT_MS = 8000;

/** Warnings and errors: about what the visitor did on this page (see `isAlert`). */
export const isAlert = (content: ToastContent) =>
  content.variant === 'danger' || content.variant === 'warning';

/** The app-facing API: `toaster.success('Email sent!')`. Every method returns the toast's key. */
export interface Toaster {
  readonly queue: ToastQueue<ToastContent>;
  show(content: ToastContent, options?: ShowToastOptions): string;
  success(message: string, options?: ShowToastOptions & { title?: string }): string;
  info(message: string, options?: ShowToastOptions & { title?: string }): string;
  warning(message: string, options?: ShowToastOptions & { title?: string }): string;
  danger(message: string, options?: ShowToastOptions & { title?: string }): string;
  close(key: string): void;
  /** Remove every toast, e.g. before showing a fresh set of validation errors. */
  clear(): void;
}

/** A toaster with its own queue. The app uses the shared `toast`; stories and tests make their own. */
export function createToaster(maxVisibleToasts = 5): Toaster {
  const queue = new ToastQueue<ToastContent>({ maxVisibleToasts });
  const show: Toaster['show'] = (content, { timeout, onClose } = {}) => {
    const ms =
      timeout === undefined ? (isAlert(content) ? ALERT_TIMEOUT_MS : DEFAULT_TIMEOUT_MS) : timeout;
    return queue.add(content, { timeout: ms ?? undefined, onClose });
  };
  const variant =
    (name: ToastVariant) =>
    (message: string, { title, ...options }: ShowToastOptions & { title?: string } = {}) =>
      show({ variant: name, message, title }, options);
  return {
    queue,
    show,
    success: variant('success'),
    info: variant('info'),
    warning: variant('warning'),
    danger: variant('danger'),
    close: (key) => queue.close(key),
    clear: () => queue.clear(),
  };
}

/**
 * The site-wide toaster, shown by the `ToastRegion` mounted once in the layout. Up to eight at
 * once: an empty wholesale enquiry shows its seven validation messages together (SPEC §5).
 */
export const toast: Toaster = createToaster(8);
