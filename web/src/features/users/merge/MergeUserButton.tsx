import type { UserView } from '@shared/schemas/user';
import { Suspense } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { Button } from '../../../components/ui';
import { useApi } from '../../../lib/api/use-api';
import { routes } from '../../../lib/api/routes';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

// Loaded when its button is reached for (hover, focus) or the dialog opens: off the profile's first load.
const MergeUsersDialog = lazyWithPreload(() => import('./MergeUsersDialog').then((module) => module.MergeUsersDialog));

/**
 * SPEC.md section 6: manage-all viewers see a Merge User button on a profile with a Salesforce
 * ID, opening Merge Users at /users/{id}/merge. The details read is the details card's (one fetch).
 */
export function MergeUserButton({ user, onMerged }: { user: UserView; onMerged: () => void }) {
  const navigate = useNavigate();
  const details = useApi(routes.user.profileBasicInfo, { params: { userId: user.id, canEdit: 'true' } });
  if (!details.data?.canManageAll || user.mergedUserId) return null;
  const base = `/users/${user.id}`;
  return (
    <>
      {details.data.salesforceId && (
        // In a row of its own, the width of its words as the account's other buttons (not stretched across the card).
        <div className="users-status-actions">
          <Button variant="secondary" onHoverStart={MergeUsersDialog.preload} onFocus={MergeUsersDialog.preload} onPress={() => navigate(`${base}/merge`)}>
            Merge User
          </Button>
        </div>
      )}
      <Routes>
        <Route
          path="merge"
          element={
            <Suspense fallback={null}>
              <MergeUsersDialog
                user={user}
                onClose={() => navigate(base)}
                onMerged={(fromUserId) => {
                  onMerged();
                  navigate(`/users/${fromUserId}`);
                }}
              />
            </Suspense>
          }
        />
      </Routes>
    </>
  );
}
