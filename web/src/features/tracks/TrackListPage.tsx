import { Suspense } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Alert, LoadingState, MenuButton } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { useCurrentUser } from '../../lib/current-user';
import { Page } from '../../lib/page';
import { useFollowJob } from '../../lib/jobs/use-follow-job';
import { AssignedTracksSection } from './AssignedTracksSection';
import { useAssignedTracks } from './track-api';
import { TrackTemplatesSection } from './TrackTemplatesSection';
import { lazyChunk } from '../../lib/chunk-load';

// The Track menu's dialogs (forms, pickers, job progress) load when opened, not with the list.
const CreateTrackDialog = lazyChunk(() => import('./CreateTrackDialog').then((m) => ({ default: m.CreateTrackDialog })));
const TrackCopyDialog = lazyChunk(() => import('./TrackCopyDialog').then((m) => ({ default: m.TrackCopyDialog })));

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
  const assignedLoading = !assigned.data && !assigned.error;
  // Only someone who designs no tracks may be sent away, so only they wait for their enrolments;
  // a designer's Track Templates load beside them.
  if (assignedLoading && !designs) return <LoadingState message="Loading tracks..." />;
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
      {assignedLoading ? (
        <LoadingState message="Loading your tracks..." />
      ) : (
        <>
          <AssignedTracksSection kind="participating" tracks={participating} />
          <AssignedTracksSection kind="assignments" tracks={assignments} />
        </>
      )}
      {/* A dialog's code loading shows nothing over the list rather than replacing the page. */}
      <Suspense fallback={null}>
        {dialog === 'create' && <CreateTrackDialog onClose={() => navigate('/tracks')} onCreated={(track) => navigate(`/tracks/${track.id}`)} />}
        {(dialog === 'copy' || dialog === 'import') && <TrackCopyDialog key={dialog} mode={dialog} onClose={closeJobDialog} onCopied={(id) => navigate(`/tracks/${id}`)} />}
      </Suspense>
    </Page>
  );
}
