import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Alert, cancelAndSubmit, Modal, SearchableSelect, type SelectOption } from '../../../components/ui';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { FormTextArea } from '../../../lib/forms/FormTextArea';
import { FormTextField } from '../../../lib/forms/FormTextField';
import { PickerField } from '../../../lib/forms/PickerField';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { PUBLISH_MESSAGE_MAX } from '@shared/schemas/notification-publish';
import { searchLocations } from '../locations/location-api';
import { isPublishFormField, publishFormSchema } from './publish-form';

/** Conferences and districts whose name starts with the text (the caller's own lists: the server checks again). */
export async function audienceOptions(text: string): Promise<SelectOption[]> {
  const [conferences, districts] = await Promise.all([searchLocations('conference', text), searchLocations('district', text)]);
  return [
    ...conferences.map((row) => ({ id: row.id, label: row.name, description: 'Conference' })),
    ...districts.map((row) => ({ id: row.id, label: row.name, description: row.parentName ? `District of ${row.parentName}` : 'District' })),
  ];
}

async function roleOptions(text: string): Promise<SelectOption[]> {
  const name = text.trim();
  const page = await call(routes.role.quickSearch, { query: { limit: 10, offset: 0, where: name ? { name } : undefined } });
  return page.data.map((role) => ({ id: role.id, label: role.label }));
}

export interface PublishDialogProps {
  onClose: () => void;
  /** The background job that walks the audience: its toast shows the progress. */
  onStarted: (jobId: string) => void;
}

/** Publish Message (SPEC.md section 7, notification publish): a message and a link to the users of a location, or of a role there. */
export function PublishDialog({ onClose, onStarted }: PublishDialogProps) {
  const formId = useId();
  const [location, setLocation] = useState<SelectOption | null>(null);
  const [role, setRole] = useState<SelectOption | null>(null);
  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema: publishFormSchema,
    defaultValues: { locationId: '', roleId: '', message: '', link: '' },
    isShownField: isPublishFormField,
    save: async (values) => {
      const { jobId } = await call(routes.notification.publish, {
        body: { message: values.message, locationId: values.locationId, ...(values.roleId ? { roleId: values.roleId } : {}), ...(values.link ? { link: values.link } : {}) },
      });
      onStarted(jobId);
    },
  });

  return (
    <Modal isOpen onClose={onClose} title="Publish Message" footer={cancelAndSubmit({ formId, isPending, label: 'Send' })}>
      <form id={formId} className="admin-form" onSubmit={onSubmit} noValidate>
        {banner && <Alert tone="danger">{banner}</Alert>}
        <PickerField
          control={form.control}
          name="locationId"
          label="Location"
          description="Everyone with an active place in this conference or district."
          value={location}
          onPick={setLocation}
          loadOptions={audienceOptions}
        />
        <Controller
          control={form.control}
          name="roleId"
          render={({ field, fieldState }) => (
            <SearchableSelect
              label="Role"
              placeholder="Everyone there"
              description="Leave empty to send to everyone there."
              value={role}
              onChange={(option) => {
                setRole(option);
                field.onChange(option?.id ?? '');
              }}
              errorMessage={fieldState.error?.message}
              loadOptions={roleOptions}
            />
          )}
        />
        <FormTextArea control={form.control} name="message" label="Message" isRequired maxLength={PUBLISH_MESSAGE_MAX} />
        <FormTextField control={form.control} name="link" label="Link" description="A page of this site, for example /tracks." />
      </form>
    </Modal>
  );
}
