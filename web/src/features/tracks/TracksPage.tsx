import { Route, Routes } from 'react-router';
import { TrackListPage } from './TrackListPage';
import './tracks.css';
import { lazyChunk } from '../../lib/chunk-load';

// The track page (editor, step dialogs, uploads) is not needed to show the list: it loads on its own.
const TrackDetailPage = lazyChunk(() => import('./TrackDetailPage').then((m) => ({ default: m.TrackDetailPage })));
const TrackInstancePage = lazyChunk(() => import('./assignments/TrackInstancePage'));

/** /tracks and everything under it (SPEC.md section 2); each dialog has its own route, so back and shared links work. */
export default function TracksPage() {
  return (
    <Routes>
      <Route index element={<TrackListPage />} />
      <Route path="create-track" element={<TrackListPage dialog="create" />} />
      <Route path="copy-track" element={<TrackListPage dialog="copy" />} />
      <Route path="import-track" element={<TrackListPage dialog="import" />} />
      <Route path="delete-track/:trackTemplateId" element={<TrackListPage dialog="delete" />} />
      <Route path="deactivate-track/:trackTemplateId" element={<TrackListPage dialog="deactivate" />} />
      <Route path=":id/assignments/:trackInstanceId/*" element={<TrackInstancePage />} />
      <Route path=":id/*" element={<TrackDetailPage />} />
    </Routes>
  );
}
