import { Suspense } from 'react';
import { LoadingState } from '../ui';
import type { RichTextEditorProps } from './RichTextEditor';
import { lazyChunk } from '../../lib/chunk-load';

const Editor = lazyChunk(() => import('./RichTextEditor').then((module) => ({ default: module.RichTextEditor })));

/** The editor loaded on first use (Tiptap is heavy; ARCHITECTURE.md section 10): import this one in pages. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<LoadingState message="Loading editor..." />}>
      <Editor {...props} />
    </Suspense>
  );
}
