// eslint-disable-next-line no-restricted-syntax -- the one place React.lazy is used: through loadChunk
import { lazy, type ComponentType } from 'react';

/** SPEC.md section 9: loading a script chunk times out after 120 seconds. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** SPEC.md section 8: a script chunk that cannot be loaded (refused, unreachable or too slow) is reported as ChunkLoadError. */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError => error instanceof Error && error.name === 'ChunkLoadError';

/**
 * How browsers and Vite word a module that could not be fetched (Chromium, Firefox, Safari, Vite's
 * preload of a chunk's CSS). A module that loaded but threw while running is a bug, not a load
 * failure: it keeps its own error.
 */
const FETCH_FAILURE = /dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk/i;

/**
 * Loads a chunk (`() => import(...)`) within CHUNK_TIMEOUT_MS. A fetch that fails, or does not
 * answer in time, rejects with a ChunkLoadError; the route's error page offers a reload.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`A part of the app did not load within ${timeoutMs / 1000} seconds.`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        const message = error instanceof Error ? error.message : String(error);
        reject(isChunkLoadError(error) || !FETCH_FAILURE.test(message) ? error : new ChunkLoadError(message, { cause: error }));
      },
    );
  });
}

/**
 * React.lazy through loadChunk: every lazily loaded component of the app is made with this (or
 * with lazyWithPreload, which uses loadChunk too), so none waits on a chunk for ever.
 */
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => loadChunk(load));
}
