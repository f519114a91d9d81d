import type { ReactNode } from 'react';
import { Button } from './Button';
import { ModalFrame } from './ModalFrame';
import { useCloseAnimation } from './useCloseAnimation';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' for destructive confirmations such as 'Confirm Delete'. */
  tone?: 'primary' | 'danger';
  /** Shows a spinner on the confirm button while the owner's action runs. */
  isPending?: boolean;
  /** Called at once; the owner closes the dialog (isOpen false) when done. */
  onConfirm: () => void;
  /** Called after the close animation when the user cancels, presses Escape or clicks away. */
  onCancel: () => void;
}

/** A yes/no question in an alertdialog. Focus starts on the cancel button so Enter never destroys by accident. */
export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'primary',
  isPending,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { isRendered, isClosing, requestClose } = useCloseAnimation(isOpen, onCancel);
  return (
    <ModalFrame
      isOpen={isRendered}
      isClosing={isClosing}
      onDismiss={requestClose}
      title={title}
      role="alertdialog"
      size="small"
      footer={
        <>
          <Button variant="secondary" onPress={requestClose} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant={tone} onPress={onConfirm} isPending={isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {typeof message === 'string' ? <p>{message}</p> : message}
    </ModalFrame>
  );
}
