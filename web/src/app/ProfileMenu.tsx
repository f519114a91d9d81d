import { useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { signOutThrough } from '../lib/sign-out';
import { routes } from '../lib/api/routes';
import { useCurrentUser } from '../lib/current-user';

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

/** Avatar button with My Profile, Upload Avatar (the profile's edit-avatar dialog) and Sign Out. Sign Out ends the server session, then the provider's. */
export function ProfileMenu() {
  const user = useCurrentUser();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    await signOutThrough(routes.security.logout);
  }

  return (
    <MenuTrigger>
      <Button className="app-profile-button" aria-label={`Account menu for ${user.firstName} ${user.lastName}`}>
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
      </Button>
      <Popover placement="bottom end" className="app-popover">
        <Menu className="app-menu" aria-label="Account">
          <MenuItem className="app-menu-item" id="profile" href={`/users/${user.id}`}>
            My Profile
          </MenuItem>
          <MenuItem className="app-menu-item" id="avatar" href={`/users/${user.id}/edit-avatar`}>
            Upload Avatar
          </MenuItem>
          <MenuItem className="app-menu-item" id="sign-out" onAction={signOut}>
            {signingOut ? 'Signing out...' : 'Sign Out'}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
