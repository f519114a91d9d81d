import { Suspense, useEffect, useState } from 'react';
import { Alert, Checkbox, LoadingState } from '../../components/ui';
import { call } from '../../lib/api/client';
import { routes } from '../../lib/api/routes';
import { contentMissingMessage, inProgressBy, PRIVATE_MESSAGE, type ContentView, type StepView } from './step-api';
import { lazyChunk } from '../../lib/chunk-load';

// The form runner (about 60 KB gzipped with its widgets) loads only for a step that holds a form,
// and the upload box (about 20 KB with the upload flow) only for one that holds an upload.
const FormInstanceRunner = lazyChunk(() => import('../../components/form-runner/FormInstanceRunner').then((m) => ({ default: m.FormInstanceRunner })));
const StepUploadBox = lazyChunk(() => import('./StepUploadBox').then((m) => ({ default: m.StepUploadBox })));

/**
 * One content item of the step page: a task, an upload or a form, or why the caller cannot work on it.
 * Tasks and uploads answer with the whole page (`onChanged`); a form saves through the form runner, so
 * the page is read again after it (`onFormSaved`). `onLoaded`: a form's runner and answers, or an
 * upload box, are there (the page shows its content whole, StepPage).
 */
export function StepContentItem({ content, onChanged, onFormSaved, onLoaded }: { content: ContentView; onChanged: (page: StepView) => void; onFormSaved: () => void; onLoaded?: (contentId: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  // A second toggle before the first answers would carry the old version and be refused as stale.
  const [saving, setSaving] = useState(false);
  const change = async (body: Record<string, unknown>) => {
    setError(null);
    setSaving(true);
    try {
      onChanged(await call(routes.step.changeContent, { params: { id: content.id }, body: { instanceType: content.type, version: content.version, ...body } as never }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <li className="step-item">
      <h3>{content.name}</h3>
      {content.hidden ? (
        <p className="step-muted">{PRIVATE_MESSAGE}</p>
      ) : !content.task && !content.upload && !content.form ? (
        <Alert tone="warning">{contentMissingMessage(content.type)}</Alert>
      ) : (
        <>
          {!content.canChange && !content.done && <p className="step-muted">{inProgressBy(content.roleName)}</p>}
          {content.task && (
            <>
              <p className="step-muted">{content.task.description}</p>
              <Checkbox isSelected={content.task.completed} isDisabled={!content.canChange || saving} onChange={(completed) => void change({ completed })}>
                {content.task.name}
              </Checkbox>
            </>
          )}
          {content.upload && (
            <Suspense fallback={<LoadingState message="Loading files..." />}>
              <StepUploadBox content={content} upload={content.upload} onChanged={onChanged} onError={setError} />
              <Mounted onMount={() => onLoaded?.(content.id)} />
            </Suspense>
          )}
          {content.form && (
            <Suspense fallback={<LoadingState message="Loading form..." />}>
              <FormInstanceRunner formInstanceId={content.form.formInstanceId} onSaved={onFormSaved} isReadOnly={!content.canChange} onLoaded={() => onLoaded?.(content.id)} />
            </Suspense>
          )}
        </>
      )}
      {error && <Alert tone="danger">{error}</Alert>}
    </li>
  );
}

/** Says when it is first shown: beside a lazily loaded part, once that part's chunk is there. */
function Mounted({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}
