import { useState } from 'react';
import { useToast } from '../../components/ui';

export interface Save {
  /** True while a change runs and the table reloads (for the confirming button). */
  isPending: boolean;
  /**
   * Runs a change: pending meanwhile, then the success toast and a reload of what shows it,
   * or the error's message as a toast. Never throws; answers whether it worked.
   */
  run: (change: () => Promise<unknown>, successMessage: string) => Promise<boolean>;
  /** A dialog saved on its own: confirm it with a toast and reload. */
  saved: (successMessage: string) => void;
}

/** The save / pending / toast / reload pattern of a page that changes what its table shows. */
export function useSave(refresh: () => Promise<unknown>): Save {
  const { showToast } = useToast();
  const [isPending, setPending] = useState(false);

  async function run(change: () => Promise<unknown>, successMessage: string): Promise<boolean> {
    setPending(true);
    try {
      await change();
      showToast(successMessage, { tone: 'success' });
      await refresh();
      return true;
    } catch (error) {
      showToast((error as Error).message, { tone: 'danger' });
      return false;
    } finally {
      setPending(false);
    }
  }

  function saved(successMessage: string) {
    showToast(successMessage, { tone: 'success' });
    void refresh();
  }

  return { isPending, run, saved };
}
