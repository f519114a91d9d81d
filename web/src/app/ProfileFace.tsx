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
        <span className="app-avatar app-avatar-initials" aria-hidden="true">
          {initials(user.firstName, user.lastName)}
        </span>
      )}
      <span className="app-profile-name">{`${user.firstName} ${user.lastName}`}</span>
    </span>
  );
}
