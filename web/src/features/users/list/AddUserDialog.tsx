import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { addUserSchema, type UserView } from '@shared/schemas/user';
import { Alert, cancelAndSubmit, Modal, SearchableSelect, type SelectOption } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { FormTextField } from '../../../lib/forms/FormTextField';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { addUser, locationOptions, type PickableKind } from './users-api';

const FIELDS = ['firstName', 'lastName', 'email', 'conferenceLocation', 'districtLocation'];
const LOCATION_FIELDS = [
  { name: 'conferenceLocation', kind: 'Conference' },
  { name: 'districtLocation', kind: 'District' },
] as const satisfies ReadonlyArray<{ name: string; kind: PickableKind }>;

export interface AddUserDialogProps {
  onClose: () => void;
  onAdded: (user: UserView) => void;
}

/**
 * Add User (SPEC.md sections 2 and 5): first name, last name, email and a conference or a
 * district. The button stays disabled until the form is valid (messages show as each field is
 * left), except for a superadmin: SPEC.md section 5 has them bypass the disabled state, so they
 * may press it at any time and get every message at once. The server's messages show under
 * the fields; any other failure's text under the form.
 */
export function AddUserDialog({ onClose, onAdded }: AddUserDialogProps) {
  const formId = useId();
  const isSuperadmin = useAbility().can('manage', 'all');
  const [picked, setPicked] = useState<Record<string, SelectOption | null>>({});
  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema: addUserSchema,
    defaultValues: { firstName: '', lastName: '', email: '' },
    save: async (values) => onAdded(await addUser(values)),
    isShownField: (path) => FIELDS.includes(path),
    mode: 'onTouched',
  });
  const isDisabled = !isSuperadmin && !form.formState.isValid;

  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Add User"
      footer={cancelAndSubmit({ label: 'Add User', formId, isPending, isDisabled })}
    >
      <form id={formId} className="users-dialog" onSubmit={onSubmit} noValidate>
        <FormTextField control={form.control} name="firstName" label="First Name" isRequired />
        <FormTextField control={form.control} name="lastName" label="Last Name" isRequired />
        <FormTextField control={form.control} name="email" label="Email" type="email" isRequired />
        {LOCATION_FIELDS.map(({ name, kind }) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <SearchableSelect
                label={kind}
                value={picked[name] ?? null}
                onChange={(option) => {
                  setPicked((current) => ({ ...current, [name]: option }));
                  field.onChange(option?.id);
                }}
                errorMessage={fieldState.error?.message}
                loadOptions={(text) => locationOptions(kind, text)}
              />
            )}
          />
        ))}
        {banner && <Alert tone="danger">{banner}</Alert>}
      </form>
    </Modal>
  );
}
