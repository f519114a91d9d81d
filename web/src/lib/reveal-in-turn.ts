import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` parts of a long page to render now: none at first, then one more after each
 * commit, each in a transition. A page of many cards mounted in one render blocks the main thread
 * for one long task (a commit cannot be split); one card per commit keeps every task short, so
 * taps and scrolling stay answered while the page fills in, top first.
 */
export function useRevealInTurn(total: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown < total) startTransition(() => setShown(shown + 1));
  }, [shown, total]);
  return Math.min(shown, total);
}
