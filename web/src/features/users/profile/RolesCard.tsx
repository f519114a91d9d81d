import { roleLabel } from '@shared/auth/system-roles';
import type { UserView } from '@shared/schemas/user';
import { Badge, Button } from '../../../components/ui';
import { useEntityCheck } from '../../../lib/gate';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useSave } from '../../../lib/forms/use-save';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { PickerDialog } from '../list/PickerDialog';
import { ConfirmRemoval } from './ConfirmRemoval';
import { RemoveButton } from './RemoveButton';
import { useRemovalFocus } from './use-removal-focus';
import { assignRole, unassignRole } from '../list/users-api';

type Role = UserView['roles'][number];

/** SPEC.md section 8: removing Mentor (or Advisor) takes the links that came with it. */
export const MENTOR_REMOVAL_WARNING = 'This action will unassign mentors and/or mentees from this user!';

function removalWarning(role: Role): string {
  if (role.system && role.name === 'Mentor') return MENTOR_REMOVAL_WARNING;
  if (role.system && role.name === 'Advisor') return 'They are also removed as advisor from the track enrolments they advise.';
  return '';
}

/**
 * The profile's roles. Those who may update users give roles from the list the server says
 * they may grant this user (nobody grants what they could not hold), and take them away with
 * SPEC.md section 4's side effects, which the confirmation names.
 */
export function RolesCard({ user, onChanged }: { user: UserView; onChanged: () => Promise<unknown> }) {
  const save = useSave(onChanged);
  const adding = useDialogTarget<true>();
  const removing = useDialogTarget<Role>();
  // Update on this user where they are, as the server checks it (not on users in general).
  const mayChange = useEntityCheck('update', 'User', user.id) === true;
  const focus = useRemovalFocus();

  async function assignableOptions(text: string) {
    const roles = await call(routes.role.assignable, { params: { userId: user.id } });
    const prefix = text.trim().toLowerCase();
    return roles.filter((role) => roleLabel(role).toLowerCase().includes(prefix)).map((role) => ({ id: role.id, label: roleLabel(role) }));
  }

  return (
    <section ref={focus.cardRef} className="profile-card" aria-labelledby="profile-roles">
      <div className="profile-card-head">
        <h2 id="profile-roles" ref={focus.headingRef} tabIndex={-1}>
          Roles
        </h2>
        {mayChange && (
          <Button variant="secondary" onPress={() => adding.open(true)}>
            Add Role
          </Button>
        )}
      </div>
      {user.roles.length === 0 && <p className="admin-muted">No roles yet.</p>}
      <ul className="profile-list">
        {user.roles.map((role) => (
          <li key={role.id}>
            <Badge tone={role.system ? 'info' : 'neutral'}>{roleLabel(role)}</Badge>
            {mayChange && (
              <RemoveButton
                kind="role"
                name={roleLabel(role)}
                removes={role.id}
                onPress={() => {
                  focus.remember(role.id);
                  removing.open(role);
                }}
              />
            )}
          </li>
        ))}
      </ul>
      <PickerDialog
        key={adding.openCount}
        isOpen={adding.isOpen}
        title="Assign Role to Users"
        intro={`Give ${user.firstName} ${user.lastName} a role.`}
        label="Role"
        requiredMessage="Select a role."
        loadOptions={assignableOptions}
        confirmLabel="Assign Role"
        isPending={save.isPending}
        onClose={adding.close}
        onConfirm={async (choice) => {
          if (await save.run(() => assignRole([user.id], choice.id), `${choice.label} was given.`)) adding.close();
        }}
      />
      <ConfirmRemoval
        dialog={removing}
        title="Remove Role From Users"
        message={(role) => `Remove ${roleLabel(role)} from ${user.firstName} ${user.lastName}? ${removalWarning(role)}`}
        save={save}
        remove={(role) => unassignRole([user.id], role.id)}
        removed={(role) => `${roleLabel(role)} was removed.`}
        onClosed={focus.restore}
      />
    </section>
  );
}
