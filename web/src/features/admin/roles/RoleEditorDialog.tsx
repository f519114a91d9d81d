import { useId, useState, type FormEvent } from 'react';
import type { RoleView } from '@shared/schemas/role';
import { Alert, Button, Modal, TextField } from '../../../components/ui';
import { describeSaveFailure } from '../../../lib/forms/save-errors';
import { saveNewRole, saveRole } from './role-api';
import {
  draftErrorsFromServer,
  draftOf,
  emptyPolicy,
  hasDraftErrors,
  isRoleDraftField,
  roleInputOf,
  validateRoleDraft,
  type PolicyDraft,
  type RoleDraft,
  type RoleDraftErrors,
} from './role-draft';
import { PolicyEditor } from './PolicyEditor';

export interface RoleEditorDialogProps {
  /** The custom role to edit, or null to add one. */
  role: RoleView | null;
  isOpen: boolean;
  onClose: () => void;
  onSaved: (role: RoleView, mode: 'add' | 'edit') => void;
}

const NO_ERRORS: RoleDraftErrors = { policies: [] };

/** 'Role Editor' (SPEC.md section 2): a name and policies of actions on subjects. */
export function RoleEditorDialog({ role, isOpen, onClose, onSaved }: RoleEditorDialogProps) {
  const formId = useId();
  const [draft, setDraft] = useState<RoleDraft>(() => draftOf(role));
  const [errors, setErrors] = useState<RoleDraftErrors>(NO_ERRORS);
  const [triedToSave, setTriedToSave] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  // After the first Save, messages follow the edits so a fixed field loses its message at once.
  function update(next: RoleDraft) {
    setDraft(next);
    if (triedToSave) setErrors(validateRoleDraft(next));
  }
  const updatePolicy = (index: number, policy: PolicyDraft) => update({ ...draft, policies: draft.policies.map((p, i) => (i === index ? policy : p)) });
  const removePolicy = (index: number) => update({ ...draft, policies: draft.policies.filter((_, i) => i !== index) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSave(true);
    setBanner(null);
    const found = validateRoleDraft(draft);
    setErrors(found);
    if (hasDraftErrors(found)) return;
    setPending(true);
    try {
      const input = roleInputOf(draft);
      const saved = role ? await saveRole(role.id, { ...input, version: role.version }) : await saveNewRole(input);
      onSaved(saved, role ? 'edit' : 'add');
    } catch (error) {
      const failure = describeSaveFailure(error, isRoleDraftField);
      setErrors(draftErrorsFromServer(failure.fieldErrors, draft.policies.length));
      setBanner(failure.banner);
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Role Editor"
      size="large"
      footer={(close) => (
        <>
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isPending={isPending}>
            Save
          </Button>
        </>
      )}
    >
      <form id={formId} className="admin-form" onSubmit={submit} noValidate>
        {banner && <Alert tone="danger">{banner}</Alert>}
        <TextField label="Name" isRequired value={draft.name} onChange={(name) => update({ ...draft, name })} errorMessage={errors.name} autoFocus />
        {draft.policies.map((policy, index) => (
          <PolicyEditor
            key={policy.key}
            number={index + 1}
            policy={policy}
            onChange={(next) => updatePolicy(index, next)}
            onRemove={draft.policies.length > 1 ? () => removePolicy(index) : undefined}
            errors={errors.policies[index] ?? {}}
          />
        ))}
        <div>
          <Button variant="secondary" onPress={() => update({ ...draft, policies: [...draft.policies, emptyPolicy()] })}>
            + Add Policy
          </Button>
        </div>
      </form>
    </Modal>
  );
}
