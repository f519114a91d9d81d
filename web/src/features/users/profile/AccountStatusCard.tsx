import type { ReactNode } from 'react';
import { CANNOT_DEACTIVATE_SELF, type UserView } from '@shared/schemas/user';
import { Alert, Badge, Button, ConfirmDialog, Link } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { useCurrentUser } from '../../../lib/current-user';
import { useSave } from '../../../lib/forms/use-save';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { LegalHoldControl } from '../../retention/LegalHoldControl';
import { ReinviteDialog } from '../list/ReinviteDialog';
import { setUsersActive } from '../list/users-api';

type Change = 'deactivate' | 'reactivate' | 'reinvite';

const QUESTIONS: Record<Exclude<Change, 'reinvite'>, { title: string; message: (name: string) => string; confirm: string }> = {
  deactivate: { title: 'Confirm User Deactivation', message: (name) => `Deactivate ${name}? They are signed out at once and cannot sign in until reactivated.`, confirm: 'Deactivate' },
  reactivate: { title: 'Reactivate User', message: (name) => `Reactivate ${name}? They can sign in again.`, confirm: 'Reactivate' },
};

/**
 * The profile's account status card (SPEC.md section 2): registered or not (signed in once),
 * active or inactive, and for those who may: deactivate (never oneself), reactivate, reinvite;
 * and the person's legal hold (issue 25) for those who govern their conference.
 */
export function AccountStatusCard({ user, onChanged, children }: { user: UserView; onChanged: () => Promise<unknown>; children?: ReactNode }) {
  const me = useCurrentUser();
  const ability = useAbility();
  const save = useSave(onChanged);
  const ask = useDialogTarget<Change>();
  const name = `${user.firstName} ${user.lastName}`;
  const question = ask.target && ask.target !== 'reinvite' ? QUESTIONS[ask.target] : null;
  const mayDeactivate = ability.can('deactivate', 'User');

  async function apply(change: Exclude<Change, 'reinvite'>) {
    await save.run(() => setUsersActive([user.id], change === 'reactivate'), `${name} was ${change}d.`);
    ask.close();
  }

  return (
    <section className="users-status-card" aria-labelledby="account-status">
      <h2 id="account-status">Account status</h2>
      {user.mergedUserId && (
        <Alert tone="warning">
          This user has been merged. <Link href={`/users/${user.mergedUserId}`}>Open the merged profile</Link>
        </Alert>
      )}
      <p>
        <Badge tone={user.inactive ? 'neutral' : 'success'}>{user.inactive ? 'Inactive' : 'Active'}</Badge>{' '}
        <Badge tone={user.registered ? 'info' : 'warning'}>{user.registered ? 'Registered' : 'Not registered'}</Badge>
      </p>
      {mayDeactivate && (
        <div className="users-status-actions">
          {user.inactive ? (
            <Button variant="secondary" onPress={() => ask.open('reactivate')}>
              Reactivate
            </Button>
          ) : (
            <Button variant="danger" isDisabled={user.id === me.id} onPress={() => ask.open('deactivate')}>
              Deactivate
            </Button>
          )}
          {!user.registered && !user.inactive && (
            <Button variant="secondary" onPress={() => ask.open('reinvite')}>
              Reinvite
            </Button>
          )}
          {user.id === me.id && <p className="admin-muted">{CANNOT_DEACTIVATE_SELF}</p>}
        </div>
      )}
      {/* More account actions (Merge User). */}
      {children}
      {/* Those who govern the person's conference (the server decides; others see nothing). */}
      {ability.can('update', 'Conference') && <LegalHoldControl recordKind="User" recordId={user.id} />}
      {/* The same flow as the users table's Reinvite Users. */}
      {ask.target === 'reinvite' && ask.isOpen && <ReinviteDialog users={[user]} onClose={ask.close} />}
      <ConfirmDialog
        isOpen={ask.isOpen && ask.target !== 'reinvite'}
        title={question?.title ?? ''}
        message={question?.message(name) ?? ''}
        confirmLabel={question?.confirm}
        tone={ask.target === 'deactivate' ? 'danger' : 'primary'}
        isPending={save.isPending}
        onConfirm={() => ask.target && ask.target !== 'reinvite' && void apply(ask.target)}
        onCancel={ask.close}
      />
    </section>
  );
}
