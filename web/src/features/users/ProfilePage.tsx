import { useParams } from 'react-router';
import type { UserView } from '@shared/schemas/user';
import { roleLabel } from '@shared/auth/system-roles';
import { Alert, LoadingState } from '../../components/ui';
import { useApi } from '../../lib/api/use-api';
import { routes } from '../../lib/api/routes';
import { useCurrentUser } from '../../lib/current-user';
import { Page } from '../../lib/page';
import { SignOutEverywhere } from './SignOutEverywhere';
import { AuthenticatorSection } from './AuthenticatorSection';
import { AccountStatusCard } from './profile/AccountStatusCard';
import './list/users.css';

function ProfileBasics({ user }: { user: UserView }) {
  return (
    <dl className="app-details">
      <dt>Name</dt>
      <dd>{[user.title, user.firstName, user.middleName, user.lastName, user.suffix].filter(Boolean).join(' ')}</dd>
      <dt>Email</dt>
      <dd>{user.email}</dd>
      <dt>Roles</dt>
      <dd>{user.roles.map(roleLabel).join(', ') || 'None'}</dd>
    </dl>
  );
}

/** Someone else's profile: what the caller may see of them, and their account status. */
function OtherProfile({ id }: { id: string }) {
  const profile = useApi(routes.user.getUser, { params: { id } });
  if (profile.error) return <Alert tone="danger">{(profile.error as Error).message}</Alert>;
  if (!profile.data) return <LoadingState message="Loading profile..." />;
  return (
    <>
      <ProfileBasics user={profile.data} />
      <AccountStatusCard user={profile.data} onChanged={() => profile.mutate()} />
    </>
  );
}

export default function ProfilePage() {
  const { id = '' } = useParams();
  const me = useCurrentUser();
  const mine = id === me.id;
  return (
    <Page title={mine ? 'My Profile' : 'Profile'}>
      {mine ? (
        <>
          <ProfileBasics user={me} />
          <AuthenticatorSection />
          <SignOutEverywhere />
        </>
      ) : (
        <OtherProfile id={id} />
      )}
    </Page>
  );
}
