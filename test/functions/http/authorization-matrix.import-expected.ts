import type { MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named roles, `no` for everyone else. */
const only = (names: readonly string[], yes: number, no = 403): Record<string, number> & { default: number } => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

/**
 * CSV import (issue 27, item 4): `update Conference` held at a conference or above before the
 * body (everyone else 403), then the loaded conference: its own admins and superadmins, never
 * another conference's admins. Starting needs the caller's own preview of that conference.
 */
export const IMPORT_ROWS: Record<string, MatrixRow> = {
  'conference.importPreview': { own: only(['Superadmin', 'ConferenceAdmin'], 200), other: only(['Superadmin'], 200), anonymous: 401 },
  'conference.importStart': { own: only(['Superadmin', 'ConferenceAdmin'], 202), other: only(['Superadmin'], 202), anonymous: 401 },
};
