import { useEffect, useId, useState } from 'react';
import { useParams } from 'react-router';
import { FORM_NAME_HINT, SYSTEM_FORM_LOCKED, UNTITLED_FORM, type FormView } from '@shared/api/form';
import type { FormContent } from '@shared/forms/form-definition';
import { Alert, Badge, Button, Checkbox, Link, LoadingState, TextField, useToast } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { useApi } from '../../lib/api/use-api';
import { Page } from '../../lib/page';
import { formRoute, saveForm } from './form-api';
import { FormBuilder } from './builder/FormBuilder';
import { FormPreview } from './FormPreview';
import { VersionsPanel } from './VersionsPanel';
import { setPageTitle } from '../../lib/document-title';
import { useRevealInTurn } from '../../lib/reveal-in-turn';
import { useDeferredFirst } from '../../lib/deferred-first';
import '../../components/form-runner/forms.css';

const isNamed = (name: string) => name.trim() !== '' && name.trim().toLowerCase() !== UNTITLED_FORM.toLowerCase();

interface Draft extends FormContent {
  name: string;
  system: boolean;
}

const draftOf = (form: FormView): Draft => ({ name: form.name, system: form.system, layout: form.layout, fields: form.fields });

/** `/forms/{id}`: the form's header (name, version badge, Save, System Form) over its content editor. */
export default function FormEditorPage() {
  const { id = '' } = useParams();
  const loaded = useApi(formRoute, { params: { id } });
  const form = useDeferredFirst(loaded.data);
  if (loaded.error) return <Page title="Form"><Alert tone="danger">{(loaded.error as Error).message}</Alert></Page>;
  if (!form) return <LoadingState message="Loading form..." />;
  return <FormEditor key={`${form.id}:${form.version}`} form={form} onSaved={(saved) => void loaded.mutate(saved, { revalidate: false })} />;
}

function FormEditor({ form, onSaved }: { form: FormView; onSaved: (form: FormView) => void }) {
  const ability = useAbility();
  const { showToast } = useToast();
  const hintId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(form));
  const [isSaving, setSaving] = useState(false);
  const [isPreviewing, setPreviewing] = useState(false);
  const canManageAll = ability.can('manage', 'all');
  const locked = form.system && !canManageAll;
  const named = isNamed(draft.name);
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(form));
  // The canvas draws its top-level cells one per commit (short tasks); the versions below wait
  // for the last of them, so nothing on screen is pushed down while the canvas fills in.
  const shownCells = useRevealInTurn(draft.layout.length);
  const canvasDrawn = shownCells === draft.layout.length;
  useEffect(() => {
    setPageTitle(`${draft.name || UNTITLED_FORM} · Formation Tracks`);
  }, [draft.name]);

  async function save() {
    setSaving(true);
    try {
      const saved = await saveForm(form.id, { name: draft.name.trim(), system: canManageAll ? draft.system : undefined, version: form.version, layout: draft.layout, fields: draft.fields });
      showToast(saved.currentVersion === form.currentVersion ? 'The form was saved.' : `The form was saved as version ${saved.currentVersion}.`, { tone: 'success' });
      onSaved(saved);
    } catch (error) {
      // The draft stays as typed (a 409 says someone else saved first).
      showToast((error as Error).message, { tone: 'danger' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="app-page forms-editor">
      <Link href="/forms" className="forms-back">
        Back to Forms
      </Link>
      <div className="forms-editor-header">
        <h1 className="ui-visually-hidden">{draft.name || UNTITLED_FORM}</h1>
        <Badge tone="info">{`v${form.currentVersion}`}</Badge>
        <TextField
          label="Form name"
          className="forms-name"
          placeholder="Type form name here..."
          value={draft.name}
          onChange={(name) => setDraft({ ...draft, name })}
          isReadOnly={locked}
          aria-describedby={named ? undefined : hintId}
        />
        <Button onPress={() => void save()} isPending={isSaving} isDisabled={locked || !named || !dirty}>
          Save
        </Button>
        <Button variant="secondary" onPress={() => setPreviewing(true)}>
          Preview
        </Button>
        {canManageAll && named && (
          <Checkbox isSelected={draft.system} onChange={(system) => setDraft({ ...draft, system })}>
            System Form
          </Checkbox>
        )}
      </div>
      {!named && (
        <p id={hintId} className="forms-hint">
          {FORM_NAME_HINT}
        </p>
      )}
      {locked && <Alert tone="warning">{SYSTEM_FORM_LOCKED}</Alert>}
      <FormBuilder content={draft} onChange={({ layout, fields }) => setDraft({ ...draft, layout, fields })} isReadOnly={locked} shownCells={shownCells} />
      {canvasDrawn && <VersionsPanel key={form.currentVersion} formId={form.id} currentVersion={form.currentVersion} />}
      {isPreviewing && <FormPreview name={draft.name || UNTITLED_FORM} content={draft} isOpen={isPreviewing} onClose={() => setPreviewing(false)} />}
    </div>
  );
}
