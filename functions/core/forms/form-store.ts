import { db } from '../../db/service';
import { batchGet } from '../../db/transact';
import { NotFoundError } from '../../lib/errors';
import type { FormItem, FormVersionItem } from './form-view';

export const FORM_NOT_FOUND = 'Form not found.';
/** Most versions the versions list reads (one Query of the form's collection). */
export const FORM_VERSIONS_MAX = 500;

export async function requireForm(formId: string): Promise<FormItem> {
  const { data } = await db().entities.form.get({ formId }).go();
  if (!data) throw new NotFoundError(FORM_NOT_FOUND);
  return data;
}

/**
 * A form the form page may open, save or delete: a deleted one is 404 there, while
 * `requireForm` still serves its content to the steps and answers that use it.
 */
export async function requireLiveForm(formId: string): Promise<FormItem> {
  const form = await requireForm(formId);
  if (form.deletedAt) throw new NotFoundError(FORM_NOT_FOUND);
  return form;
}

/** Forms by id (BatchGet), in the order asked; unknown ids are left out. */
export async function formsById(formIds: string[]): Promise<FormItem[]> {
  const data = await batchGet<FormItem>(db().entities.form, formIds.map((formId) => ({ formId })));
  const byId = new Map(data.map((item) => [item.formId, item]));
  return formIds.map((id) => byId.get(id)).filter((item): item is FormItem => Boolean(item));
}

export async function requireFormVersion(formId: string, formVersion: number): Promise<FormVersionItem> {
  const { data } = await db().entities.formVersion.get({ formId, formVersion }).go();
  if (!data) throw new NotFoundError('Form version not found.');
  return data;
}

/** A form's published versions, oldest first. */
export async function formVersions(formId: string): Promise<FormVersionItem[]> {
  await requireForm(formId);
  const { data } = await db().entities.formVersion.query.byForm({ formId }).go({ limit: FORM_VERSIONS_MAX });
  return data;
}
