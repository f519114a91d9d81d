import { useEffect, useMemo } from 'react';
import { Alert, LoadingState } from '../ui';
import { useAbility } from '../../lib/ability';
import { call } from '../../lib/api/client';
import { routes } from '../../lib/api/routes';
import { useApi } from '../../lib/api/use-api';
import { useDeferredFirst } from '../../lib/deferred-first';
import { FormRunner } from './FormRunner';
import { formInstanceFiles } from './runner-files';

/**
 * A participant's form instance, run with the version it started on (for the step page and
 * the form-instance page): saves and submits with the instance's version (a stale save is
 * refused and what was typed stays), File fields upload for this instance, Unsubmit for
 * those who may create FormTemplate. `onSaved` tells the page around it (the step page: a
 * submit moves the step on the server). `isReadOnly`: the step page's word that the caller may not
 * work on it (someone else's to fill in, or the step closed): the answers show, locked. `onLoaded`:
 * the answers (or the failure to read them) are there.
 */
export function FormInstanceRunner({ formInstanceId, onSaved, isReadOnly = false, onLoaded }: { formInstanceId: string; onSaved?: () => void; isReadOnly?: boolean; onLoaded?: () => void }) {
  const ability = useAbility();
  const { data, error, mutate } = useApi(routes.form.formInstance, { params: { id: formInstanceId } });
  const instance = useDeferredFirst(data);
  const files = useMemo(() => formInstanceFiles(formInstanceId), [formInstanceId]);
  const answered = Boolean(instance || error);
  useEffect(() => {
    if (answered) onLoaded?.();
  }, [answered, onLoaded]);
  if (error) return <Alert tone="danger">{(error as Error).message}</Alert>;
  if (!instance) return <LoadingState message="Loading form..." />;
  return (
    <FormRunner
      content={instance.form}
      initialData={instance.data}
      submitted={instance.submitted}
      submittedAt={instance.submittedAt}
      canUnsubmit={ability.can('create', 'FormTemplate')}
      files={files}
      isReadOnly={isReadOnly}
      onSave={async (data, submitted) => {
        const saved = await call(routes.form.saveFormInstance, { params: { id: formInstanceId }, body: { data, submitted, version: instance.version } });
        await mutate(saved, { revalidate: false });
        onSaved?.();
      }}
      onUnsubmit={async () => {
        await mutate(await call(routes.form.unsubmit, { params: { formId: formInstanceId } }), { revalidate: false });
        onSaved?.();
      }}
    />
  );
}
