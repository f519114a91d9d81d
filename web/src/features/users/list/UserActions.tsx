import { useState } from 'react';
import type { UserRow } from '@shared/api/user-directory';
import { CANNOT_DEACTIVATE_SELF } from '@shared/api/admin';
import { Alert, Button, ConfirmDialog, MenuButton, Modal, RadioGroup } from '../../../components/ui';
import { useCurrentUser } from '../../../lib/current-user';
import type { Save } from '../../../lib/forms/use-save';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { PickerDialog } from './PickerDialog';
import { rolesHeldBy, selectedUsersText } from './selected-users';
import { addLocation, assignRole, locationOptions, reinviteUsers, roleOptions, setUsersActive, unassignRole, type PickableKind } from './users-api';

type Action = 'assignRole' | 'removeRole' | 'addLocation' | 'deactivate' | 'reactivate' | 'reinvite';

const KIND_OPTIONS: Array<{ value: PickableKind; label: string }> = [
  { value: 'Conference', label: 'Conference' },
  { value: 'District', label: 'District' },
  { value: 'Church', label: 'Church' },
];

export interface UserActionsProps {
  /** The selected rows on screen. */
  selected: UserRow[];
  save: Save;
  /** Clears the selection after a change. */
  onDone: () => void;
}

/** The Actions menu of the users table and its dialogs (SPEC.md section 2). The users are fixed when a dialog opens. */
export function UserActions({ selected, save, onDone }: UserActionsProps) {
  const me = useCurrentUser();
  const dialog = useDialogTarget<{ action: Action; users: UserRow[] }>();
  const [kind, setKind] = useState<PickableKind>('Conference');
  // After a reinvite: how many invitations went out (Verification Email Sent).
  const [sent, setSent] = useState<number | null>(null);
  const users = dialog.target?.users ?? [];
  const ids = users.map((user) => user.id);
  const none = selected.length === 0;
  const open = (action: Action) => () => dialog.open({ action, users: selected });

  async function apply(change: () => Promise<void>, message: string) {
    if (await save.run(change, message)) onDone();
    dialog.close();
  }

  const common = { isOpen: dialog.isOpen, onClose: dialog.close, isPending: save.isPending, intro: selectedUsersText(users) };
  const action = dialog.target?.action;

  return (
    <>
      <MenuButton
        label="Actions"
        variant="secondary"
        items={[
          { id: 'assignRole', label: 'Assign Role to Users', isDisabled: none, onAction: open('assignRole') },
          { id: 'removeRole', label: 'Remove Role From Users', isDisabled: none, onAction: open('removeRole') },
          { id: 'addLocation', label: 'Add Location', isDisabled: none, onAction: open('addLocation') },
          { id: 'deactivate', label: 'Deactivate Users', tone: 'danger', isDisabled: none, onAction: open('deactivate') },
          { id: 'reactivate', label: 'Reactivate Users', isDisabled: none, onAction: open('reactivate') },
          { id: 'reinvite', label: 'Reinvite Users', isDisabled: none, onAction: open('reinvite') },
        ]}
      />
      {action === 'reinvite' && (
        <ConfirmDialog
          isOpen={dialog.isOpen}
          title="Confirm Reinvite User"
          message={`Send a new invitation to ${selectedUsersText(users)}? Users who have already signed in are left out.`}
          confirmLabel="Reinvite"
          isPending={save.isPending}
          onConfirm={() =>
            void apply(async () => {
              setSent((await reinviteUsers(ids)).length);
            }, 'Invitations sent.')
          }
          onCancel={dialog.close}
        />
      )}
      <Modal
        isOpen={sent !== null}
        onClose={() => setSent(null)}
        title="Verification Email Sent"
        footer={(close) => <Button onPress={close}>OK</Button>}
      >
        <p>{sent === 1 ? 'An invitation email was sent.' : `${sent ?? 0} invitation emails were sent.`}</p>
      </Modal>
      {action === 'deactivate' && (
        <ConfirmDialog
          isOpen={dialog.isOpen}
          title="Confirm User Deactivation"
          message={
            ids.includes(me.id) ? (
              <Alert tone="danger">{CANNOT_DEACTIVATE_SELF}</Alert>
            ) : (
              `Deactivate ${selectedUsersText(users)}? They are signed out at once and cannot sign in until reactivated.`
            )
          }
          confirmLabel="Deactivate"
          tone="danger"
          isPending={save.isPending}
          onConfirm={() => !ids.includes(me.id) && void apply(() => setUsersActive(ids, false), `${selectedUsersText(users)} deactivated.`)}
          onCancel={dialog.close}
        />
      )}
      {action === 'reactivate' && (
        <ConfirmDialog
          isOpen={dialog.isOpen}
          title="Reactivate Users"
          message={`Reactivate ${selectedUsersText(users)}? They can sign in again.`}
          confirmLabel="Reactivate"
          isPending={save.isPending}
          onConfirm={() => void apply(() => setUsersActive(ids, true), `${selectedUsersText(users)} reactivated.`)}
          onCancel={dialog.close}
        />
      )}
      {action === 'assignRole' && (
        <PickerDialog
          key={dialog.openCount}
          {...common}
          title="Assign Role to Users"
          label="Role"
          requiredMessage="Role is required"
          loadOptions={roleOptions}
          confirmLabel="Assign Role"
          onConfirm={(role) => void apply(() => assignRole(ids, role.id), `${role.label} was given to ${selectedUsersText(users)}.`)}
        />
      )}
      {action === 'removeRole' && (
        <PickerDialog
          key={dialog.openCount}
          {...common}
          title="Remove Role From Users"
          label="Role"
          requiredMessage="Role is required"
          loadOptions={async (text) =>
            rolesHeldBy(users)
              .filter((role) => role.name.toLowerCase().includes(text.trim().toLowerCase()))
              .map((role) => ({ id: role.id, label: role.name }))
          }
          confirmLabel="Remove Role"
          onConfirm={(role) => void apply(() => unassignRole(ids, role.id), `${role.label} was removed from ${selectedUsersText(users)}.`)}
        />
      )}
      {action === 'addLocation' && (
        <PickerDialog
          key={`${dialog.openCount}-${kind}`}
          {...common}
          title="Add Location"
          label={kind}
          requiredMessage="Location is required"
          loadOptions={(text) => locationOptions(kind, text)}
          confirmLabel="Add Location"
          onConfirm={(location) => void apply(() => addLocation(ids, kind, location.id), `${location.label} was added to ${selectedUsersText(users)}.`)}
        >
          <RadioGroup label="Location type" orientation="horizontal" options={KIND_OPTIONS} value={kind} onChange={(value) => setKind(value as PickableKind)} />
        </PickerDialog>
      )}
    </>
  );
}
