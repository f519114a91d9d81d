import type { Cell, MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named actors or roles, `no` (403 unless given) for everyone else. */
const only = (names: readonly string[], yes: number, no = 403): Exclude<Cell, number | string> => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

/** Who reads interview groups (read UserGroup) and the track they sit on. */
const READ_GROUP = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent', 'Interviewer'] as const;
/** Who writes a conference's groups: update TrackInstance where the track is, and the action on UserGroup there. */
const WRITE_GROUP = ['Superadmin', 'ConferenceAdmin'] as const;
/** Another conference's track: only a superadmin reads it (the rest are refused before any group is read). */
const ONLY_SUPERADMIN = (yes: number) => only(['Superadmin'], yes);
/**
 * One group of another conference: a superadmin acts; those who may try (the UserGroup writers)
 * are told it does not exist (SPEC.md section 6: they may not see it), except the conference
 * admin also placed in a district of that conference, who sees it but may not act (403). A
 * district admin writes no conference's groups anywhere (the contract's canAt): 403 before anything is read.
 */
const OTHER_GROUP = (yes: number): Cell => ({ default: 403, Superadmin: yes, ConferenceAdmin: 404, 'ConferenceAdmin+OtherDistrict': 403 });

const row = (own: Cell, other: Cell): MatrixRow => ({ own, other, anonymous: 401 });

export const GROUP_ROWS: Record<string, MatrixRow> = {
  'user-group.list': row(only(READ_GROUP, 200), ONLY_SUPERADMIN(200)),
  'user-group.quickSearch': row(only(READ_GROUP, 200), ONLY_SUPERADMIN(200)),
  'user-group.count': row(only(READ_GROUP, 200), ONLY_SUPERADMIN(200)),
  'user-group.query': row(only(READ_GROUP, 200), ONLY_SUPERADMIN(200)),
  'user-group.search': row(only(READ_GROUP, 200), ONLY_SUPERADMIN(200)),
  // A bishop placed above the conference holds no permission in it: its groups are hidden from them (SPEC.md section 6).
  'user-group.get': row({ ...only(READ_GROUP, 200), Bishop: 404 }, { default: 403, Superadmin: 200, Bishop: 404, ConferenceAdmin: 404, DistrictAdmin: 404, DistrictSuperintendent: 404, Interviewer: 404, 'ConferenceAdmin+OtherDistrict': 403 }),
  'user-group.create': row(only(WRITE_GROUP, 201), ONLY_SUPERADMIN(201)),
  'user-group.bulk': row(only(WRITE_GROUP, 201), ONLY_SUPERADMIN(201)),
  'user-group.updateById': row(only(WRITE_GROUP, 200), OTHER_GROUP(200)),
  'user-group.update': row(only(WRITE_GROUP, 200), OTHER_GROUP(200)),
  'user-group.removeById': row(only(WRITE_GROUP, 204), OTHER_GROUP(204)),
  'user-group.remove': row(only(WRITE_GROUP, 204), OTHER_GROUP(204)),
};
