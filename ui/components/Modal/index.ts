export { Modal, ModalTrigger, type ModalProps } from './Modal';
export { ModalLink, type ModalLinkProps, type ModalLinkVariant } from './ModalLink';
export {
  StaticModal,
  StaticCloseButton,
  StaticCloseLink,
  type StaticModalProps,
} from './StaticModal';
