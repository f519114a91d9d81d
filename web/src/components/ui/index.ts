export { Button, type ButtonProps } from './Button';
export { Modal, MODAL_CLOSE_MS, type ModalProps } from './Modal';
