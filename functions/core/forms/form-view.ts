import type { EntityItem } from 'electrodb';
import type { form } from '../../db/entities/form';
import type { formVersion } from '../../db/entities/form-version';
import type { FormRow, FormVersionView, FormView } from '../../../shared/api/form';
import type { FormContent } from '../../../shared/forms/form-definition';

export type FormItem = EntityItem<typeof form>;
export type FormVersionItem = EntityItem<typeof formVersion>;

/** The stored layout and fields (kept as `any` on the item; written only after validation). */
export function contentOf(item: Pick<FormItem, 'layout' | 'fields'>): FormContent {
  return { layout: (item.layout as FormContent['layout']) ?? [], fields: (item.fields as FormContent['fields']) ?? [] };
}

export function formRow(item: Pick<FormItem, 'formId' | 'name' | 'system' | 'currentVersion'>): FormRow {
  return { id: item.formId, name: item.name, system: item.system, currentVersion: item.currentVersion };
}

export function formView(item: FormItem): FormView {
  return {
    ...formRow(item),
    ...(item.description ? { description: item.description } : {}),
    ...contentOf(item),
    version: item.version,
    updatedAt: item.updatedAt,
  };
}

export function formVersionView(item: FormVersionItem): FormVersionView {
  return { formId: item.formId, formVersion: item.formVersion, name: item.name, ...contentOf(item), createdAt: item.createdAt };
}
