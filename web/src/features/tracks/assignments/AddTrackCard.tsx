import { Route, Routes, useNavigate } from 'react-router';
import type { UserView } from '@shared/schemas/user';
import { Button, useToast } from '../../../components/ui';
import { EnrolDialog } from './EnrolDialog';

/**
 * The profile's Add Track (SPEC.md section 5, "Add Track to user"): enrols the user in a track
 * with an advisor (and a location of the adder's districts when they have no district), through
 * `/users/{id}/add-track`. Shown to those who may create TrackInstance.
 */
export function AddTrackCard({ user }: { user: UserView }) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const base = `/users/${user.id}`;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <section className="profile-card" aria-labelledby="profile-add-track">
      <h2 id="profile-add-track">Tracks</h2>
      <p className="admin-muted">{`Enrol ${name} in a track with an advisor.`}</p>
      <div>
        <Button variant="secondary" onPress={() => navigate(`${base}/add-track`)}>
          Add Track
        </Button>
      </div>
      <Routes>
        <Route
          path="add-track"
          element={
            <EnrolDialog
              title="Add Track"
              participant={{ id: user.id, label: name }}
              onClose={() => navigate(base)}
              onEnrolled={(message) => {
                showToast(message, { tone: 'success' });
                navigate(base);
              }}
            />
          }
        />
      </Routes>
    </section>
  );
}
