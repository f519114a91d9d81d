import { useParams } from 'react-router';
import { roleLabel } from '@shared/auth/system-roles';
import { EmptyState } from '../../components/ui/EmptyState';
import { useCurrentUser } from '../../lib/current-user';
import { Page } from '../../lib/page';
import { SignOutEverywhere } from './SignOutEverywhere';
import { AuthenticatorSection } from './AuthenticatorSection';

export default function ProfilePage() {
  const { id } = useParams();
  const me = useCurrentUser();
  const mine = id === me.id;
  return (
    <Page title={mine ? 'My Profile' : 'Profile'}>
      {mine ? (
        <>
        <dl className="app-details">
          <dt>Name</dt>
          <dd>{[me.title, me.firstName, me.middleName, me.lastName, me.suffix].filter(Boolean).join(' ')}</dd>
          <dt>Email</dt>
          <dd>{me.email}</dd>
          <dt>Roles</dt>
          <dd>{me.roles.map(roleLabel).join(', ') || 'None'}</dd>
        </dl>
        <AuthenticatorSection />
        <SignOutEverywhere />
        </>
      ) : (
        <EmptyState title="Profiles are on their way" message="Details, locations, memberships, tracks and comments will be shown here." />
      )}
    </Page>
  );
}
