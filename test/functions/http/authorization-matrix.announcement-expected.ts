import type { Cell, MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named actors or roles, `no` (403 unless given) for everyone else. */
const only = (names: readonly string[], yes: number, no = 403): Exclude<Cell, number | string> => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

/** Who manages announcements: a superadmin everywhere, a conference admin in their conference. */
const MANAGERS = ['Superadmin', 'ConferenceAdmin'] as const;
const ONLY_SUPERADMIN = (yes: number) => only(['Superadmin'], yes);

const row = (own: Cell, other: Cell | null): MatrixRow => ({ own, other, anonymous: 401 });

export const ANNOUNCEMENT_ROWS: Record<string, MatrixRow> = {
  'announcement.create': row(only(MANAGERS, 201), ONLY_SUPERADMIN(201)),
  'announcement.list': row(only(MANAGERS, 200), null),
  'announcement.quickSearch': row(only(MANAGERS, 200), null),
  // Everyone placed in a conference (or in one of its districts or churches, or above it: a bishop
  // at its episcopal area) is shown its live announcements. Those also placed in a district of the
  // other conference see that one's too.
  'announcement.get': row({ default: 200 }, only(['Superadmin', 'Advisor-two-conferences', 'ConferenceAdmin+OtherDistrict'], 200)),
  'announcement.updateById': row(only(MANAGERS, 200), ONLY_SUPERADMIN(200)),
  'announcement.removeById': row(only(MANAGERS, 204), ONLY_SUPERADMIN(204)),
  // Those who administer the district's people (update User there, no denial at it or above; a denial inside is skipped).
  'notification.publish': row(only(['Superadmin', 'ConferenceAdmin', 'DistrictAdmin'], 202), ONLY_SUPERADMIN(202)),
  'notification.subscribe': row(200, null),
};
