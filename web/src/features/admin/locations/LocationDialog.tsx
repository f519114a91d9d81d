import { useId, useState, type FormEvent } from 'react';
import type { LocationView } from '@shared/schemas/location';
import { Alert, Button, LoadingState, Modal, SearchableSelect, TextField, type SelectOption } from '../../../components/ui';
import { Gate, useEntityCheck } from '../../../lib/gate';
import { describeSaveFailure } from '../../../lib/forms/save-errors';
import type { LocationKindConfig } from './location-kinds';
import { createLocation, renameLocation, useLocation } from './location-api';
import { parentOptions } from './LocationFilters';

/** Add, or edit the location with this id. */
export type LocationDialogTarget = { mode: 'add' } | { mode: 'edit'; id: string };

export interface LocationDialogProps {
  config: LocationKindConfig;
  target: LocationDialogTarget;
  isOpen: boolean;
  onClose: () => void;
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

  let body;
  if (target.mode === 'add') {
    body = <LocationForm formId={formId} config={config} onPendingChange={setPending} onSaved={(saved) => onSaved(saved, 'add')} />;
  } else if (editing.error) {
    body = <Alert tone="danger">{(editing.error as Error).message}</Alert>;
  } else if (!editing.data) {
    body = <LoadingState message={`Loading ${config.singular.toLowerCase()}...`} />;
  } else {
    body = (
      <Gate I="update" a={config.kind} id={target.id}>
        <LocationForm formId={formId} config={config} existing={editing.data} onPendingChange={setPending} onSaved={(saved) => onSaved(saved, 'edit')} />
      </Gate>
    );
  }
  const canSubmit = target.mode === 'add' || (Boolean(editing.data) && mayEdit === true);

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      footer={(close) => (
        <>
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isPending={isPending} isDisabled={!canSubmit}>
            Save
          </Button>
        </>
      )}
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

interface FormErrors {
  name?: string;
  parentId?: string;
}

function LocationForm({ formId, config, existing, onPendingChange, onSaved }: LocationFormProps) {
  const [name, setName] = useState(existing?.name ?? '');
  const [parent, setParent] = useState<SelectOption | null>(existing?.parent ? { id: existing.parent.id, label: existing.parent.name } : null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const parentKind = config.parent;

  function validate(): FormErrors {
    const found: FormErrors = {};
    if (!name.trim()) found.name = 'Name is required.';
    if (parentKind && !existing && !parent) found.parentId = 'Location is required';
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setBanner(null);
    if (found.name || found.parentId) return;
    onPendingChange(true);
    try {
      const saved = existing
        ? await renameLocation(config.service, existing.id, { name: name.trim(), version: existing.version })
        : await createLocation(config.service, { name: name.trim(), parentId: parent?.id });
      onSaved(saved);
    } catch (error) {
      const failure = describeSaveFailure(error, (path) => path === 'name' || path === 'parentId');
      setErrors(failure.fieldErrors);
      setBanner(failure.banner);
    } finally {
      onPendingChange(false);
    }
  }

  return (
    <form id={formId} className="admin-form" onSubmit={submit} noValidate>
      {banner && <Alert tone="danger">{banner}</Alert>}
      <TextField label="Name" isRequired value={name} onChange={setName} errorMessage={errors.name} autoFocus />
      {parentKind && (
        <SearchableSelect
          label={parentKind.label}
          isRequired={!existing}
          isDisabled={Boolean(existing)}
          description={existing ? `A ${config.singular.toLowerCase()} stays under its ${parentKind.label.toLowerCase()}.` : undefined}
          value={parent}
          onChange={setParent}
          errorMessage={errors.parentId}
          loadOptions={(text) => parentOptions(parentKind.service, text)}
        />
      )}
    </form>
  );
}
