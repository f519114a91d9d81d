import type { AssignedTrack } from '@shared/schemas/assigned-tracks';
import { Badge, EmptyState, Link } from '../../components/ui';

export interface AssignedTracksSectionProps {
  kind: 'participating' | 'assignments';
  tracks: AssignedTrack[];
}

const TEXTS = {
  participating: { title: 'Participating', emptyTitle: 'No tracks yet', empty: 'Tracks you are enrolled in will be listed here.' },
  assignments: { title: 'Assignments', emptyTitle: 'No assignments yet', empty: 'Tracks of the participants assigned to you will be listed here.' },
} as const;

/**
 * /tracks' Participating and Assignments (SPEC.md section 2): each enrolment links to its track
 * instance page; an assignment names the participant and the caller's role on it.
 */
export function AssignedTracksSection({ kind, tracks }: AssignedTracksSectionProps) {
  const texts = TEXTS[kind];
  const headingId = `tracks-${kind}`;
  return (
    <section className="tracks-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.title}</h2>
      {tracks.length === 0 ? (
        <EmptyState title={texts.emptyTitle} message={texts.empty} />
      ) : (
        <ul className="tracks-steps" aria-labelledby={headingId}>
          {tracks.map((track) => (
            <li key={`${track.trackInstanceId}-${track.roleName ?? ''}`} className="tracks-step">
              <Link href={`/tracks/${track.trackTemplateId}/assignments/${track.trackInstanceId}`}>
                {kind === 'assignments' ? `${track.participant.firstName} ${track.participant.lastName}: ${track.trackName}` : track.trackName}
              </Link>
              <Badge>{track.status}</Badge>
              {track.roleName && <span className="tracks-muted">{track.roleName}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
