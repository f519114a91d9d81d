import type { Cell, MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named actors or roles, `no` for everyone else. */
const only = (names: readonly string[], yes: number, no = 403): Cell => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });
const row = (own: Cell, other: Cell): MatrixRow => ({ own, other, anonymous: 401 });

/** As the participants table: who reads the track gets the file (of the rows they may see). */
const READ_INSTANCES = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent', 'Advisor', 'Interviewer', 'Participant'] as const;
/** As the users table. */
const READ_USER = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent', 'Advisor', 'Mentor', 'Interviewer'] as const;

/**
 * The table exports (issue 27, items 3 and 6): each answers exactly as the table it exports (the
 * participants table, the users table, the audit page, the dashboard); a finished export's link only
 * to the person who made it (someone else's, even for a superadmin: 404, as for none), whose right to
 * the table is checked again (the users table's: 403 for those who read no users).
 */
export const TABLE_EXPORT_ROWS: Record<string, MatrixRow> = {
  'track.instancesExport': row(only(READ_INSTANCES, 200), only(['Superadmin', 'Advisor-two-conferences'], 200)),
  'user.getUsersByCurrentUserExport': row(only(READ_USER, 200), only(['Superadmin'], 200)),
  'audit.organisationExport': row(only(['Superadmin', 'ConferenceAdmin'], 200), only(['Superadmin'], 200)),
  'conference.dashboardExport': row(only(['Superadmin', 'ConferenceAdmin', 'DistrictAdmin'], 200), only(['Superadmin'], 200)),
  'job.tableExportLink': row(only(READ_USER, 200), 404),
};
