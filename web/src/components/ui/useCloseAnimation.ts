import { useCallback, useEffect, useState } from 'react';
import { useLatest } from './useLatest';

/** SPEC.md section 9: a modal plays a 280 ms close animation before it goes away. */
export const MODAL_CLOSE_MS = 280;

type Phase = 'open' | 'closing' | 'closed';

export interface CloseAnimation {
  /** Keep the overlay mounted while this is true. */
  isRendered: boolean;
  /** True during the close animation (drives the CSS). */
  isClosing: boolean;
  /** A close the user asked for: animate, then call `onClosed`. */
  requestClose: () => void;
}

/**
 * Delays unmounting an overlay by the close animation. Two ways in: the user closes it
 * (requestClose: animate, then tell the owner through `onClosed`), or the owner sets
 * `isOpen` to false (animate, then unmount; the owner already knows).
 */
export function useCloseAnimation(isOpen: boolean, onClosed: () => void, durationMs = MODAL_CLOSE_MS): CloseAnimation {
  const [phase, setPhase] = useState<Phase>(isOpen ? 'open' : 'closed');
  const [notifyOwner, setNotifyOwner] = useState(false);
  const [lastIsOpen, setLastIsOpen] = useState(isOpen);
  const onClosedRef = useLatest(onClosed);

  // Follow the owner's isOpen during render (React's "adjust state on prop change" pattern).
  if (isOpen !== lastIsOpen) {
    setLastIsOpen(isOpen);
    if (isOpen) {
      setPhase('open');
      setNotifyOwner(false);
    } else if (phase === 'open') {
      setPhase('closing');
    }
  }

  useEffect(() => {
    if (phase !== 'closing') return;
    const timer = setTimeout(() => {
      setPhase('closed');
      if (notifyOwner) onClosedRef.current();
    }, durationMs);
    return () => clearTimeout(timer);
  }, [phase, notifyOwner, durationMs, onClosedRef]);

  const requestClose = useCallback(() => {
    if (phase !== 'open') return;
    setNotifyOwner(true);
    setPhase('closing');
  }, [phase]);

  return { isRendered: phase !== 'closed', isClosing: phase === 'closing', requestClose };
}
