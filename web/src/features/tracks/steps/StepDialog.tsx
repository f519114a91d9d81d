import { useId, useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { EDITOR_HEIGHTS } from '@shared/rich-text/allow-list';
import { LazyRichTextEditor } from '../../../components/rich-text/LazyRichTextEditor';
import type { StepDetail } from '@shared/schemas/step';
import type { StepHeaderView } from '@shared/schemas/track';
import { Alert, Button, cancelAndSubmit, ModalFooter, TextField, type SelectOption } from '../../../components/ui';
import { FormCheckbox } from '../../../lib/forms/FormCheckbox';
import { describeSaveFailure } from '../../../lib/forms/save-errors';
import { FormTextField } from '../../../lib/forms/FormTextField';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { ActionEditor } from './ActionEditor';
import { ContentEditor } from './ContentEditor';
import { PrerequisitesPicker } from './PrerequisitesPicker';
import { StepAttachments } from './StepAttachments';
import { createStep, updatePrerequisites, updateStep } from './step-api';
import { isShownStepField, newAction, newContent, stepFormStateSchema, toFormState } from './step-form';

/** The first message under a list's items (the server names a refused file as `attachments.<i>.key`). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  for (const value of Object.values(error)) {
    if (value && typeof value === 'object') {
      const found = 'message' in value && typeof value.message === 'string' ? value.message : firstMessage(value);
      if (found) return found;
    }
  }
  return undefined;
}

/** SPEC.md section 5: shown when a save is tried while a content or action is incomplete. */
export const CONTENTS_INCOMPLETE = 'Not all contents have been completed!';

export interface StepDialogProps {
  phaseId: string;
  /** The phase's steps in dependency order, for the prerequisites. */
  phaseSteps: readonly StepHeaderView[];
  /** The step to edit; none creates one. */
  step?: StepDetail;
  roles: SelectOption[];
  /** The track's interview groups (a committee vote's group); none: no group to choose. */
  groups?: readonly SelectOption[];
  formNames: Map<string, string>;
  onSaved: (step: { id: string; name: string }) => void;
}

/**
 * Create step / Edit Step (SPEC.md sections 2 to 5): name, required, inactive, due period (issue 12), description,
 * contents and actions (at least one), prerequisites. Checked by the server's own schema. An
 * imported step is locked except its prerequisites. The body of the phase's step dialog (StepRoutes).
 */
export function StepDialog({ phaseId, phaseSteps, step, roles, groups = [], formNames, onSaved }: StepDialogProps) {
  const formId = useId();
  const isLocked = Boolean(step?.originStepTemplateId);
  const initialPrerequisites = step?.prerequisites ?? [];
  const [prerequisites, setPrerequisites] = useState<string[]>(initialPrerequisites);
  const [prerequisitesError, setPrerequisitesError] = useState<string>();
  const prerequisitesChanged = prerequisites.length !== initialPrerequisites.length || prerequisites.some((id) => !initialPrerequisites.includes(id));

  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema: stepFormStateSchema,
    defaultValues: toFormState(step),
    isShownField: isShownStepField,
    save: async (values) => {
      setPrerequisitesError(undefined);
      let saved: { id: string; name: string } | undefined = step;
      if (!step) saved = await createStep({ ...values, phaseId });
      else if (!isLocked && form.formState.isDirty) saved = await updateStep({ ...values, id: step.id, version: step.version });
      if (saved && prerequisitesChanged) {
        try {
          await updatePrerequisites(saved.id, prerequisites);
        } catch (error) {
          // The step itself is saved: the prerequisites' message shows under them, the dialog stays.
          const failure = describeSaveFailure(error, (path) => path === 'prerequisites');
          setPrerequisitesError(failure.fieldErrors.prerequisites ?? failure.banner ?? undefined);
          return;
        }
      }
      onSaved(saved!);
    },
  });
  // Read while rendering so react-hook-form tracks it: read first inside save, it was never computed (an edit saved nothing).
  void form.formState.isDirty;
  const contents = useFieldArray({ control: form.control, name: 'contents' });
  const actions = useFieldArray({ control: form.control, name: 'actions' });
  const errors = form.formState.errors;
  const partsMessage = errors.contents?.message ?? errors.contents?.root?.message;
  const savedKeys = step?.attachments.map((file) => file.key) ?? [];
  const partsIncomplete = form.formState.isSubmitted && (Array.isArray(errors.contents) || Array.isArray(errors.actions));

  return (
    <>
      {/* A locked step's fields are all disabled: the form itself takes focus, so the scrolling body stays reachable by keyboard. */}
      <form id={formId} className="tracks-form" onSubmit={onSubmit} noValidate aria-label={step ? 'Edit step' : 'Create step'} tabIndex={isLocked ? 0 : undefined}>
        {banner && <Alert tone="danger">{banner}</Alert>}
        {partsIncomplete && <Alert tone="danger">{CONTENTS_INCOMPLETE}</Alert>}
        {isLocked && <Alert tone="info">This step was imported from another track: only its prerequisites can be changed.</Alert>}
        <FormTextField control={form.control} name="name" label="Name" isRequired isDisabled={isLocked} autoFocus={!isLocked} />
        <div className="ui-button-row">
          <FormCheckbox control={form.control} name="required" isDisabled={isLocked}>
            Required
          </FormCheckbox>
          <FormCheckbox control={form.control} name="inactive" isDisabled={isLocked}>
            Inactive
          </FormCheckbox>
        </div>
        <Controller
          control={form.control}
          name="dueDays"
          render={({ field, fieldState }) => (
            <TextField
              label="Due in days"
              description="Days after the step becomes Ready until it is Overdue. Leave empty for no due date."
              type="number"
              inputMode="numeric"
              name={field.name}
              value={field.value?.toString() ?? ''}
              onChange={(text) => field.onChange(text.trim() === '' ? null : Number(text))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              errorMessage={fieldState.error?.message}
              isDisabled={isLocked}
            />
          )}
        />
        <Controller
          control={form.control}
          name="description"
          render={({ field, fieldState }) => (
            <LazyRichTextEditor label="Description" value={field.value ?? ''} onChange={field.onChange} height={EDITOR_HEIGHTS.stepDescription} errorMessage={fieldState.error?.message} isDisabled={isLocked} />
          )}
        />

        <section className="steps-parts" aria-labelledby={`${formId}-contents`}>
          <h3 id={`${formId}-contents`}>Contents</h3>
          {partsMessage && <p className="ui-field-error" role="alert">{partsMessage}</p>}
          {contents.fields.map((field, index) => (
            <ContentEditor key={field.id} control={form.control} index={index} roles={roles} formNames={formNames} onRemove={() => contents.remove(index)} isDisabled={isLocked} />
          ))}
          {!isLocked && (
            <div className="ui-button-row">
              <Button size="small" variant="secondary" onPress={() => contents.append(newContent())}>
                Add Content
              </Button>
            </div>
          )}
        </section>

        <section className="steps-parts" aria-labelledby={`${formId}-actions`}>
          <h3 id={`${formId}-actions`}>Actions</h3>
          {actions.fields.map((field, index) => (
            <ActionEditor key={field.id} control={form.control} index={index} roles={roles} groups={groups} onRemove={() => actions.remove(index)} isDisabled={isLocked} />
          ))}
          {!isLocked && (
            <div className="ui-button-row">
              <Button size="small" variant="secondary" onPress={() => actions.append(newAction())}>
                Add Action
              </Button>
            </div>
          )}
        </section>

        <Controller
          control={form.control}
          name="attachments"
          render={({ field, fieldState }) => (
            <StepAttachments
              phaseId={phaseId}
              stepId={step?.id}
              savedKeys={savedKeys}
              value={field.value}
              onChange={field.onChange}
              isDisabled={isLocked}
              errorMessage={fieldState.error?.message ?? firstMessage(fieldState.error)}
            />
          )}
        />

        <PrerequisitesPicker steps={phaseSteps} stepId={step?.id} value={prerequisites} onChange={setPrerequisites} errorMessage={prerequisitesError} />
      </form>
      <ModalFooter>{cancelAndSubmit({ formId, isPending })}</ModalFooter>
    </>
  );
}
