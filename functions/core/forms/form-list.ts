import { db } from '../../db/service';
import type { SortDirection } from '../../../shared/api/list-query';
import { PAGE_SIZES } from '../../../shared/api/limits';
import { FORM_COUNT_SEARCH_MAX, type FormRow } from '../../../shared/api/form';
import { formRow } from './form-view';

export interface FormListQuery {
  limit?: number;
  offset?: number;
  orderBy?: { column: 'name'; direction: SortDirection };
  where?: { name?: string };
}

const ROW_ATTRIBUTES = ['formId', 'name', 'system', 'currentVersion'] as const;

/** The total: the counter the create transaction moves (never a read of the list). */
export async function formTotal(): Promise<number> {
  const { data } = await db().entities.formCount.get({}).go();
  return data?.count ?? 0;
}

/**
 * A page of the forms table from the `list` index (sorted by name): one Query that stops
 * after `offset + limit` rows. With search text it is begins_with on the name (keys are
 * lower-cased, so case-insensitive) and the count is exact to the end of the page, plus
 * one while further matches exist (as the directory search counts).
 */
export async function formPage(query: FormListQuery, withCount = true): Promise<{ data: FormRow[]; count: number }> {
  const { offset = 0, limit = PAGE_SIZES[0], orderBy } = query;
  const text = query.where?.name?.trim() ?? '';
  const order = orderBy?.direction === 'DESC' ? 'desc' : 'asc';
  const take = offset + limit + (text ? 1 : 0);
  const list = db().entities.form.query.list({});
  const read = text ? list.begins({ name: text }) : list;
  const [{ data }, total] = await Promise.all([
    read.go({ limit: take, order, attributes: [...ROW_ATTRIBUTES] }),
    withCount && !text ? formTotal() : Promise.resolve(0),
  ]);
  const rows = data.slice(offset, offset + limit).map(formRow);
  const count = text ? offset + Math.min(data.length - offset, limit) + (data.length > offset + limit ? 1 : 0) : total;
  return { data: rows, count: Math.max(count, 0) };
}

/** The forms counter, or the names starting with the text counted as a search counts (bounded). */
export async function formCount(name: string | undefined): Promise<number> {
  if (!name?.trim()) return formTotal();
  return (await formPage({ where: { name }, limit: FORM_COUNT_SEARCH_MAX, offset: 0 }, false)).count;
}
