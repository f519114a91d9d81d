import { useState } from 'react';
import { z } from 'zod';
import { trackDescriptionSchema, trackNameSchema, type TrackOutline } from '@shared/schemas/track';
import { Alert, Button, TextArea, TextField, useToast } from '../../components/ui';
import { updateTrack } from './track-api';

const editSchema = z.object({ name: trackNameSchema, description: trackDescriptionSchema });

/** SPEC.md section 5: leading whitespace goes while typing, trailing whitespace on blur. */
const trimStart = (value: string) => value.replace(/^\s+/, '');
const trimEnd = (value: string) => value.replace(/\s+$/, '');

export interface TrackEditFormProps {
  track: TrackOutline;
  onSaved: () => void;
}

/** The track's editable form (SPEC.md section 5): Save only when something changed and both fields are valid. */
export function TrackEditForm({ track, onSaved }: TrackEditFormProps) {
  const { showToast } = useToast();
  const [values, setValues] = useState({ name: track.name, description: track.description });
  const [isPending, setPending] = useState(false);
  const [banner, setBanner] = useState<string>();
  const checked = editSchema.safeParse(values);
  const errors = checked.success ? {} : Object.fromEntries(checked.error.issues.map((issue) => [issue.path[0], issue.message]));
  const isDirty = values.name !== track.name || values.description !== track.description;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!checked.success || !isDirty) return;
    setPending(true);
    setBanner(undefined);
    try {
      await updateTrack(track.id, { ...checked.data, version: track.version });
      showToast(`${checked.data.name} was saved.`, { tone: 'success' });
      onSaved();
    } catch (error) {
      setBanner((error as Error).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="tracks-form tracks-edit-form" onSubmit={save} noValidate aria-label="Edit track">
      {banner && <Alert tone="danger">{banner}</Alert>}
      <TextField
        label="Name"
        isRequired
        value={values.name}
        onChange={(name) => setValues((current) => ({ ...current, name: trimStart(name) }))}
        onBlur={() => setValues((current) => ({ ...current, name: trimEnd(current.name) }))}
        errorMessage={isDirty ? errors.name : undefined}
      />
      <TextArea
        label="Description"
        isRequired
        value={values.description}
        onChange={(description) => setValues((current) => ({ ...current, description: trimStart(description) }))}
        onBlur={() => setValues((current) => ({ ...current, description: trimEnd(current.description) }))}
        errorMessage={isDirty ? errors.description : undefined}
      />
      <div className="ui-button-row">
        <Button type="submit" isPending={isPending} isDisabled={!isDirty || !checked.success}>
          Save
        </Button>
      </div>
    </form>
  );
}
