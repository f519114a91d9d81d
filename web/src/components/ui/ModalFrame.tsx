import type { CSSProperties, ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';
import { cx } from './classNames';
import { MODAL_CLOSE_MS } from './useCloseAnimation';
import './Modal.css';

export type ModalSize = 'small' | 'medium' | 'large';

export interface ModalFrameProps {
  isOpen: boolean;
  isClosing: boolean;
  /** Escape, click-away and the header's Close button all land here. */
  onDismiss: () => void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  size?: ModalSize;
  /** A nested overlay (e.g. a confirmation) that must sit inside this dialog's focus scope. */
  nested?: ReactNode;
}

/**
 * The visual shell shared by Modal and ConfirmDialog: overlay, panel, titled dialog,
 * body and footer. react-aria traps focus inside and returns it to the trigger on close.
 */
export function ModalFrame({ isOpen, isClosing, onDismiss, title, children, footer, role = 'dialog', size = 'medium', nested }: ModalFrameProps) {
  const closeTiming = { '--ui-close-ms': `${MODAL_CLOSE_MS}ms` } as CSSProperties;
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
      isDismissable
      className={cx('ui-modal-overlay', isClosing && 'ui-closing')}
      style={closeTiming}
    >
      <AriaModal className={cx('ui-modal', `ui-modal-${size}`)}>
        <Dialog role={role} className="ui-dialog">
          <header className="ui-dialog-header">
            <Heading slot="title" className="ui-dialog-title">
              {title}
            </Heading>
            {role === 'dialog' && (
              <Button variant="ghost" size="small" className="ui-dialog-close" aria-label="Close" onPress={onDismiss}>
                <span aria-hidden="true">✕</span>
              </Button>
            )}
          </header>
          <div className="ui-dialog-body">{children}</div>
          {footer && <footer className="ui-dialog-footer">{footer}</footer>}
          {nested}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
