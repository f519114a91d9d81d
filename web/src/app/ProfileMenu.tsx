import { useState } from 'react';
import { logout } from '@shared/api/security';
import { MenuButton } from '../components/ui';
import { call } from '../lib/api/client';
import { useCurrentUser } from '../lib/current-user';

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

/** Avatar button with My Profile and Sign Out. Sign Out ends the server session, then the provider's. */
export function ProfileMenu() {
  const user = useCurrentUser();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      const { url } = await call(logout);
      window.location.assign(url);
    } catch {
      window.location.assign('/');
    }
  }

  return (
    <MenuButton
      label={
        <span className="app-profile-trigger">
          {user.avatar ? (
            <img className="app-avatar" src={user.avatar.url} alt="" />
          ) : (
            <span className="app-avatar app-avatar-initials" aria-hidden="true">
              {initials(user.firstName, user.lastName)}
            </span>
          )}
          <span className="app-profile-name">{`${user.firstName} ${user.lastName}`}</span>
        </span>
      }
      aria-label={`Account menu for ${user.firstName} ${user.lastName}`}
      items={[
        { id: 'profile', label: 'My Profile', href: `/users/${user.id}` },
        { id: 'sign-out', label: signingOut ? 'Signing out...' : 'Sign Out', onAction: signOut },
      ]}
    />
  );
}
