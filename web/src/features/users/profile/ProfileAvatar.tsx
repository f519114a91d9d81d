import { Suspense } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import type { UserView } from '@shared/schemas/user';
import { Button } from '../../../components/ui';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

// Loaded when its button is reached for (hover, focus) or the dialog opens: the cropper and the upload stay off the profile's first load.
const EditAvatarDialog = lazyWithPreload(() => import('./EditAvatarDialog').then((module) => module.EditAvatarDialog));

/**
 * The profile's avatar, and for those who may edit the user (the details card's answer, one
 * fetch) Change Avatar, opening `/users/{id}/edit-avatar` (also reached from the top bar).
 */
export function ProfileAvatar({ user }: { user: UserView }) {
  const navigate = useNavigate();
  const details = useApi(routes.user.profileBasicInfo, { params: { userId: user.id, canEdit: 'true' } });
  const base = `/users/${user.id}`;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <div className="profile-avatar">
      {user.avatar ? (
        <img className="profile-avatar-image" src={user.avatar.url} alt={`Avatar of ${name}`} width={96} height={96} />
      ) : (
        <span className="profile-avatar-image profile-avatar-initials" aria-hidden="true">
          {`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()}
        </span>
      )}
      {details.data?.canEdit && (
        <Button variant="secondary" size="small" onHoverStart={EditAvatarDialog.preload} onFocus={EditAvatarDialog.preload} onPress={() => navigate(`${base}/edit-avatar`)}>
          Change Avatar
        </Button>
      )}
      {details.data?.canEdit && (
        <Routes>
          <Route
            path="edit-avatar"
            element={
              <Suspense fallback={null}>
                <EditAvatarDialog userId={user.id} version={details.data.version} onClose={() => navigate(base)} />
              </Suspense>
            }
          />
        </Routes>
      )}
    </div>
  );
}
