import { useCallback, useState } from 'react';

export interface DialogTarget<T> {
  /** What the dialog is about; kept while the close animation plays. */
  target: T | null;
  isOpen: boolean;
  /** Changes on every open, so a `key` built from it gives each opening a fresh form. */
  openCount: number;
  open: (target: T) => void;
  /** The owner closes (after a save); Modal plays its animation. */
  close: () => void;
}

/** Which row a dialog edits, and whether it is open, for dialogs that animate out. */
export function useDialogTarget<T>(): DialogTarget<T> {
  const [state, setState] = useState<{ target: T | null; isOpen: boolean; openCount: number }>({ target: null, isOpen: false, openCount: 0 });
  const open = useCallback((target: T) => setState((current) => ({ target, isOpen: true, openCount: current.openCount + 1 })), []);
  const close = useCallback(() => setState((current) => ({ ...current, isOpen: false })), []);
  return { ...state, open, close };
}
