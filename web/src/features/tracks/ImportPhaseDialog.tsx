import { useId, useState } from 'react';
import { phaseImportFormSchema } from '@shared/schemas/track';
import { Alert, cancelAndSubmit, Modal } from '../../components/ui';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { ImportPickerChain } from './ImportPickerChain';
import { importPhase } from './track-api';
import { closeOnlyFooter, JobProgress } from '../../lib/jobs/JobProgress';

export interface ImportPhaseDialogProps {
  trackTemplateId: string;
  onClose: () => void;
  /** The phase is in the track (last): reload the outline. */
  onImported: () => void;
}

const SHOWN_FIELDS = new Set(['conferenceId', 'trackTemplateId', 'phaseId']);

/**
 * Import Phase (SPEC.md section 2, /tracks/{id}/phase/import): Conference (with 'System'), then
 * Track Template, then Phase, each 'Required', each choice resetting the later ones. Save starts a
 * job copying the phase and its steps to the end of this track; its progress shows here.
 */
export function ImportPhaseDialog({ trackTemplateId, onClose, onImported }: ImportPhaseDialogProps) {
  const formId = useId();
  const [jobId, setJobId] = useState<string | null>(null);
  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema: phaseImportFormSchema,
    defaultValues: { conferenceId: '', trackTemplateId: '', phaseId: '' },
    save: async (values) => setJobId((await importPhase(values.phaseId, trackTemplateId)).jobId),
    isShownField: (path) => SHOWN_FIELDS.has(path),
  });
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
        <JobProgress jobId={jobId} onSucceeded={onImported} />
      ) : (
        <form id={formId} className="tracks-form" onSubmit={onSubmit} noValidate>
          {banner && <Alert tone="danger">{banner}</Alert>}
          <ImportPickerChain form={form} depth={3} />
        </form>
      )}
    </Modal>
  );
}
