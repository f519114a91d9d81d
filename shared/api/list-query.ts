import * as z from 'zod';
import { PAGE_SIZES, MAX_LIST_OFFSET } from './limits';

/**
 * The list parameters of the generic set (SPEC.md section 7: limit, offset, relations,
 * orderBy, where). They accept only what the designed indexes serve: a column that has no
 * sorted list, a filter with no list behind it or an unknown relation is a 400 that says
 * what is accepted, never a silent full read.
 */
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

const asArray = (value: unknown) => (value === undefined || Array.isArray(value) ? value : [value]);
const choices = (values: readonly string[]) => (values.length ? values.join(', ') : 'nothing');

/** Search text of lists and pickers: names are at most 120 characters, so longer text matches nothing. */
export const SEARCH_TEXT_MAX = 120;
export const searchTextSchema = z.string().trim().max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters.`);

/** Options the original client sends and the server ignores (quickSearch's `tableName`), bounded like any text. */
export const tableOptionText = z.string().max(60);

export const limitSchema = z.coerce
  .number({ error: 'limit must be a number' })
  .int()
  .min(1)
  .max(Math.max(...PAGE_SIZES), `limit must be at most ${Math.max(...PAGE_SIZES)}`)
  .default(PAGE_SIZES[0]);

export const offsetSchema = z.coerce
  .number({ error: 'offset must be a number' })
  .int()
  .min(0)
  .max(MAX_LIST_OFFSET, `Narrow the list with search or a filter to go past row ${MAX_LIST_OFFSET}.`)
  .default(0);

/** More relation names than any entity has means a bad request. */
const RELATIONS_MAX = 10;

export function relationsSchema<const R extends readonly string[]>(allowed: R) {
  return z.preprocess(
    asArray,
    z
      .array(z.string().max(60))
      .max(RELATIONS_MAX, `relations accepts ${choices(allowed)}`)
      .refine((values) => values.every((value) => allowed.includes(value)), `relations accepts ${choices(allowed)}`)
      .transform((values) => values as unknown as Array<R[number]>)
      .optional(),
  );
}

/** `orderBy[column]=ASC|DESC`, one column, from the columns that have a sorted list. */
export function orderBySchema<const C extends readonly string[]>(sortable: C) {
  const shape = Object.fromEntries(sortable.map((column) => [column, z.enum(SORT_DIRECTIONS, `Sort direction must be ASC or DESC`).optional()]));
  return z
    .strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? `orderBy accepts ${choices(sortable)}` : undefined) })
    .refine((value) => Object.values(value).filter(Boolean).length <= 1, 'orderBy accepts one column')
    .transform((value) => {
      const entry = Object.entries(value).find(([, direction]) => direction);
      return entry ? { column: entry[0] as C[number], direction: entry[1] as SortDirection } : undefined;
    })
    .optional();
}

/** Booleans arrive as text in a query string. */
export const booleanText = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** `where[...]` from a fixed set of filters; `missing` makes the filter itself required (a list read one parent at a time). */
function strictWhere<S extends z.ZodRawShape>(shape: S, missing?: string) {
  const allowed = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `where accepts ${choices(allowed)}` : issue.code === 'invalid_type' && issue.input === undefined ? missing : undefined),
  });
}

/** `where[...]` from a fixed set of filters. */
export function whereSchema<S extends z.ZodRawShape>(shape: S) {
  return strictWhere(shape).optional();
}

/**
 * `where[...]` of a list that exists only under its parent (a track's phases, a phase's
 * steps): without the parent's id it is a 400 that says so, never a read of everything.
 */
export function parentWhereSchema<S extends z.ZodRawShape>(shape: S, missing: string) {
  return strictWhere(shape, missing);
}

/** `{ data, count }` of quickSearch (SPEC.md section 7). */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), count: z.number().int() });
}
