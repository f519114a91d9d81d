import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './Button';
import { ModalFrame } from './ModalFrame';
import { useCloseAnimation } from './useCloseAnimation';
import { useLatest } from './useLatest';

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
  /**
   * Called once the dialog has gone, however it closed, after react-aria had its turn at putting
   * focus back on the trigger: the place to move focus when the confirmed action removed the trigger.
   */
  onClosed?: () => void;
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
  onClosed,
}: ConfirmDialogProps) {
  const { isRendered, isClosing, requestClose } = useCloseAnimation(isOpen, onCancel);
  useAfterClose(isRendered, onClosed);
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

/** Calls `onClosed` in the frame after the overlay unmounted (react-aria restores focus in that frame, to a trigger still there). */
function useAfterClose(isRendered: boolean, onClosed: (() => void) | undefined) {
  const onClosedRef = useLatest(onClosed);
  const wasRendered = useRef(isRendered);
  useEffect(() => {
    const closed = wasRendered.current && !isRendered;
    wasRendered.current = isRendered;
    if (!closed) return;
    const frame = requestAnimationFrame(() => onClosedRef.current?.());
    return () => cancelAnimationFrame(frame);
  }, [isRendered, onClosedRef]);
}
