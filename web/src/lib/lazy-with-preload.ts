import type { ComponentType } from 'react';
import { lazyChunk, loadChunk } from './chunk-load';

/**
 * React.lazy whose chunk can also be fetched ahead of the first render: a page preloads its
 * dialogs once it has painted (or, where even that load would crowd the page's first seconds,
 * when the user reaches for the dialog's button), so their weight (form library, schemas) stays
 * off the page's own chunk without making the first opening wait. A failed load is tried again next time;
 * a load that fails or takes longer than SPEC's 120 seconds is a ChunkLoadError (chunk-load.ts).
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const once = () =>
    (loading ??= loadChunk(load).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Component = lazyChunk(async () => ({ default: await once() }));
  return Object.assign(Component, {
    preload: () => {
      once().catch(() => undefined); // the render reports a failure, if it happens again
    },
  });
}
