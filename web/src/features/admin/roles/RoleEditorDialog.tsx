import { useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import { roleInputSchema, type RoleInput, type RoleView } from '@shared/schemas/role';
import { Alert, Button, Modal, cancelAndSubmit } from '../../../components/ui';
import { FormTextField } from '../../../lib/forms/FormTextField';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { saveNewRole, saveRole } from './role-api';
import { emptyPolicy, isRoleFormField, roleFormValues } from './role-draft';
import { PolicyEditor } from './PolicyEditor';

export interface RoleEditorDialogProps {
  /** The custom role to edit, or null to add one. */
  role: RoleView | null;
  isOpen: boolean;
  onClose: () => void;
  onSaved: (role: RoleView, mode: 'add' | 'edit') => void;
}

/** 'Role Editor' (SPEC.md section 2): a name and policies of actions on subjects, checked by the role schema. */
export function RoleEditorDialog({ role, isOpen, onClose, onSaved }: RoleEditorDialogProps) {
  const formId = useId();

  async function save(input: RoleInput) {
    const saved = role ? await saveRole(role.id, { ...input, version: role.version }) : await saveNewRole(input);
    onSaved(saved, role ? 'edit' : 'add');
  }

  const { form, onSubmit, banner, isPending } = useSchemaForm({ schema: roleInputSchema, defaultValues: roleFormValues(role), save, isShownField: isRoleFormField });
  const policies = useFieldArray({ control: form.control, name: 'policies' });

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Role Editor"
      size="large"
      footer={cancelAndSubmit({ formId, isPending })}
    >
      <form id={formId} className="admin-form" onSubmit={onSubmit} noValidate>
        {banner && <Alert tone="danger">{banner}</Alert>}
        <FormTextField control={form.control} name="name" label="Name" isRequired autoFocus />
        {policies.fields.map((policy, index) => (
          <PolicyEditor key={policy.id} control={form.control} index={index} onRemove={policies.fields.length > 1 ? () => policies.remove(index) : undefined} />
        ))}
        <div>
          <Button variant="secondary" onPress={() => policies.append(emptyPolicy())}>
            + Add Policy
          </Button>
        </div>
      </form>
    </Modal>
  );
}
