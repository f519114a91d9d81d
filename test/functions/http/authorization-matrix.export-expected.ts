import type { Cell, MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named roles, `no` for everyone else. */
const only = (names: readonly string[], yes: number, no = 403): Record<string, number> & { default: number } => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

const row = (own: Cell, other: Cell): MatrixRow => ({ own, other, anonymous: 401 });

/**
 * A person's data export (issue 25, item 4): a superadmin exports anyone; everyone else only
 * themself (test/functions/http/data-export.test.ts), so on another person every other role is
 * refused (403) before anything is read, wherever the person is. The link: the requester's own
 * finished export of that person, for who may export them (403 for the others even with one).
 */
export const EXPORT_ROWS: Record<string, MatrixRow> = {
  'user.startDataExport': row(only(['Superadmin'], 202), only(['Superadmin'], 202)),
  'user.dataExportLink': row(only(['Superadmin'], 200), only(['Superadmin'], 200)),
};
