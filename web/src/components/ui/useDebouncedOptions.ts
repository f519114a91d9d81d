import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from './useLatest';

/** SPEC.md section 9: drop-down search waits 300 ms after typing, and shows 'Loading options...' only after 300 ms of loading. */
export const SEARCH_DEBOUNCE_MS = 300;
export const LOADING_PLACEHOLDER_DELAY_MS = 300;

export type OptionsStatus = 'idle' | 'waiting' | 'loading' | 'done' | 'error';

export interface DebouncedOptions<T> {
  items: T[];
  status: OptionsStatus;
  /** True once the current load has taken longer than LOADING_PLACEHOLDER_DELAY_MS. */
  isSlow: boolean;
  /** A failed load's message worth showing (a rate limit's "Too many searches..."), else null. */
  errorMessage: string | null;
  /** The query of the latest load started (null before the first). */
  lastQuery: string | null;
  /** Typing: load after the debounce; a newer call cancels the older. */
  search: (text: string) => void;
  /** Opening the list: load at once. */
  loadNow: (text: string) => void;
  /** A choice was made: a search still waiting or in flight no longer changes the list (its late answer would reopen it). */
  settle: () => void;
}

/**
 * Loads options for a search box. Only the latest request may update the list, so a slow
 * answer to an old query never replaces the answer to a newer one.
 */
export function useDebouncedOptions<T>(loadOptions: (text: string) => Promise<T[]>): DebouncedOptions<T> {
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<OptionsStatus>('idle');
  const [isSlow, setSlow] = useState(false);
  const [lastQuery, setLastQuery] = useState<string | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const loadRef = useLatest(loadOptions);
  const latestRequest = useRef(0);
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const slowTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stopTimers = useCallback(() => {
    clearTimeout(debounceTimer.current);
    clearTimeout(slowTimer.current);
  }, []);

  const loadNow = useCallback(
    (text: string) => {
      stopTimers();
      const request = ++latestRequest.current;
      const isLatest = () => request === latestRequest.current;
      setLastQuery(text);
      setStatus('loading');
      setSlow(false);
      slowTimer.current = setTimeout(() => {
        if (isLatest()) setSlow(true);
      }, LOADING_PLACEHOLDER_DELAY_MS);
      loadRef.current(text).then(
        (result) => {
          if (!isLatest()) return;
          clearTimeout(slowTimer.current);
          setItems(result);
          setStatus('done');
          setSlow(false);
        },
        (error: unknown) => {
          if (!isLatest()) return;
          clearTimeout(slowTimer.current);
          console.error('Loading options failed', error);
          setItems([]);
          setErrorMessage(rateLimitMessage(error));
          setStatus('error');
          setSlow(false);
        },
      );
    },
    [loadRef, stopTimers],
  );

  const search = useCallback(
    (text: string) => {
      stopTimers();
      latestRequest.current += 1; // any answer still in flight is now stale
      setStatus('waiting');
      setSlow(false);
      debounceTimer.current = setTimeout(() => loadNow(text), SEARCH_DEBOUNCE_MS);
    },
    [loadNow, stopTimers],
  );

  const settle = useCallback(() => {
    stopTimers();
    latestRequest.current += 1;
    setStatus((current) => (current === 'waiting' || current === 'loading' ? 'done' : current));
    setSlow(false);
  }, [stopTimers]);

  useEffect(
    () => () => {
      stopTimers();
      latestRequest.current += 1;
    },
    [stopTimers],
  );

  return { items, status, isSlow, lastQuery, errorMessage, search, loadNow, settle };
}

/** An API answer of 429 says how long to wait: worth more to the user than a generic failure. */
function rateLimitMessage(error: unknown): string | null {
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  return status === 429 && typeof message === 'string' && message ? message : null;
}
