import { useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { NO_INTERVIEWERS_AVAILABLE, USER_GROUP_MEMBERS_MAX, userGroupInputSchema, type UserGroupView } from '@shared/schemas/user-group';
import { Alert, cancelAndSubmit, Modal, SearchableSelect, SelectField, type SelectOption } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { FormTextArea } from '../../../lib/forms/FormTextArea';
import { FormTextField } from '../../../lib/forms/FormTextField';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { createGroup, groupConferenceOptions, interviewerOptions, NO_LOCATION_OPTION, updateGroup } from './group-api';
import { MemberRows } from './MemberRows';

export interface GroupDialogProps {
  trackTemplateId: string;
  /** The track's conference: a new group starts there (a conference track's groups stay in it). */
  trackConference: SelectOption | null;
  /** The group to manage; none adds one. */
  group?: UserGroupView;
  onClose: () => void;
  onSaved: (group: UserGroupView) => void;
}

const SHOWN_FIELDS = ['name', 'description', 'conferenceId', 'users', 'chairId'];
const isShownField = (path: string) => SHOWN_FIELDS.includes(path.split('.')[0]);

const conferenceOf = (group: UserGroupView | undefined, fallback: SelectOption | null): SelectOption | null => {
  if (!group) return fallback;
  return group.conference ? { id: group.conference.id, label: group.conference.name } : NO_LOCATION_OPTION;
};

/**
 * Add Interview Group / Manage Interview Group (SPEC.md sections 2, 3 and 5): name, description,
 * the conference ('No assigned location' for a superadmin), the interviewers, one row each, and
 * the chair among them who opens and closes the group's committee votes (issue 26).
 * Rows with no one chosen are dropped on save (the schema does it); changing the conference
 * keeps the rows, and the server says if someone is not placed in the new one.
 */
export function GroupDialog({ trackTemplateId, trackConference, group, onClose, onSaved }: GroupDialogProps) {
  const formId = useId();
  const isSuperadmin = useAbility().can('manage', 'all');
  const [conference, setConference] = useState<SelectOption | null>(conferenceOf(group, trackConference));
  const [labels, setLabels] = useState(() => new Map((group?.users ?? []).map((user) => [user.id, `${user.firstName} ${user.lastName}`])));
  const [noneAvailable, setNoneAvailable] = useState(false);
  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema: userGroupInputSchema,
    defaultValues: {
      name: group?.name ?? '',
      description: group?.description ?? '',
      conferenceId: conference?.id ?? '',
      users: group?.users.length ? group.users.map((user) => ({ id: user.id })) : [{ id: '' }],
      chairId: group?.chair?.id ?? '',
    },
    save: async (values) => {
      const body = { ...values, users: values.users.map((id) => ({ id })) };
      onSaved(group ? await updateGroup(group.id, { ...body, version: group.version }) : await createGroup({ ...body, trackTemplateId }));
    },
    isShownField,
  });
  const conferenceId = useWatch({ control: form.control, name: 'conferenceId' }) ?? '';
  const members = useWatch({ control: form.control, name: 'users' }) ?? [];
  const chairOptions = members.filter((row) => row.id).map((row) => ({ value: row.id, label: labels.get(row.id) ?? row.id }));

  async function searchInterviewers(text: string, exclude: string[]) {
    const options = await interviewerOptions(text, conferenceId, exclude);
    setNoneAvailable(options.length === 0);
    return options;
  }

  return (
    <Modal isOpen onClose={onClose} title={group ? 'Manage Interview Group' : 'Add Interview Group'} size="medium" footer={cancelAndSubmit({ formId, isPending, label: 'Save' })}>
      <form id={formId} className="tracks-form" onSubmit={onSubmit} noValidate>
        {banner && <Alert tone="danger">{banner}</Alert>}
        <FormTextField control={form.control} name="name" label="Name" isRequired autoFocus />
        <FormTextArea control={form.control} name="description" label="Description" />
        <Controller
          control={form.control}
          name="conferenceId"
          render={({ field, fieldState }) => (
            <SearchableSelect
              label="Conference"
              isRequired
              value={conference}
              loadOptions={(text) => groupConferenceOptions(text, isSuperadmin)}
              onChange={(choice) => {
                setConference(choice);
                setNoneAvailable(false);
                field.onChange(choice?.id ?? '');
              }}
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="users"
          render={({ field, fieldState }) => (
            <MemberRows
              rows={field.value ?? []}
              labels={labels}
              max={USER_GROUP_MEMBERS_MAX}
              isDisabled={!conferenceId}
              search={searchInterviewers}
              onChange={(rows, chosen) => {
                if (chosen) setLabels((current) => new Map(current).set(chosen.id, chosen.label));
                field.onChange(rows);
                // A chair taken out of the group is no longer its chair.
                const chairId = form.getValues('chairId');
                if (chairId && !rows.some((row) => row.id === chairId)) form.setValue('chairId', '');
              }}
              errorMessage={fieldState.error?.message ?? (fieldState.error as { root?: { message?: string } } | undefined)?.root?.message}
            />
          )}
        />
        {noneAvailable && <Alert tone="info">{NO_INTERVIEWERS_AVAILABLE}</Alert>}
        <Controller
          control={form.control}
          name="chairId"
          render={({ field, fieldState }) => (
            <SelectField label="Chair" name={field.name} placeholder="No chair" options={chairOptions} value={field.value ?? ''} onChange={field.onChange} errorMessage={fieldState.error?.message} />
          )}
        />
      </form>
    </Modal>
  );
}
