import { Suspense } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import type { UserView } from '@shared/schemas/user';
import { Alert, Badge, Button, Link, Skeleton, useToast } from '../../../components/ui';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

// Loaded when its button is reached for (hover, focus) or the dialog opens: off the profile's first load.
const EnrolDialog = lazyWithPreload(() => import('./EnrolDialog').then((module) => module.EnrolDialog));

/**
 * The profile's Tracks (SPEC.md section 2): the user's enrolments the viewer may open, each
 * linking to its track instance page, and for those who may create TrackInstance, Add Track
 * (SPEC.md section 5, "Add Track to user"): enrols the user in a track with an advisor (and a
 * location of the adder's districts when they have no district), through `/users/{id}/add-track`.
 */
export function ProfileTracksCard({ user, mayEnrol }: { user: UserView; mayEnrol: boolean }) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const tracks = useApi(routes.user.profileTrackInstances, { params: { userId: user.id } });
  const base = `/users/${user.id}`;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <section className="profile-card" aria-labelledby="profile-tracks">
      <h2 id="profile-tracks">Tracks</h2>
      {tracks.error ? (
        <Alert tone="danger">{(tracks.error as Error).message}</Alert>
      ) : !tracks.data ? (
        <Skeleton message="Loading tracks..." lines={2} />
      ) : tracks.data.length === 0 ? (
        <p className="admin-muted">No tracks.</p>
      ) : (
        <ul className="profile-list" aria-labelledby="profile-tracks">
          {tracks.data.map((track) => (
            <li key={track.trackInstanceId}>
              <Link href={`/tracks/${track.trackTemplateId}/assignments/${track.trackInstanceId}`}>{track.trackName}</Link> <Badge>{track.status}</Badge>
            </li>
          ))}
        </ul>
      )}
      {mayEnrol && (
        <>
          <p className="admin-muted">{`Enrol ${name} in a track with an advisor.`}</p>
          <div>
            <Button variant="secondary" onHoverStart={EnrolDialog.preload} onFocus={EnrolDialog.preload} onPress={() => navigate(`${base}/add-track`)}>
              Add Track
            </Button>
          </div>
          <Routes>
            <Route
              path="add-track"
              element={
                <Suspense fallback={null}>
                  <EnrolDialog
                    title="Add Track"
                    participant={{ id: user.id, label: name }}
                    onClose={() => navigate(base)}
                    onEnrolled={(message) => {
                      showToast(message, { tone: 'success' });
                      void tracks.mutate();
                      navigate(base);
                    }}
                  />
                </Suspense>
              }
            />
          </Routes>
        </>
      )}
    </section>
  );
}
