import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui';
import type { Save } from '../../../lib/forms/use-save';
import type { DialogTarget } from '../../../lib/use-dialog-target';

export interface ConfirmRemovalProps<T> {
  dialog: DialogTarget<T>;
  title: string;
  message: (target: T) => ReactNode;
  save: Save;
  /** The removal call and the toast that confirms it. */
  remove: (target: T) => Promise<unknown>;
  removed: (target: T) => string;
  /** The confirm button's word ('Remove', 'Unassign'). */
  confirmLabel?: string;
  /** Once the dialog has gone: where focus goes now that the pressed Remove may be gone (useRemovalFocus's restore). */
  onClosed?: () => void;
}

/** A profile card's 'Remove' confirmation: runs the removal through the card's save, then closes. */
export function ConfirmRemoval<T>({ dialog, title, message, save, remove, removed, confirmLabel = 'Remove', onClosed }: ConfirmRemovalProps<T>) {
  return (
    <ConfirmDialog
      isOpen={dialog.isOpen}
      title={title}
      message={dialog.target === null ? '' : message(dialog.target)}
      confirmLabel={confirmLabel}
      tone="danger"
      isPending={save.isPending}
      onCancel={dialog.close}
      onClosed={onClosed}
      onConfirm={async () => {
        const target = dialog.target;
        if (target !== null) await save.run(() => remove(target), removed(target));
        dialog.close();
      }}
    />
  );
}
