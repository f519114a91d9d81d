import { useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { signOutThrough } from '../lib/sign-out';
import { routes } from '../lib/api/routes';
import { useCurrentUser } from '../lib/current-user';
import { ProfileFace } from './ProfileFace';

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
        <ProfileFace />
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
