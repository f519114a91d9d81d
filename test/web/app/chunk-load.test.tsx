import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyChunk, loadChunk } from '../../../web/src/lib/chunk-load';
import { lazyWithPreload } from '../../../web/src/lib/lazy-with-preload';
import { RouteError } from '../../../web/src/app/RouteError';

/** SPEC.md section 9 (chunk loading times out after 120 seconds) and section 8 (a failure is reported as ChunkLoadError). */
afterEach(() => vi.useRealTimers());

const never = () => new Promise<never>(() => undefined);
const settled = async <T,>(promise: Promise<T>) => {
  const state = { done: false, error: undefined as unknown };
  promise.then(
    () => (state.done = true),
    (error: unknown) => {
      state.done = true;
      state.error = error;
    },
  );
  await act(async () => undefined);
  return state;
};

describe('loadChunk', () => {
  it('is SPEC’s 120 seconds', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('gives up on a chunk that has not arrived after 120 seconds, as a ChunkLoadError, and not before', async () => {
    vi.useFakeTimers();
    const loading = loadChunk(never);
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS - 1);
    expect((await settled(loading)).done).toBe(false);
    vi.advanceTimersByTime(1);
    const { error } = await settled(loading);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).name).toBe('ChunkLoadError');
  });

  it('reports a chunk the browser could not fetch as a ChunkLoadError (Chromium, Firefox and Safari wordings)', async () => {
    for (const message of ['Failed to fetch dynamically imported module: http://x/assets/StepPage-1a2b3c4d.js', 'error loading dynamically imported module', 'Importing a module script failed.']) {
      const failure = new TypeError(message);
      const error = await loadChunk(() => Promise.reject(failure)).catch((e: unknown) => e);
      expect(error, message).toBeInstanceOf(ChunkLoadError);
      expect((error as Error).cause).toBe(failure);
    }
  });

  it('keeps the error of a module that loaded but threw (a bug, not a load failure)', async () => {
    const bug = new ReferenceError('x is not defined');
    await expect(loadChunk(() => Promise.reject(bug))).rejects.toBe(bug);
  });

  it('answers the module when it arrives in time', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});

function renderRoute(element: React.ReactNode, reload = vi.fn()) {
  const router = createMemoryRouter([{ path: '/', element: <Suspense fallback={<p>Loading...</p>}>{element}</Suspense>, errorElement: <RouteError reload={reload} /> }]);
  render(<RouterProvider router={router} />);
  return reload;
}

describe('a lazily loaded part of the page', () => {
  // React and the router log the error they hand to the error page.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('still loading after 120 seconds: the page says ChunkLoadError and offers a reload', async () => {
    vi.useFakeTimers();
    const Part = lazyChunk(never);
    const reload = renderRoute(<Part />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(CHUNK_TIMEOUT_MS));
    expect(screen.getByRole('alert').textContent).toContain('ChunkLoadError: part of the app could not be loaded. Reload the page to try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a page chunk (lazyWithPreload) the browser could not fetch: ChunkLoadError with Reload', async () => {
    const Page = lazyWithPreload<object>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x/assets/TracksPage-1a2b3c4d.js')));
    renderRoute(<Page />);
    expect((await screen.findByRole('alert')).textContent).toContain('ChunkLoadError');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('any other failure says so, with Reload too', async () => {
    const Part = lazyChunk(() => Promise.reject(new ReferenceError('x is not defined')));
    renderRoute(<Part />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong. Reload the page to try again.');
    expect(alert.textContent).not.toContain('ChunkLoadError');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
