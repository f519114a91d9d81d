import { useId, useState } from 'react';
import { trackInputSchema, type TrackTemplateView } from '@shared/schemas/track';
import { Alert, cancelAndSubmit, LoadingState, Modal, type SelectOption } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { PickerField } from '../../lib/forms/PickerField';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { conferenceOptions, createTrack, useHasConferences } from './track-api';
import { TrackTextFields } from './TrackTextFields';

/** SPEC.md section 8. */
export const NO_CONFERENCES_MESSAGE = 'There are no conferences assigned to this user...';

export interface CreateTrackDialogProps {
  onClose: () => void;
  onCreated: (track: TrackTemplateView) => void;
}

const isShownField = (path: string) => path === 'name' || path === 'description' || path === 'conferenceId';

/** Create Track (SPEC.md section 5): conference, name and description; Create stays off until all three are valid. */
export function CreateTrackDialog({ onClose, onCreated }: CreateTrackDialogProps) {
  const formId = useId();
  const isSuperadmin = useAbility().can('manage', 'all');
  const { hasConferences, error } = useHasConferences();
  const [conference, setConference] = useState<SelectOption | null>(null);
  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema: trackInputSchema,
    defaultValues: { name: '', description: '', conferenceId: '' },
    save: async (values) => onCreated(await createTrack(values)),
    isShownField,
  });
  const isValid = trackInputSchema.safeParse(form.watch()).success;
  const noConferences = !isSuperadmin && hasConferences === false;

  let body;
  if (hasConferences === undefined && !error) body = <LoadingState message="Loading conferences..." />;
  else if (noConferences) body = <Alert tone="warning">{NO_CONFERENCES_MESSAGE}</Alert>;
  else {
    body = (
      <form id={formId} className="tracks-form" onSubmit={onSubmit} noValidate>
        {banner && <Alert tone="danger">{banner}</Alert>}
        <PickerField control={form.control} name="conferenceId" label="Conference" value={conference} onPick={setConference} loadOptions={(text) => conferenceOptions(text, isSuperadmin)} />
        <TrackTextFields control={form.control} />
      </form>
    );
  }

  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Create Track"
      footer={cancelAndSubmit({ label: 'Create', formId, isPending, isDisabled: !isValid || noConferences })}
    >
      {body}
    </Modal>
  );
}
