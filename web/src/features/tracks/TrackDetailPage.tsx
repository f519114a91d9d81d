import { useParams } from 'react-router';
import type { TrackOutline } from '@shared/schemas/track';
import { Alert, Badge, EmptyState, LoadingState } from '../../components/ui';
import { Page } from '../../lib/page';
import { useTrackOutline } from './track-api';
import { TrackEditForm } from './TrackEditForm';

/** /tracks/{id} (SPEC.md section 2): the header, the editable form for those who may edit, the phases in order. */
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
      {track.canEdit && <TrackEditForm key={track.version} track={track} onSaved={() => void outline.mutate()} />}
      <PhaseList track={track} />
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

/** Phases in order, shown '{order}. {name}' with their steps. */
function PhaseList({ track }: { track: TrackOutline }) {
  return (
    <section className="tracks-section" aria-labelledby="tracks-phases">
      <h2 id="tracks-phases">Phases</h2>
      {track.phases.length === 0 ? (
        <EmptyState title="No phases yet" message="Phases of this track will be shown here in order." />
      ) : (
        <ol className="tracks-phases">
          {track.phases.map((phase) => (
            <li key={phase.id} className="tracks-phase">
              <h3>{`${phase.order}. ${phase.name}`}</h3>
              {phase.description && <p className="tracks-muted">{phase.description}</p>}
              <ul className="tracks-steps">
                {phase.steps.map((step) => (
                  <li key={step.id} className="tracks-step">
                    {step.name}
                    {step.required && <Badge tone="info">Required</Badge>}
                    {step.inactive && <Badge tone="warning">Inactive</Badge>}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
