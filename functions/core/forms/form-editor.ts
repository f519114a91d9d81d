import { newId } from '../../db/ids';
import { transact, type TransactionItem } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { BusinessRuleError, ForbiddenError, StaleVersionError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/rich-text';
import { SYSTEM_FORM_LOCKED, UNTITLED_FORM, type FormCreate, type FormUpdate, type FormView } from '../../../shared/api/form';
import { cleanOptions } from '../../../shared/forms/answer-schema';
import type { FormContent } from '../../../shared/forms/form-definition';
import { sameJson } from '../../../shared/forms/version-diff';
import type { AuthContext } from '../session/resolve-session';
import { requireLiveForm } from './form-store';
import { contentOf, formView, type FormItem } from './form-view';
import { formEntry } from '../records/design-records';
import { fieldChange } from '../records/audit-write';
import { mayManageSystemForms } from './system-forms';

/** Options are stored as the runner offers them (empty ones dropped, SPEC.md section 5); paragraphs sanitised. */
function normalised(content: FormContent): FormContent {
  return {
    layout: content.layout,
    fields: content.fields.map((field) => {
      const { options, template, paragraph } = field.properties;
      const properties = { ...field.properties };
      if (options) properties.options = cleanOptions(options);
      if (paragraph !== undefined) properties.paragraph = sanitizeRichText(paragraph);
      if (template) properties.template = normalised(template);
      return { ...field, properties };
    }),
  };
}

/** A new form at version 1 with an empty layout, and the forms counter moved with it. */
export async function createForm(auth: AuthContext, input: FormCreate): Promise<FormView> {
  const [form] = await createForms(auth, [input]);
  return form;
}

/** Several new forms in one transaction (POST /form/bulk): all or none, the counter moved once. */
export async function createForms(auth: AuthContext, inputs: FormCreate[]): Promise<FormView[]> {
  if (inputs.some((input) => input.system) && !mayManageSystemForms(auth)) throw new ForbiddenError('Only a superadmin can make a system form.');
  const now = new Date().toISOString();
  const items = inputs.map((input) => newFormItem(input, now));
  await transact([
    ...items.flatMap((item): TransactionItem[] => [
      (tx) => tx.form.create(item).commit(),
      (tx) => tx.formVersion.create({ formId: item.formId, formVersion: 1, name: item.name, layout: [], fields: [], createdAt: now }).commit(),
      formEntry(auth, item, 'form.created', 'created', [...fieldChange('name', undefined, item.name), ...fieldChange('system', undefined, item.system)]),
    ]),
    (tx) => tx.formCount.update({}).add({ count: items.length }).commit(),
  ]);
  return items.map(formView);
}

function newFormItem(input: FormCreate, now: string): FormItem {
  return {
    formId: newId(),
    name: input.name?.trim() || UNTITLED_FORM,
    system: input.system ?? false,
    currentVersion: 1,
    layout: [],
    fields: [],
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Saves the form page. A changed name or content publishes version n+1 (a new immutable
 * formVersion item beside the form's current copy, one transaction conditioned on the
 * version the editor read); instances keep the version they started on. System forms are
 * locked for everyone who cannot manage everything, and only they change the flag.
 */
export async function updateForm(auth: AuthContext, formId: string, update: FormUpdate): Promise<FormView> {
  const current = await requireLiveForm(formId);
  const manager = mayManageSystemForms(auth);
  if (current.system && !manager) throw new BusinessRuleError(SYSTEM_FORM_LOCKED);
  const system = update.system ?? current.system;
  if (system !== current.system && !manager) throw new ForbiddenError('Only a superadmin can change the System Form flag.');
  if (current.version !== update.version) throw new StaleVersionError(undefined, current.version);

  const content = normalised({ layout: update.layout, fields: update.fields });
  const changed = update.name !== current.name || !sameJson(content, contentOf(current));
  const currentVersion = changed ? current.currentVersion + 1 : current.currentVersion;
  const now = new Date().toISOString();
  const saved: FormItem = { ...current, name: update.name, system, currentVersion, ...content, version: current.version + 1, updatedAt: now };
  const publish: TransactionItem[] = changed ? [(tx) => tx.formVersion.create({ formId, formVersion: currentVersion, name: saved.name, ...content, createdAt: now }).commit()] : [];
  // A published version: its name and number before and after; the fields and layout only as changed (the versions hold them whole).
  const audited = [
    ...fieldChange('name', current.name, saved.name),
    ...fieldChange('version', current.currentVersion, currentVersion),
    ...(sameJson(content, contentOf(current)) ? [] : [{ field: 'content', changed: true }]),
    ...fieldChange('system', current.system, system),
  ];
  const entry = audited.length ? [formEntry(auth, saved, changed ? 'form.published' : 'form.updated', changed ? 'versions' : 'details', audited)] : [];
  await transact([
    (tx) =>
      tx.form
        .patch({ formId })
        .set({ name: saved.name, system, currentVersion, layout: content.layout, fields: content.fields, updatedAt: now })
        .add({ version: 1 })
        .where(ifVersion(update.version))
        .commit(),
    ...publish,
    ...entry,
  ]);
  return formView(saved);
}
