export { ToastRegion, type ToastRegionProps } from './Toast';
export { ToasterProvider, useToasts } from './ToasterProvider';
export {
  toast,
  createToaster,
  ALERT_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  isAlert,
  type Toaster,
  type ToastContent,
  type ToastVariant,
  type ShowToastOptions,
} from './toastQueue';
