import { useParams } from 'react-router';
import type { UserView } from '@shared/schemas/user';
import { Alert, LoadingState } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { useApi } from '../../lib/api/use-api';
import { routes } from '../../lib/api/routes';
import { useCurrentUser } from '../../lib/current-user';
import { Page } from '../../lib/page';
import { SignOutEverywhere } from './SignOutEverywhere';
import { AuthenticatorSection } from './AuthenticatorSection';
import { AccountStatusCard } from './profile/AccountStatusCard';
import { DetailsCard } from './profile/DetailsCard';
import { LocationsCard } from './profile/LocationsCard';
import { MembershipsCard } from './profile/MembershipsCard';
import { RolesCard } from './profile/RolesCard';
import './list/users.css';
import './profile/profile.css';

/** The cards every profile shows, one's own or someone else's, each as far as the viewer may see it. */
function ProfileCards({ user, onChanged }: { user: UserView; onChanged: () => Promise<unknown> }) {
  const ability = useAbility();
  return (
    <div className="profile-cards">
      <DetailsCard userId={user.id} onSaved={() => void onChanged()} />
      <RolesCard user={user} onChanged={onChanged} />
      <LocationsCard userId={user.id} />
      {ability.can('read', 'ChurchMembership') && <MembershipsCard userId={user.id} />}
    </div>
  );
}

/** A profile read through get-user: someone else's, or one's own (so role changes show at once). */
function Profile({ id, mine }: { id: string; mine: boolean }) {
  const profile = useApi(routes.user.getUser, { params: { id } });
  if (profile.error) return <Alert tone="danger">{(profile.error as Error).message}</Alert>;
  if (!profile.data) return <LoadingState message="Loading profile..." />;
  return (
    <>
      {!mine && <AccountStatusCard user={profile.data} onChanged={() => profile.mutate()} />}
      <ProfileCards user={profile.data} onChanged={() => profile.mutate()} />
      {mine && (
        <>
          <AuthenticatorSection />
          <SignOutEverywhere />
        </>
      )}
    </>
  );
}

export default function ProfilePage() {
  const { id = '' } = useParams();
  const me = useCurrentUser();
  const mine = id === me.id;
  return (
    <Page title={mine ? 'My Profile' : 'Profile'}>
      <Profile key={id} id={id} mine={mine} />
    </Page>
  );
}
