export { Modal, ModalTrigger, type ModalProps } from './Modal';
