export { ToastRegion, ToasterProvider, useToasts, type ToastRegionProps } from './Toast';
export {
  toast,
  createToaster,
  DEFAULT_TIMEOUT_MS,
  type Toaster,
  type ToastContent,
  type ToastVariant,
  type ShowToastOptions,
} from './toastQueue';
