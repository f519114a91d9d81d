import { useMemo, useState } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { answersSchema, type FormAnswers } from '@shared/forms/answer-schema';
import type { FormContent } from '@shared/forms/form-definition';
import { Alert, Button, formatDateTime } from '../ui';
import { describeSaveFailure } from '../../lib/forms/save-errors';
import { LayoutCells } from './LayoutCells';
import { PREVIEW_FILES, RunnerFilesContext, type RunnerFiles } from './runner-files';
import './forms.css';

export interface FormRunnerProps {
  /** The version the answers belong to: always the one the instance started on. */
  content: FormContent;
  initialData?: FormAnswers;
  submitted?: boolean;
  submittedAt?: string;
  /** SPEC.md section 2: Unsubmit only for users who may create FormTemplate. */
  canUnsubmit?: boolean;
  /** Saves (submitted false) or submits (true) the checked answers; a rejection is shown and the answers stay. */
  onSave: (data: FormAnswers, submit: boolean) => Promise<void>;
  onUnsubmit?: () => Promise<void>;
  /** Where File fields store files: a form instance's (formInstanceFiles), or nowhere in a preview. */
  files?: RunnerFiles;
  /** Read only: someone else's to fill in, or a step closed to work. The answers show locked, without Submit, Save or Reset. */
  isReadOnly?: boolean;
}

/**
 * Runs any form version (SPEC.md section 2): Submit only when valid, Save only when valid
 * and changed, Reset; after submission 'Submitted' with the time and Unsubmit. The answers
 * are checked on each change by the validator generated from the version, the same one the
 * server uses.
 */
export function FormRunner({ content, initialData = {}, submitted = false, submittedAt, canUnsubmit = false, onSave, onUnsubmit, files = PREVIEW_FILES, isReadOnly = false }: FormRunnerProps) {
  const schema = useMemo(() => answersSchema(content), [content]);
  const form = useForm<FieldValues>({ resolver: zodResolver(schema as never), defaultValues: initialData, mode: 'all' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { isValid, isDirty } = form.formState;

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      const described = describeSaveFailure(error, (path) => content.fields.some((field) => path === field.id || path.startsWith(`${field.id}.`)));
      for (const [path, message] of Object.entries(described.fieldErrors)) form.setError(path, { type: 'server', message });
      setFailure(described.banner);
    } finally {
      setBusy(false);
    }
  }

  const send = (submit: boolean) =>
    form.handleSubmit((values) =>
      run(async () => {
        await onSave(values, submit);
        form.reset(values);
      }),
    )();

  // Submitted: when, and Unsubmit for those who may. Read only and not submitted: nothing to do here.
  const actions = submitted ? (
    <>
      <span className="forms-submitted">{submittedAt ? `Submitted ${formatDateTime(submittedAt)}` : 'Submitted'}</span>
      {canUnsubmit && onUnsubmit && (
        <Button variant="secondary" isPending={busy} onPress={() => void run(onUnsubmit)}>
          Unsubmit
        </Button>
      )}
    </>
  ) : isReadOnly ? null : (
    <>
      <Button isDisabled={!isValid} isPending={busy} onPress={() => void send(true)}>
        Submit
      </Button>
      <Button variant="secondary" isDisabled={!isValid || !isDirty || busy} onPress={() => void send(false)}>
        Save
      </Button>
      <Button variant="secondary" isDisabled={busy} onPress={() => form.reset()}>
        Reset
      </Button>
    </>
  );

  return (
    <FormProvider {...form}>
      <RunnerFilesContext.Provider value={files}>
        {/* data-locked: the answers read in the text's colour, not greyed as a disabled control is (forms.css). */}
        <form className="forms-runner" data-locked={submitted || isReadOnly || undefined} noValidate onSubmit={(event) => event.preventDefault()}>
          {failure && <Alert tone="danger">{failure}</Alert>}
          {content.layout.length === 0 && <p className="forms-muted">This form has no fields yet.</p>}
          <LayoutCells cells={content.layout} fields={content.fields} isReadOnly={submitted || busy || isReadOnly} />
          {actions && <div className="ui-button-row forms-runner-actions">{actions}</div>}
        </form>
      </RunnerFilesContext.Provider>
    </FormProvider>
  );
}
