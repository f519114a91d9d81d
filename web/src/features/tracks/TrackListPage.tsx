import { Navigate, useNavigate, useParams } from 'react-router';
import { Alert, LoadingState, MenuButton } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { useCurrentUser } from '../../lib/current-user';
import { Page } from '../../lib/page';
import { useFollowJob } from '../../lib/jobs/use-follow-job';
import { AssignedTracksSection } from './AssignedTracksSection';
import { CreateTrackDialog } from './CreateTrackDialog';
import { useAssignedTracks } from './track-api';
import { TrackCopyDialog } from './TrackCopyDialog';
import { TrackTemplatesSection } from './TrackTemplatesSection';

export interface TrackListPageProps {
  /** The dialog this route opens over the list. */
  dialog?: 'create' | 'copy' | 'import' | 'delete' | 'deactivate';
}

/**
 * /tracks (SPEC.md section 2): Track Templates for those who design tracks, then Participating
 * and Assignments. The Track menu is for designers only. Someone with nothing here goes to their
 * profile instead (SPEC.md: no tracks, no assignments and no track-admin right).
 */
export function TrackListPage({ dialog }: TrackListPageProps) {
  const ability = useAbility();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const followJob = useFollowJob();
  const { trackTemplateId } = useParams();
  const designs = ability.can('update', 'TrackTemplate');
  const assigned = useAssignedTracks();
  if (!assigned.data && !assigned.error) return <LoadingState message="Loading tracks..." />;
  const participating = assigned.data?.participating ?? [];
  const assignments = assigned.data?.assignments ?? [];
  if (!designs && !participating.length && !assignments.length) return <Navigate to={`/users/${me.id}`} replace />;
  const closeJobDialog = (runningJobId?: string) => {
    // Closed while its job runs: the job goes on, its progress moves to the toast region.
    if (runningJobId) followJob(runningJobId);
    navigate('/tracks');
  };
  const trackMenu = designs && (
    <MenuButton
      label="Track"
      variant="primary"
      aria-label="Track"
      items={[
        { id: 'create', label: 'Create New', onAction: () => navigate('/tracks/create-track') },
        { id: 'copy', label: 'Copy from Existing', onAction: () => navigate('/tracks/copy-track') },
        { id: 'import', label: 'Import from Existing', onAction: () => navigate('/tracks/import-track') },
      ]}
    />
  );
  return (
    <Page title="Tracks" actions={trackMenu}>
      {designs && (
        <TrackTemplatesSection
          deleting={dialog === 'delete' ? trackTemplateId : undefined}
          deactivating={dialog === 'deactivate' ? trackTemplateId : undefined}
          onCloseDelete={closeJobDialog}
        />
      )}
      {assigned.error && <Alert tone="danger">{(assigned.error as Error).message}</Alert>}
      <AssignedTracksSection kind="participating" tracks={participating} />
      <AssignedTracksSection kind="assignments" tracks={assignments} />
      {dialog === 'create' && <CreateTrackDialog onClose={() => navigate('/tracks')} onCreated={(track) => navigate(`/tracks/${track.id}`)} />}
      {(dialog === 'copy' || dialog === 'import') && <TrackCopyDialog key={dialog} mode={dialog} onClose={closeJobDialog} onCopied={(id) => navigate(`/tracks/${id}`)} />}
    </Page>
  );
}
