import { useState } from 'react';

/**
 * A dialog's send on the version it read: pending meanwhile; a refusal (a stale version's 409
 * among them) shows the server's message and reads the instance again, keeping what was chosen.
 */
export function useVersionedSend(reread: () => unknown) {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send(change: () => Promise<void>) {
    setPending(true);
    setError(null);
    try {
      await change();
    } catch (failure) {
      setError((failure as Error).message);
      void reread();
    } finally {
      setPending(false);
    }
  }

  return { isPending, error, send };
}
