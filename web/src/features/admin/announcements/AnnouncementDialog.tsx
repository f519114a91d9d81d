import { useEffect, useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import type { AnnouncementRecord } from '@shared/schemas/announcement';
import { scoped } from '@shared/auth/ability';
import { SYSTEM_SCOPE_ID } from '@shared/auth/scope';
import { Alert, cancelAndSubmit, DatePicker, LoadingState, Modal, RadioGroup, TimePicker } from '../../../components/ui';
import { FormTextArea } from '../../../lib/forms/FormTextArea';
import { FormTextField } from '../../../lib/forms/FormTextField';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useAbility } from '../../../lib/ability';
import { createAnnouncement, updateAnnouncement, useAnnouncement, useMyConferences } from './announcement-api';
import { announcementFormSchema, apiFieldsOf, EVERYONE, formValuesOf, isAnnouncementFormField } from './announcement-form';
import { ANNOUNCEMENT_MESSAGE_MAX, ANNOUNCEMENT_TITLE_MAX } from '@shared/schemas/announcement';

export interface AnnouncementDialogProps {
  /** Absent: a new announcement. */
  id?: string;
  onClose: () => void;
  onSaved: (announcement: AnnouncementRecord, mode: 'add' | 'edit') => void;
}

/** Add / Edit Announcement. Edit reads the announcement first, for its version. */
export function AnnouncementDialog({ id, onClose, onSaved }: AnnouncementDialogProps) {
  const formId = useId();
  const [isPending, setPending] = useState(false);
  const editing = useAnnouncement(id ?? null);
  const conferences = useMyConferences();
  const ready = !id || Boolean(editing.data);

  let body;
  if (editing.error) body = <Alert tone="danger">{(editing.error as Error).message}</Alert>;
  else if (!ready || !conferences.data) body = <LoadingState message="Loading announcement..." />;
  else
    body = (
      <AnnouncementForm
        formId={formId}
        existing={editing.data}
        conferences={conferences.data}
        onPendingChange={setPending}
        onSaved={(saved) => onSaved(saved, id ? 'edit' : 'add')}
      />
    );

  return (
    <Modal isOpen onClose={onClose} title={id ? 'Edit Announcement' : 'Add Announcement'} footer={cancelAndSubmit({ formId, isPending, isDisabled: !ready })}>
      {body}
    </Modal>
  );
}

interface AnnouncementFormProps {
  formId: string;
  existing?: AnnouncementRecord;
  conferences: Array<{ id: string; name: string }>;
  onPendingChange: (pending: boolean) => void;
  onSaved: (announcement: AnnouncementRecord) => void;
}

const EVERYONE_OPTION = { value: EVERYONE, label: 'Everyone' };

function AnnouncementForm({ formId, existing, conferences, onPendingChange, onSaved }: AnnouncementFormProps) {
  const ability = useAbility();
  // Everyone's announcements are a superadmin's (no permission names the system scope).
  const mayAddressEveryone = ability.can('create', scoped('Announcement', { ancestorIds: [SYSTEM_SCOPE_ID] }));
  const known = existing?.conference && !conferences.some((c) => c.id === existing.conference!.id) ? [existing.conference] : [];
  const audiences = [...(mayAddressEveryone || (existing && !existing.conference) ? [EVERYONE_OPTION] : []), ...[...known, ...conferences].map((c) => ({ value: c.id, label: c.name }))];

  async function save(values: Parameters<typeof apiFieldsOf>[0]) {
    const fields = apiFieldsOf(values);
    onSaved(existing ? await updateAnnouncement(existing.id, { ...fields, version: existing.version }) : await createAnnouncement(fields));
  }

  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema: announcementFormSchema,
    defaultValues: { ...formValuesOf(existing), ...(existing ? {} : { conferenceId: mayAddressEveryone ? EVERYONE : (conferences[0]?.id ?? '') }) },
    save,
    isShownField: isAnnouncementFormField,
  });
  useEffect(() => onPendingChange(isPending), [isPending, onPendingChange]);

  const picker = (name: 'startDate' | 'endDate' | 'startTime' | 'endTime', label: string, required: boolean) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) =>
        name.endsWith('Date') ? (
          <DatePicker label={label} isRequired={required} value={field.value || null} onChange={(value) => field.onChange(value ?? '')} errorMessage={fieldState.error?.message} />
        ) : (
          <TimePicker label={label} isRequired={required} value={field.value || null} onChange={(value) => field.onChange(value ?? '')} errorMessage={fieldState.error?.message} />
        )
      }
    />
  );

  return (
    <form id={formId} className="admin-form" onSubmit={onSubmit} noValidate>
      {banner && <Alert tone="danger">{banner}</Alert>}
      <FormTextField control={form.control} name="title" label="Title" isRequired maxLength={ANNOUNCEMENT_TITLE_MAX} autoFocus />
      <FormTextArea control={form.control} name="message" label="Description" isRequired maxLength={ANNOUNCEMENT_MESSAGE_MAX} />
      <Controller
        control={form.control}
        name="conferenceId"
        render={({ field, fieldState }) => <RadioGroup label="Audience" isRequired options={audiences} value={field.value || null} onChange={field.onChange} errorMessage={fieldState.error?.message} />}
      />
      <div className="admin-schedule">
        {picker('startDate', 'Starts on', true)}
        {picker('startTime', 'at', true)}
      </div>
      <div className="admin-schedule">
        {picker('endDate', 'Ends on', false)}
        {picker('endTime', 'at', false)}
      </div>
      <p className="admin-muted">Leave the end empty to show it until it is deleted.</p>
    </form>
  );
}
