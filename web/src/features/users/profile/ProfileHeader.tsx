import { Suspense } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { LOCATION_KINDS, type LocationKind } from '@shared/auth/vocabulary';
import type { PermissionView } from '@shared/schemas/permission';
import type { UserView } from '@shared/schemas/user';
import { Badge, Button, SkeletonBar } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

// Loaded when its button is reached for (hover, focus) or the dialog opens: the cropper and the upload stay off the profile's first load.
const EditAvatarDialog = lazyWithPreload(() => import('./EditAvatarDialog').then((module) => module.EditAvatarDialog));

export const personName = (user: Pick<UserView, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;

/** The person's primary location as the header shows it: the most specific kind's primary (a church, else a district ...), active and not a denial. */
export function primaryLocation(byKind: Record<LocationKind, PermissionView[]>): PermissionView | undefined {
  for (const kind of [...LOCATION_KINDS].reverse()) {
    const primary = byKind[kind].find((item) => item.primary && item.active && !item.denial);
    if (primary) return primary;
  }
  return undefined;
}

function initials(user: Pick<UserView, 'firstName' | 'lastName'>) {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/**
 * The profile's heading: who this is (avatar, name), whether their account is active, and where
 * they belong (their primary location, from the Locations card's read: the same request, no other).
 * 'My Profile' above the name on one's own.
 */
export function ProfileHeading({ user, mine }: { user: UserView; mine: boolean }) {
  const name = personName(user);
  const locations = useApi(routes.user.locationsDetails, { params: { id: user.id } });
  const primary = locations.data && primaryLocation(locations.data);
  return (
    <div className="profile-header">
      {user.avatar ? (
        <img className="profile-header-avatar" src={user.avatar.url} alt={`Avatar of ${name}`} width={72} height={72} />
      ) : (
        <span className="profile-header-avatar profile-header-initials" aria-hidden="true">
          {initials(user)}
        </span>
      )}
      <div className="profile-header-text">
        {mine && <p className="profile-header-eyebrow">My Profile</p>}
        <h1>{name}</h1>
        <p className="profile-header-facts">
          <span className="profile-header-badges">
            <Badge tone={user.inactive ? 'neutral' : 'success'}>{user.inactive ? 'Inactive' : 'Active'}</Badge>
            {user.mergedUserId && <Badge tone="warning">Merged</Badge>}
          </span>
          {/* Its own line on a phone, kept while the read is on its way, so nothing below moves when it comes. */}
          <span className="profile-header-location">
            {locations.error ? null : !locations.data ? (
              <SkeletonBar />
            ) : primary ? (
              <>
                Primary location: <strong>{primary.name}</strong>
              </>
            ) : (
              'No primary location'
            )}
          </span>
        </p>
      </div>
    </div>
  );
}

/** The heading's stand-in while the profile loads: the same height, so nothing moves when it comes. */
export function ProfileHeadingPending({ mine }: { mine: boolean }) {
  return (
    <div className="profile-header">
      <span className="profile-header-avatar profile-header-initials" aria-hidden="true" />
      <div className="profile-header-text">
        {mine && (
          <p className="profile-header-eyebrow" aria-hidden="true">
            My Profile
          </p>
        )}
        <h1>
          <span className="ui-visually-hidden">{mine ? 'My Profile' : 'Profile'}</span>
          <SkeletonBar />
        </h1>
        <p className="profile-header-facts">
          <span className="profile-header-badges">
            <SkeletonBar />
          </span>
          <span className="profile-header-location">
            <SkeletonBar />
          </span>
        </p>
      </div>
    </div>
  );
}

/**
 * Change Avatar, for those who may edit the user (the details card's answer, one fetch), opening
 * `/users/{id}/edit-avatar` (also reached from the top bar).
 */
export function ChangeAvatar({ user }: { user: UserView }) {
  const navigate = useNavigate();
  const mayUpdateUsers = useAbility().can('update', 'User');
  const details = useApi(routes.user.profileBasicInfo, { params: { userId: user.id, canEdit: 'true' } });
  const base = `/users/${user.id}`;
  // While the answer is on its way, the button's room is kept for viewers likely to get it (a phone puts it on a row of its own).
  if (!details.data && !details.error && mayUpdateUsers) return <span className="profile-header-action-pending" aria-hidden="true" />;
  if (!details.data?.canEdit) return null;
  return (
    <>
      <Button variant="secondary" onHoverStart={EditAvatarDialog.preload} onFocus={EditAvatarDialog.preload} onPress={() => navigate(`${base}/edit-avatar`)}>
        Change Avatar
      </Button>
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
    </>
  );
}
