import { useEffect, useId, useState } from 'react';
import type { LocationView } from '@shared/schemas/location';
import { Alert, cancelAndSubmit, LoadingState, Modal, type SelectOption } from '../../../components/ui';
import { FormTextField } from '../../../lib/forms/FormTextField';
import { PickerField } from '../../../lib/forms/PickerField';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { Gate, useEntityCheck } from '../../../lib/gate';
import type { LocationKindConfig } from './location-kinds';
import { createLocation, updateLocation, useLocation } from './location-api';
import { isLocationFormField, locationFormSchemaFor, type LocationFormValues } from './location-form';
import { parentOptions } from './LocationFilters';
import { ConferenceMessagingFields } from './ConferenceMessagingFields';

/** Add, or edit the location with this id. */
export type LocationDialogTarget = { mode: 'add' } | { mode: 'edit'; id: string };

export interface LocationDialogProps {
  config: LocationKindConfig;
  target: LocationDialogTarget;
  isOpen: boolean;
  onClose: () => void;
  /** The saved location; its `jobId` names the background job a rename or a move started. */
  onSaved: (location: LocationView, mode: LocationDialogTarget['mode']) => void;
}

/** The Add / Edit dialog of a location tab (SPEC.md section 2). Edit reads the location first, for its version. */
export function LocationDialog({ config, target, isOpen, onClose, onSaved }: LocationDialogProps) {
  const title = `${target.mode === 'add' ? 'Add' : 'Edit'} ${config.singular}`;
  const formId = useId();
  const [isPending, setPending] = useState(false);
  const editing = useLocation(config.service, target.mode === 'edit' ? target.id : null);
  // The same rule as the Gate below: Save stays off while the check runs and when it refuses.
  const mayEdit = useEntityCheck('update', config.kind, target.mode === 'edit' ? target.id : '');
  const formProps = { formId, config, onPendingChange: setPending };

  let body;
  if (target.mode === 'add') {
    body = <LocationForm {...formProps} onSaved={(saved) => onSaved(saved, 'add')} />;
  } else if (editing.error) {
    body = <Alert tone="danger">{(editing.error as Error).message}</Alert>;
  } else if (!editing.data) {
    body = <LoadingState message={`Loading ${config.singular.toLowerCase()}...`} />;
  } else {
    body = (
      <Gate I="update" a={config.kind} id={target.id}>
        <LocationForm {...formProps} existing={editing.data} onSaved={(saved) => onSaved(saved, 'edit')} />
      </Gate>
    );
  }
  const canSubmit = target.mode === 'add' || (Boolean(editing.data) && mayEdit === true);

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      footer={cancelAndSubmit({ formId, isPending, isDisabled: !canSubmit })}
    >
      {body}
    </Modal>
  );
}

interface LocationFormProps {
  formId: string;
  config: LocationKindConfig;
  existing?: LocationView;
  onPendingChange: (pending: boolean) => void;
  onSaved: (location: LocationView) => void;
}

const optionOf = (parent: LocationView['parent'] | undefined): SelectOption | null => (parent ? { id: parent.id, label: parent.name } : null);

/**
 * Name and parent; an edit that picks another parent moves the location (SPEC.md section 5:
 * 'Location is required'). Editing a conference also sets its time zone and SMS quiet hours.
 */
function LocationForm({ formId, config, existing, onPendingChange, onSaved }: LocationFormProps) {
  const parentKind = config.parent;
  const messaging = Boolean(existing) && config.kind === 'Conference';
  // The picker shows the chosen parent's name; the form keeps its id.
  const [parent, setParent] = useState<SelectOption | null>(optionOf(existing?.parent));

  async function save(values: LocationFormValues) {
    if (!existing) {
      onSaved(await createLocation(config.service, values));
      return;
    }
    const moved = parentKind && values.parentId !== existing.parent?.id;
    const settings = messaging ? { timeZone: values.timeZone, quietHoursStart: values.quietHoursStart, quietHoursEnd: values.quietHoursEnd } : {};
    onSaved(await updateLocation(config.service, existing.id, { name: values.name, version: existing.version, ...(moved ? { parentId: values.parentId } : {}), ...settings }));
  }

  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema: locationFormSchemaFor(Boolean(parentKind), messaging),
    defaultValues: {
      name: existing?.name ?? '',
      parentId: existing?.parent?.id ?? '',
      ...(messaging ? { timeZone: existing?.timeZone ?? '', quietHoursStart: existing?.quietHoursStart ?? '', quietHoursEnd: existing?.quietHoursEnd ?? '' } : {}),
    },
    save,
    isShownField: isLocationFormField,
  });
  useEffect(() => onPendingChange(isPending), [isPending, onPendingChange]);

  return (
    <form id={formId} className="admin-form" onSubmit={onSubmit} noValidate>
      {banner && <Alert tone="danger">{banner}</Alert>}
      <FormTextField control={form.control} name="name" label="Name" isRequired autoFocus />
      {parentKind && (
        <PickerField control={form.control} name="parentId" label={parentKind.label} value={parent} onPick={setParent} loadOptions={(text) => parentOptions(parentKind.service, text)} />
      )}
      {messaging && <ConferenceMessagingFields control={form.control} />}
    </form>
  );
}
