import { useParams } from 'react-router';
import type { UserView } from '@shared/schemas/user';
import { Alert, LoadingState } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { useEntityCheck } from '../../lib/gate';
import { useApi } from '../../lib/api/use-api';
import { routes } from '../../lib/api/routes';
import { useCurrentUser } from '../../lib/current-user';
import { Page } from '../../lib/page';
import { SignOutEverywhere } from './SignOutEverywhere';
import { AuthenticatorSection } from './AuthenticatorSection';
import { AccountStatusCard } from './profile/AccountStatusCard';
import { DetailsCard } from './profile/DetailsCard';
import { ProfileAvatar } from './profile/ProfileAvatar';
import { LocationsCard } from './profile/LocationsCard';
import { MembershipsCard } from './profile/MembershipsCard';
import { RolesCard } from './profile/RolesCard';
import { MergeUserButton } from './merge/MergeUserButton';
import { ProfileTabs } from './tabs/ProfileTabs';
import { AliasesCard } from './profile/AliasesCard';
import { TagsCard } from './profile/TagsCard';
import { CommentsCard } from './profile/CommentsCard';
import { MentorsCard } from './profile/MentorsCard';
import { ProfileTracksCard } from '../tracks/assignments/ProfileTracksCard';
import './list/users.css';
import './profile/profile.css';

/** The cards every profile shows, one's own or someone else's, each as far as the viewer may see it. */
function ProfileCards({ user, mine, onChanged }: { user: UserView; mine: boolean; onChanged: () => Promise<unknown> }) {
  const ability = useAbility();
  // Tags and aliases: update and create on User (SPEC.md section 6); the server checks where the user is.
  const mayLabel = useEntityCheck('update', 'User', user.id) === true && ability.can('create', 'User');
  return (
    <div className="profile-cards">
      <ProfileAvatar user={user} />
      <DetailsCard userId={user.id} onSaved={() => void onChanged()} />
      <RolesCard user={user} onChanged={onChanged} />
      <LocationsCard userId={user.id} />
      {ability.can('read', 'ChurchMembership') && <MembershipsCard userId={user.id} />}
      {ability.can('read', 'MentorAssignment') && <MentorsCard user={user} />}
      <AliasesCard userId={user.id} mayChange={mayLabel} />
      <TagsCard userId={user.id} mayChange={mayLabel} />
      <ProfileTracksCard user={user} mayEnrol={ability.can('create', 'TrackInstance')} />
      {/* Comments are about someone, never shown to them (SPEC.md section 5). */}
      {!mine && ability.can('read', 'Comment') && <CommentsCard userId={user.id} mayAdd={ability.can('create', 'Comment')} />}
    </div>
  );
}

/** A profile read through get-user: someone else's, or one's own (so role changes show at once). */
function Profile({ id, mine }: { id: string; mine: boolean }) {
  const profile = useApi(routes.user.getUser, { params: { id } });
  if (profile.error) return <Alert tone="danger">{(profile.error as Error).message}</Alert>;
  if (!profile.data) return <LoadingState message="Loading profile..." />;
  return (
    <ProfileTabs userId={id}>
      {!mine && (
        <AccountStatusCard user={profile.data} onChanged={() => profile.mutate()}>
          <MergeUserButton user={profile.data} onMerged={() => void profile.mutate()} />
        </AccountStatusCard>
      )}
      <ProfileCards user={profile.data} mine={mine} onChanged={() => profile.mutate()} />
      {mine && (
        <>
          <AuthenticatorSection />
          <SignOutEverywhere />
        </>
      )}
    </ProfileTabs>
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
