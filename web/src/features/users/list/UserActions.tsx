import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { UserRow } from '@shared/api/user-directory';
import { CANNOT_DEACTIVATE_SELF } from '@shared/schemas/user';
import { Alert, ConfirmDialog, MenuButton, RadioGroup } from '../../../components/ui';
import { useCurrentUser } from '../../../lib/current-user';
import type { Save } from '../../../lib/forms/use-save';
import { CannotAct, NothingSelected } from './NothingSelected';
import { PickerDialog } from './PickerDialog';
import { ReinviteDialog } from './ReinviteDialog';
import { rolesHeldBy, selectedUsersText } from './selected-users';
import { USERS_PATH, userDialogPath, type SelectionDialog } from './user-dialogs';
import { addLocation, assignableRoleOptions, assignRole, locationOptions, setUsersActive, unassignRole, type PickableKind } from './users-api';

const KIND_OPTIONS: Array<{ value: PickableKind; label: string }> = [
  { value: 'Conference', label: 'Conference' },
  { value: 'District', label: 'District' },
  { value: 'Church', label: 'Church' },
];

const MENU: Array<{ id: SelectionDialog; label: string; title: string; tone?: 'danger' }> = [
  { id: 'assign-role', label: 'Assign Role to Users', title: 'Assign Role to Users' },
  { id: 'remove-role', label: 'Remove Role From Users', title: 'Remove Role From Users' },
  { id: 'add-location', label: 'Add Location', title: 'Add Location' },
  { id: 'deactivate-users', label: 'Deactivate Users', title: 'Confirm User Deactivation', tone: 'danger' },
  { id: 'reactivate-users', label: 'Reactivate Users', title: 'Reactivate Users' },
  { id: 'reinvite-users', label: 'Reinvite Users', title: 'Confirm Reinvite User' },
];

export interface UserActionsProps {
  /** The selected rows on screen: what the open dialog acts on. */
  selected: UserRow[];
  /** The dialog this route opens (/users/{dialog}). */
  dialog?: SelectionDialog;
  save: Save;
  /** Clears the selection after a change. */
  onDone: () => void;
}

/**
 * The Actions menu of the users table and its dialogs (SPEC.md section 2). Each dialog is a
 * route, so Back closes it; the selection stays page state (the table cannot change under a
 * modal). A dialog opened by link with nothing selected says so instead of acting on nobody.
 */
export function UserActions({ selected, dialog, save, onDone }: UserActionsProps) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [kind, setKind] = useState<PickableKind>('Conference');
  const ids = selected.map((user) => user.id);
  const close = () => navigate(USERS_PATH);
  const names = selectedUsersText(selected);

  async function apply(change: () => Promise<void>, message: string) {
    if (await save.run(change, message)) onDone();
    close();
  }

  const menu = (
    <MenuButton
      label="Actions"
      variant="secondary"
      items={MENU.map(({ id, label, tone }) => ({ id, label, tone, isDisabled: selected.length === 0, onAction: () => navigate(userDialogPath(id)) }))}
    />
  );
  if (!dialog) return menu;
  if (selected.length === 0) return <>{menu}<NothingSelected title={MENU.find((item) => item.id === dialog)!.title} onClose={close} /></>;

  const common = { isOpen: true, onClose: close, isPending: save.isPending, intro: names };
  return (
    <>
      {menu}
      {dialog === 'reinvite-users' && <ReinviteDialog users={selected} onClose={close} />}
      {/* The viewer among the selected: SPEC's refusal with OK alone, no Deactivate that would do nothing. */}
      {dialog === 'deactivate-users' && ids.includes(me.id) && (
        <CannotAct title="Confirm User Deactivation" onClose={close}>
          <Alert tone="danger">{CANNOT_DEACTIVATE_SELF}</Alert>
        </CannotAct>
      )}
      {dialog === 'deactivate-users' && !ids.includes(me.id) && (
        <ConfirmDialog
          isOpen
          title="Confirm User Deactivation"
          message={`Deactivate ${names}? They are signed out at once and cannot sign in until reactivated.`}
          confirmLabel="Deactivate"
          tone="danger"
          isPending={save.isPending}
          onConfirm={() => void apply(() => setUsersActive(ids, false), `${names} deactivated.`)}
          onCancel={close}
        />
      )}
      {dialog === 'reactivate-users' && (
        <ConfirmDialog
          isOpen
          title="Reactivate Users"
          message={`Reactivate ${names}? They can sign in again.`}
          confirmLabel="Reactivate"
          isPending={save.isPending}
          onConfirm={() => void apply(() => setUsersActive(ids, true), `${names} reactivated.`)}
          onCancel={close}
        />
      )}
      {dialog === 'assign-role' && (
        <PickerDialog
          {...common}
          title="Assign Role to Users"
          label="Role"
          requiredMessage="Role is required"
          loadOptions={(text) => assignableRoleOptions(ids, text)}
          confirmLabel="Assign Role"
          onConfirm={(role) => void apply(() => assignRole(ids, role.id), `${role.label} was given to ${names}.`)}
        />
      )}
      {dialog === 'remove-role' && (
        <PickerDialog
          {...common}
          title="Remove Role From Users"
          label="Role"
          requiredMessage="Role is required"
          loadOptions={async (text) =>
            rolesHeldBy(selected)
              .filter((role) => role.name.toLowerCase().includes(text.trim().toLowerCase()))
              .map((role) => ({ id: role.id, label: role.name }))
          }
          confirmLabel="Remove Role"
          onConfirm={(role) => void apply(() => unassignRole(ids, role.id), `${role.label} was removed from ${names}.`)}
        />
      )}
      {dialog === 'add-location' && (
        <PickerDialog
          key={kind}
          {...common}
          title="Add Location"
          label={kind}
          requiredMessage="Location is required"
          loadOptions={(text) => locationOptions(kind, text)}
          confirmLabel="Add Location"
          onConfirm={(location) => void apply(() => addLocation(ids, kind, location.id), `${location.label} was added to ${names}.`)}
        >
          <RadioGroup label="Location type" orientation="horizontal" options={KIND_OPTIONS} value={kind} onChange={(value) => setKind(value as PickableKind)} />
        </PickerDialog>
      )}
    </>
  );
}
