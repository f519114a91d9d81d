import type { Api } from '@shared/api';
import type { BodyInput, QueryInput } from '@shared/api/contract';
import { call } from '../../lib/api/client';
import { routes } from '../../lib/api/routes';

export type FormPageQuery = QueryInput<Api['form']['quickSearch']>;
export type FormSave = BodyInput<Api['form']['updateById']>;

/** The forms table's page route (read with usePagedTable). */
export const formPageRoute = routes.form.quickSearch;
export const formRoute = routes.form.get;

export function createForm() {
  return call(routes.form.create, { body: {} });
}

export function saveForm(id: string, body: FormSave) {
  return call(routes.form.updateById, { params: { id }, body });
}
