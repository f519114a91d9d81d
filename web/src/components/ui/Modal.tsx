import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { ModalFrame, type ModalSize } from './ModalFrame';
import { useCloseAnimation } from './useCloseAnimation';

export { MODAL_CLOSE_MS } from './useCloseAnimation';

/** Content may be a function to get the animated (and confirmed) close, e.g. for a Cancel button. */
type ModalContent = ReactNode | ((close: () => void) => ReactNode);

export interface ModalProps {
  isOpen: boolean;
  /** Called once the close animation has finished; set isOpen to false here. */
  onClose: () => void;
  title: ReactNode;
  children?: ModalContent;
  footer?: ModalContent;
  /** When set, every close attempt first asks Yes/No with this message. */
  closeMessage?: string;
  size?: ModalSize;
}

/**
 * A dialog over the page (SPEC.md section 2): Escape, click-away and the Close button close it
 * after the 280 ms animation; with `closeMessage` the user confirms first (Yes closes, No stays).
 */
export function Modal({ isOpen, onClose, title, children, footer, closeMessage, size }: ModalProps) {
  const { isRendered, isClosing, requestClose } = useCloseAnimation(isOpen, onClose);
  const [isConfirming, setConfirming] = useState(false);

  function attemptClose() {
    if (isClosing) return;
    if (closeMessage) setConfirming(true);
    else requestClose();
  }

  const render = (content: ModalContent) => (typeof content === 'function' ? content(attemptClose) : content);

  return (
    <ModalFrame
      isOpen={isRendered}
      isClosing={isClosing}
      onDismiss={attemptClose}
      title={title}
      size={size}
      footer={render(footer)}
      nested={
        closeMessage && (
          <ConfirmDialog
            isOpen={isConfirming}
            title="Confirm"
            message={closeMessage}
            confirmLabel="Yes"
            cancelLabel="No"
            onConfirm={() => {
              setConfirming(false);
              requestClose();
            }}
            onCancel={() => setConfirming(false)}
          />
        )
      }
    >
      {render(children)}
    </ModalFrame>
  );
}
