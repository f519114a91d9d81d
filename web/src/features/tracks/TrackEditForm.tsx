import { useState } from 'react';
import * as z from 'zod';
import { escalationDaysSchema, reminderDaysSchema, trackDescriptionSchema, trackNameSchema, type TrackOutline } from '@shared/schemas/track';
import { Alert, Button, SearchableSelect, TextArea, TextField, useToast, type SelectOption } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { conferenceOptions, SYSTEM_OPTION, updateTrack } from './track-api';

const editSchema = z.object({ name: trackNameSchema, description: trackDescriptionSchema, reminderDays: reminderDaysSchema, escalationDays: escalationDaysSchema });

/** A day count as typed: empty is no number (the schema's message), anything else is read as a number. */
const daysOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** SPEC.md section 5: leading whitespace goes while typing, trailing whitespace on blur. */
const trimStart = (value: string) => value.replace(/^\s+/, '');
const trimEnd = (value: string) => value.replace(/\s+$/, '');

export interface TrackEditFormProps {
  track: TrackOutline;
  onSaved: () => void;
}

const conferenceOf = (track: TrackOutline): SelectOption => (track.conference ? { id: track.conference.id, label: track.conference.name } : SYSTEM_OPTION);

/**
 * The track's editable form (SPEC.md section 5, and issue 13's periods): Save only when something changed and every field is valid.
 * Its conference, for those who may create tracks (the server also needs them to create in the new one): the track moves there, refused
 * with the server's message in the banner while copies ('Cannot change conference unless all copies of this track are removed') or
 * enrolments exist. A superadmin may pick 'System'.
 */
export function TrackEditForm({ track, onSaved }: TrackEditFormProps) {
  const { showToast } = useToast();
  const ability = useAbility();
  const mayMove = ability.can('create', 'TrackTemplate');
  const isSuperadmin = ability.can('manage', 'all');
  const [conference, setConference] = useState<SelectOption | null>(() => conferenceOf(track));
  const [values, setValues] = useState({ name: track.name, description: track.description, reminderDays: String(track.reminderDays), escalationDays: String(track.escalationDays) });
  const [isPending, setPending] = useState(false);
  const [banner, setBanner] = useState<string>();
  const checked = editSchema.safeParse({ ...values, reminderDays: daysOf(values.reminderDays), escalationDays: daysOf(values.escalationDays) });
  const errors: Partial<Record<keyof typeof values, string>> = checked.success ? {} : Object.fromEntries(checked.error.issues.map((issue) => [issue.path[0], issue.message]));
  const movesTo = conference && conference.id !== conferenceOf(track).id ? conference.id : undefined;
  const isDirty =
    values.name !== track.name ||
    values.description !== track.description ||
    values.reminderDays !== String(track.reminderDays) ||
    values.escalationDays !== String(track.escalationDays) ||
    movesTo !== undefined;
  const conferenceError = conference ? undefined : 'Conference is required.';

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!checked.success || !isDirty || conferenceError) return;
    setPending(true);
    setBanner(undefined);
    try {
      await updateTrack(track.id, { ...checked.data, ...(movesTo ? { conferenceId: movesTo } : {}), version: track.version });
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
      {mayMove && (
        <SearchableSelect
          label="Conference"
          isRequired
          value={conference}
          onChange={setConference}
          errorMessage={isDirty ? conferenceError : undefined}
          loadOptions={(text) => conferenceOptions(text, isSuperadmin)}
        />
      )}
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
      <div className="tracks-periods">
        <TextField
          label="Remind after (days)"
          description="A step Ready or waiting for review this long reminds whoever must act."
          type="number"
          inputMode="numeric"
          value={values.reminderDays}
          onChange={(reminderDays) => setValues((current) => ({ ...current, reminderDays }))}
          errorMessage={isDirty ? errors.reminderDays : undefined}
        />
        <TextField
          label="Escalate after (days)"
          description="An Overdue step goes to the district, then to the conference, after this long each."
          type="number"
          inputMode="numeric"
          value={values.escalationDays}
          onChange={(escalationDays) => setValues((current) => ({ ...current, escalationDays }))}
          errorMessage={isDirty ? errors.escalationDays : undefined}
        />
      </div>
      <div className="ui-button-row">
        <Button type="submit" isPending={isPending} isDisabled={!isDirty || !checked.success || Boolean(conferenceError)}>
          Save
        </Button>
      </div>
    </form>
  );
}
