import { useId, useState } from 'react';
import { phaseImportFormSchema } from '@shared/schemas/track';
import { Alert, cancelAndSubmit, Modal, type SelectOption } from '../../components/ui';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { PickerField } from './PickerField';
import { conferenceOptions, importPhase, phaseOptions, trackOptions } from './track-api';
import { closeOnlyFooter, TrackJobProgress } from './TrackJobProgress';

export interface ImportPhaseDialogProps {
  trackTemplateId: string;
  onClose: () => void;
  /** The phase is in the track (last): reload the outline. */
  onImported: () => void;
}

type Picked = Record<'conference' | 'track' | 'phase', SelectOption | null>;
const NOTHING: Picked = { conference: null, track: null, phase: null };
const SHOWN_FIELDS = new Set(['conferenceId', 'trackTemplateId', 'phaseId']);

/**
 * Import Phase (SPEC.md section 2, /tracks/{id}/phase/import): Conference (with 'System'), then
 * Track Template, then Phase, each 'Required', each choice resetting the later ones. Save starts a
 * job copying the phase and its steps to the end of this track; its progress shows here.
 */
export function ImportPhaseDialog({ trackTemplateId, onClose, onImported }: ImportPhaseDialogProps) {
  const formId = useId();
  const [picked, setPicked] = useState<Picked>(NOTHING);
  const [jobId, setJobId] = useState<string | null>(null);
  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema: phaseImportFormSchema,
    defaultValues: { conferenceId: '', trackTemplateId: '', phaseId: '' },
    save: async (values) => setJobId((await importPhase(values.phaseId, trackTemplateId)).jobId),
    isShownField: (path) => SHOWN_FIELDS.has(path),
  });
  const values = form.watch();
  const pick = (key: keyof Picked, later: Array<'trackTemplateId' | 'phaseId'>) => (option: SelectOption | null) => {
    const keys = { trackTemplateId: 'track', phaseId: 'phase' } as const;
    setPicked((current) => ({ ...current, [key]: option, ...Object.fromEntries(later.map((field) => [keys[field], null])) }));
    for (const field of later) form.setValue(field, '');
  };

  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Import Phase"
      footer={
        jobId
          ? closeOnlyFooter
          : cancelAndSubmit({ formId, isPending })
      }
    >
      {jobId ? (
        <TrackJobProgress jobId={jobId} onSucceeded={onImported} />
      ) : (
        <form id={formId} className="tracks-form" onSubmit={onSubmit} noValidate>
          {banner && <Alert tone="danger">{banner}</Alert>}
          <PickerField control={form.control} name="conferenceId" label="Conference" value={picked.conference} onPick={pick('conference', ['trackTemplateId', 'phaseId'])} loadOptions={(text) => conferenceOptions(text, true)} />
          <PickerField
            key={`track-${values.conferenceId}`}
            control={form.control}
            name="trackTemplateId"
            label="Track Template"
            value={picked.track}
            onPick={pick('track', ['phaseId'])}
            loadOptions={(text) => (values.conferenceId ? trackOptions(values.conferenceId, text) : Promise.resolve([]))}
          />
          <PickerField
            key={`phase-${values.trackTemplateId}`}
            control={form.control}
            name="phaseId"
            label="Phase"
            value={picked.phase}
            onPick={pick('phase', [])}
            loadOptions={(text) => (values.trackTemplateId ? phaseOptions(values.trackTemplateId, text) : Promise.resolve([]))}
          />
        </form>
      )}
    </Modal>
  );
}
