import { useCurrentUser } from '../lib/current-user';

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

/** Avatar (or initials) and name: the account menu's button face, also shown while the menu loads. */
export function ProfileFace() {
  const user = useCurrentUser();
  return (
    <span className="app-profile-trigger">
      {user.avatar ? (
        <img className="app-avatar" src={user.avatar.url} alt="" />
      ) : (
        // Drawn by CSS (::before): the button is named "Account menu for {name}", and initials as text would be
        // visible words missing from that name (a voice-control user could not say them).
        <span className="app-avatar app-avatar-initials" data-initials={initials(user.firstName, user.lastName)} aria-hidden="true" />
      )}
      <span className="app-profile-name">{`${user.firstName} ${user.lastName}`}</span>
    </span>
  );
}
