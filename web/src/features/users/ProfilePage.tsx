import { useDeferredValue, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { UserView } from '@shared/schemas/user';
import { Alert, LoadingState } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { useEntityCheck } from '../../lib/gate';
import { useApi } from '../../lib/api/use-api';
import { routes } from '../../lib/api/routes';
import { useCurrentUser } from '../../lib/current-user';
import { Page } from '../../lib/page';
import { useRevealInTurn } from '../../lib/reveal-in-turn';
import { SignOutEverywhere } from './SignOutEverywhere';
import { AuthenticatorSection } from './AuthenticatorSection';
import { AccountStatusCard } from './profile/AccountStatusCard';
import { DetailsCard } from './profile/DetailsCard';
import { ChangeAvatar, personName, ProfileHeading, ProfileHeadingPending } from './profile/ProfileHeader';
import { LocationsCard } from './profile/LocationsCard';
import { MembershipsCard } from './profile/MembershipsCard';
import { RolesCard } from './profile/RolesCard';
import { MergeUserButton } from './merge/MergeUserButton';
import { UndoMergeButton } from './merge/UndoMergeButton';
import { ErasePersonButton } from './erasure/ErasePersonButton';
import { DataExportButton } from './data-export/DataExportButton';
import { ProfileTabs } from './tabs/ProfileTabs';
import { AliasesCard } from './profile/AliasesCard';
import { TagsCard } from './profile/TagsCard';
import { CommentsCard } from './profile/CommentsCard';
import { MentorsCard } from './profile/MentorsCard';
import { ProfileTracksCard } from '../tracks/assignments/ProfileTracksCard';
import './list/users.css';
import './profile/profile.css';

/** The cards every profile shows, one's own or someone else's, each as far as the viewer may see it. */
function ProfileCards({ user, mine, onChanged, after }: { user: UserView; mine: boolean; onChanged: () => Promise<unknown>; after?: ReactNode }) {
  const ability = useAbility();
  // Tags and aliases: update and create on User (SPEC.md section 6); the server checks where the user is.
  const mayLabel = useEntityCheck('update', 'User', user.id) === true && ability.can('create', 'User');
  const name = personName(user);
  const cards = [
    <DetailsCard key="details" userId={user.id} onSaved={() => void onChanged()} />,
    <RolesCard key="roles" user={user} onChanged={onChanged} />,
    <LocationsCard key="locations" userId={user.id} />,
    ability.can('read', 'ChurchMembership') && <MembershipsCard key="memberships" userId={user.id} />,
    ability.can('read', 'MentorAssignment') && <MentorsCard key="mentors" user={user} />,
    <AliasesCard key="aliases" userId={user.id} personName={name} mayChange={mayLabel} />,
    <TagsCard key="tags" userId={user.id} personName={name} mayChange={mayLabel} />,
    <ProfileTracksCard key="tracks" user={user} mayEnrol={ability.can('create', 'TrackInstance')} />,
    // Comments are about someone, never shown to them (SPEC.md section 5).
    !mine && ability.can('read', 'Comment') && <CommentsCard key="comments" userId={user.id} mayAdd={ability.can('create', 'Comment')} />,
  ].filter((card) => card !== false);
  // One card per commit, top first; what comes after the cards waits for the last of them, so
  // nothing on screen is pushed down while they arrive.
  const shown = useRevealInTurn(cards.length);
  return (
    <>
      <div className="profile-cards">{cards.slice(0, shown)}</div>
      {shown === cards.length && after && <div className="profile-cards">{after}</div>}
    </>
  );
}

/**
 * A profile read through get-user: someone else's, or one's own (so role changes show at once).
 * Headed by the person (ProfileHeading), not by the word 'Profile'.
 */
function Profile({ id, mine }: { id: string; mine: boolean }) {
  const profile = useApi(routes.user.getUser, { params: { id } });
  // Rendered in a transition: React splits the render of the tabs and cards into short tasks.
  const user = useDeferredValue(profile.data);
  const pendingTitle = mine ? 'My Profile' : 'Profile';
  if (profile.error) {
    return (
      <Page title={pendingTitle}>
        <Alert tone="danger">{(profile.error as Error).message}</Alert>
      </Page>
    );
  }
  if (!user) {
    return (
      <Page title={pendingTitle} heading={<ProfileHeadingPending mine={mine} />}>
        <LoadingState message="Loading profile..." />
      </Page>
    );
  }
  return (
    <Page title={mine ? 'My Profile' : personName(user)} heading={<ProfileHeading user={user} mine={mine} />} actions={<ChangeAvatar user={user} />}>
      <ProfileTabs userId={id}>
        {!mine && (
          <AccountStatusCard user={user} onChanged={() => profile.mutate()}>
            <MergeUserButton user={user} onMerged={() => void profile.mutate()} />
            <UndoMergeButton user={user} onUndone={() => void profile.mutate()} />
            <DataExportButton user={user} />
            <ErasePersonButton user={user} />
          </AccountStatusCard>
        )}
        <ProfileCards
          user={user}
          mine={mine}
          onChanged={() => profile.mutate()}
          after={
            mine && (
              <>
                <AuthenticatorSection />
                <SignOutEverywhere />
                <DataExportButton user={user} />
              </>
            )
          }
        />
      </ProfileTabs>
    </Page>
  );
}

export default function ProfilePage() {
  const { id = '' } = useParams();
  const me = useCurrentUser();
  return <Profile key={id} id={id} mine={id === me.id} />;
}
