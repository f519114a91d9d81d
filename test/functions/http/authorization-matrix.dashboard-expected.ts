import type { MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named roles, `no` for everyone else. */
const only = (names: readonly string[], yes: number, no = 403): Record<string, number> & { default: number } => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

/**
 * The dashboard: `update District` held at a district or above before anything is read
 * (everyone else 403), then the loaded place: a district's figures are read by whoever may update
 * it (superadmins, its conference's admins, its own district admins), never another's.
 */
export const DASHBOARD_ROWS: Record<string, MatrixRow> = {
  'conference.dashboard': { own: only(['Superadmin', 'ConferenceAdmin', 'DistrictAdmin'], 200), other: only(['Superadmin'], 200), anonymous: 401 },
  'conference.dashboardWaiting': { own: only(['Superadmin', 'ConferenceAdmin', 'DistrictAdmin'], 200), other: only(['Superadmin'], 200), anonymous: 401 },
  'conference.dashboardEnrolments': { own: only(['Superadmin', 'ConferenceAdmin', 'DistrictAdmin'], 200), other: only(['Superadmin'], 200), anonymous: 401 },
};
