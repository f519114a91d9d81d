import type { Cell, MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named roles, `no` for everyone else. */
const only = (names: readonly string[], yes: number, no = 403): Record<string, number> & { default: number } => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

const ADMINS = ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin'] as const;
const GOVERN_CONFERENCE = ['Superadmin', 'ConferenceAdmin'] as const;

const row = (own: Cell, other: Cell): MatrixRow => ({ own, other, anonymous: 401 });

/**
 * The audit trail's readers. A person's History: those who may update User where the person is
 * (403 before any read for whoever holds that power nowhere; an administrator who cannot see the
 * person gets 404, as for a missing one). The organisation page and its export: a superadmin, or
 * whoever may update that conference (its conference admins), never another conference's.
 */
export const AUDIT_ROWS: Record<string, MatrixRow> = {
  'audit.history': row(only(ADMINS, 200), { ...only(ADMINS, 404), Superadmin: 200 }),
  'audit.organisation': row(only(GOVERN_CONFERENCE, 200), only(['Superadmin'], 200)),
  'audit.organisationCsv': row(only(GOVERN_CONFERENCE, 200), only(['Superadmin'], 200)),
  // A person's read-access log: superadmins and whoever may update one of the person's conferences (a district admin sees the person but governs no conference: 403); those who cannot see the person 404.
  'audit.readLog': row(only(GOVERN_CONFERENCE, 200), { ...only(ADMINS, 404), Superadmin: 200 }),
};
