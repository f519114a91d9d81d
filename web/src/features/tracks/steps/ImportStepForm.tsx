import { useId } from 'react';
import { stepImportFormSchema } from '@shared/schemas/step-import';
import { Alert, cancelAndSubmit, ModalFooter } from '../../../components/ui';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { ImportPickerChain } from '../ImportPickerChain';
import { importStep } from './step-api';

export interface ImportStepFormProps {
  /** The phase the step joins. */
  phaseId: string;
  onImported: (step: { id: string; name: string }) => void;
}

const SHOWN_FIELDS = new Set(['conferenceId', 'trackTemplateId', 'phaseId', 'stepId']);

/**
 * Import Existing Step (SPEC.md section 2, .../phase/{phaseId}/step/import): Conference (with
 * 'System'), Track Template, Phase and Step, each 'Required'. The copy joins this phase with its
 * contents and actions, keeps its origin and is locked except for its prerequisites.
 */
export function ImportStepForm({ phaseId, onImported }: ImportStepFormProps) {
  const formId = useId();
  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema: stepImportFormSchema,
    defaultValues: { conferenceId: '', trackTemplateId: '', phaseId: '', stepId: '' },
    save: async (values) => onImported(await importStep({ phase: phaseId, step: values.stepId })),
    isShownField: (path) => SHOWN_FIELDS.has(path),
  });
  return (
    <>
      <form id={formId} className="tracks-form" onSubmit={onSubmit} noValidate aria-label="Import existing step">
        {banner && <Alert tone="danger">{banner}</Alert>}
        <ImportPickerChain form={form} depth={4} />
      </form>
      <ModalFooter>{cancelAndSubmit({ label: 'Import Step', formId, isPending })}</ModalFooter>
    </>
  );
}
