export { ToastRegion, type ToastRegionProps } from './Toast';
export { ToasterProvider, useToasts } from './ToasterProvider';
export {
  toast,
  createToaster,
  DEFAULT_TIMEOUT_MS,
  type Toaster,
  type ToastContent,
  type ToastVariant,
  type ShowToastOptions,
} from './toastQueue';
