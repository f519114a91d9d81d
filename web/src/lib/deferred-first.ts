import { useDeferredValue } from 'react';

/**
 * The loaded value, its first arrival rendered in a transition: React splits that first, large
 * render (a form's every input) into short tasks instead of one long one. Later values (after a
 * save) render at once, so what the user just did shows without a lag.
 */
export function useDeferredFirst<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  return deferred === undefined ? undefined : value;
}
