import { transact } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { BusinessRuleError, StaleVersionError } from '../../lib/errors';
import { SYSTEM_FORM_LOCKED } from '../../../shared/api/form';
import type { AuthContext } from '../session/resolve-session';
import { mayManageSystemForms } from './system-forms';
import { requireLiveForm } from './form-store';
import { formEntry } from '../records/design-records';

/**
 * Deletes a form (DELETE /form/{id}). Steps may name it and instances keep the version they
 * started on, so nothing is erased: the form is marked deleted, which takes it out of the
 * sparse `list` index (table, search, pickers) and the counter in one transaction on the
 * version the caller read. Its content and versions keep answering current-form and
 * versions, so a step that uses it and the answers given to it still render and validate.
 */
export async function deleteForm(auth: AuthContext, formId: string, version: number): Promise<void> {
  const current = await requireLiveForm(formId);
  if (current.system && !mayManageSystemForms(auth)) throw new BusinessRuleError(SYSTEM_FORM_LOCKED);
  if (current.version !== version) throw new StaleVersionError(undefined, current.version);
  const now = new Date().toISOString();
  await transact([
    // The name is set again so the list index is recomputed, and its condition drops the keys.
    (tx) => tx.form.patch({ formId }).set({ deletedAt: now, name: current.name, updatedAt: now }).add({ version: 1 }).where(ifVersion(version)).commit(),
    (tx) => tx.formCount.update({}).add({ count: -1 }).commit(),
    formEntry(auth, current, 'form.deleted', 'deleted', [{ field: 'name', before: current.name }]),
  ]);
}
