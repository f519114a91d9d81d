import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { phaseInputSchema, type PhaseView } from '@shared/schemas/track';
import { Alert, cancelAndSubmit, Modal, TextArea } from '../../components/ui';
import { FormTextField } from '../../lib/forms/FormTextField';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { createPhase, updatePhase } from './track-api';

export interface PhaseDialogProps {
  trackTemplateId: string;
  /** The phase to edit; none creates one at the end. */
  phase?: PhaseView;
  onClose: () => void;
  onSaved: (phase: PhaseView) => void;
}

const isShownField = (path: string) => path === 'name' || path === 'description';

/** Create Phase / Edit Phase (SPEC.md sections 2 and 5: 'Name is required.'). */
export function PhaseDialog({ trackTemplateId, phase, onClose, onSaved }: PhaseDialogProps) {
  const formId = useId();
  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema: phaseInputSchema,
    defaultValues: { name: phase?.name ?? '', description: phase?.description ?? '' },
    save: async (values) => onSaved(phase ? await updatePhase({ ...values, id: phase.id, version: phase.version }) : await createPhase({ ...values, trackTemplateId })),
    isShownField,
  });
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={phase ? 'Edit Phase' : 'Create Phase'}
      footer={cancelAndSubmit({ formId, isPending })}
    >
      <form id={formId} className="tracks-form" onSubmit={onSubmit} noValidate>
        {banner && <Alert tone="danger">{banner}</Alert>}
        <FormTextField control={form.control} name="name" label="Name" isRequired autoFocus />
        <Controller
          control={form.control}
          name="description"
          render={({ field, fieldState }) => (
            <TextArea label="Description" name={field.name} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} errorMessage={fieldState.error?.message} />
          )}
        />
      </form>
    </Modal>
  );
}
