import { createContext, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Modal } from './Modal';
import type { ModalSize } from './ModalFrame';

interface FooterSlot {
  target: HTMLElement | null;
  close: () => void;
}

const FooterSlotContext = createContext<FooterSlot | null>(null);

export interface ModalWithFooterSlotProps {
  onClose: () => void;
  title: ReactNode;
  size?: ModalSize;
  children: ReactNode;
}

/**
 * One open dialog whose body changes in place (a chooser, then the form it chose, each its own
 * route): the dialog stays open between them instead of one closing while the next opens. The
 * body puts its buttons in the footer with ModalFooter.
 */
export function ModalWithFooterSlot({ onClose, title, size, children }: ModalWithFooterSlotProps) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  return (
    <Modal isOpen onClose={onClose} title={title} size={size} footer={() => <div ref={setTarget} className="ui-dialog-footer-slot" />}>
      {(close) => <FooterSlotContext.Provider value={{ target, close }}>{children}</FooterSlotContext.Provider>}
    </Modal>
  );
}

/** The current body's footer buttons; a function gets the dialog's animated close (for Cancel). */
export function ModalFooter({ children }: { children: ReactNode | ((close: () => void) => ReactNode) }) {
  const slot = useContext(FooterSlotContext);
  if (!slot?.target) return null;
  return createPortal(typeof children === 'function' ? children(slot.close) : children, slot.target);
}
