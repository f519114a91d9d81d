import { lazy, Suspense } from 'react';
import { Route, Routes, useParams } from 'react-router';
import type { TrackOutline } from '@shared/schemas/track';
import { Alert, Badge, LoadingState } from '../../components/ui';
import { Page } from '../../lib/page';
import { useTrackOutline } from './track-api';
import { PhaseList } from './PhaseList';
import { TrackEditForm } from './TrackEditForm';
import { useAbility } from '../../lib/ability';
import { AddParticipantDialog } from './participants/AddParticipantDialog';

// The Interviewer Groups tab loads on its own (the editor's first screen does not need it).
const InterviewersPage = lazy(() => import('./interviewers/InterviewersPage'));

/** /tracks/{id} (SPEC.md section 2): the header, the editable form for those who may edit, the phases in order. */
export function TrackDetailPage() {
  const { id = '' } = useParams();
  const outline = useTrackOutline(id);
  const mayEnrol = useAbility().can('create', 'TrackInstance');
  if (outline.error) {
    return (
      <Page title="Track">
        <Alert tone="danger">{(outline.error as Error).message}</Alert>
      </Page>
    );
  }
  if (!outline.data) {
    return (
      <Page title="Track">
        <LoadingState message="Loading track..." />
      </Page>
    );
  }
  const track = outline.data;
  return (
    <Page title={track.name}>
      <TrackHeader track={track} />
      <Routes>
        <Route
          path="interviewers/*"
          element={
            <Suspense fallback={<LoadingState message="Loading interview groups..." />}>
              <InterviewersPage track={track} />
            </Suspense>
          }
        />
        <Route
          path="*"
          element={
            <>
              {track.canEdit && <TrackEditForm key={track.version} track={track} onSaved={() => void outline.mutate()} />}
              <PhaseList track={track} refresh={outline.mutate} />
            </>
          }
        />
      </Routes>
      {/* Add Participant; the participants page takes this route over once it is on main. */}
      {mayEnrol && (
        <Routes>
          <Route path="participants/add" element={<AddParticipantDialog track={track} backTo={`/tracks/${track.id}`} />} />
        </Routes>
      )}
    </Page>
  );
}

function TrackHeader({ track }: { track: TrackOutline }) {
  return (
    <header className="tracks-header">
      <p className="tracks-description">{track.description}</p>
      <div className="tracks-badges">
        <Badge tone="info">{track.conference?.name ?? 'System'}</Badge>
        {track.disabled && <Badge tone="warning">Inactive</Badge>}
        {track.originTrackTemplateId && <Badge>Copy</Badge>}
      </div>
    </header>
  );
}
