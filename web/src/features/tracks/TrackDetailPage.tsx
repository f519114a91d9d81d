import { useParams } from 'react-router';
import type { TrackOutline } from '@shared/schemas/track';
import { Alert, Badge, LoadingState } from '../../components/ui';
import { Page } from '../../lib/page';
import { useTrackOutline } from './track-api';
import { PhaseList } from './PhaseList';
import { TrackEditForm } from './TrackEditForm';
import { TrackTabs } from './TrackTabs';

/** /tracks/{id} (SPEC.md section 2): the header, the tabs (TrackTabs), and on the Editor tab the editable form for those who may edit and the phases in order. */
export function TrackDetailPage() {
  const { id = '' } = useParams();
  const outline = useTrackOutline(id);
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
      <TrackTabs
        track={track}
        editor={
          <>
            {track.canEdit && <TrackEditForm key={track.version} track={track} onSaved={() => void outline.mutate()} />}
            <PhaseList track={track} refresh={outline.mutate} />
          </>
        }
      />
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
