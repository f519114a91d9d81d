import type { Cell, MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named roles, `no` for everyone else. */
const only = (names: readonly string[], yes: number, no = 403): Record<string, number> & { default: number } => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

const READ_USER = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent', 'Advisor', 'Mentor', 'Interviewer'] as const;
const ADMINS = ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin'] as const;

const row = (own: Cell, other: Cell | null): MatrixRow => ({ own, other, anonymous: 401 });

/**
 * The generic user set answers exactly as its specific twins (sign-up-user, quickSearch,
 * get-user/{id}, PATCH /user/{id}, deactive-user). Own = another user of the actor's scope;
 * other = one outside it: unseen is 404, seen but not changeable 403.
 */
const listRow = row(only(READ_USER, 200), only(['Superadmin'], 200));
const deactivateRow = row(only(ADMINS, 204), { default: 403, Superadmin: 204, ConferenceAdmin: 404, DistrictAdmin: 404 });

export const USER_GENERIC_ROWS: Record<string, MatrixRow> = {
  'user.create': row(only(ADMINS, 201), only(['Superadmin'], 201)),
  'user.bulk': row(only(ADMINS, 201), only(['Superadmin'], 201)),
  'user.list': row(only(READ_USER, 200), null),
  'user.activeInterviewers': row(only(READ_USER, 200), null),
  'user.count': listRow,
  'user.query': listRow,
  'user.search': listRow,
  'user.getUsersByCurrentUser': listRow,
  // Everyone may read their own profile, so the route lets all in; unseen users are simply absent.
  'user.getUsers': row(200, 200),
  'user.get': row(only(READ_USER, 200, 404), only(['Superadmin'], 200, 404)),
  'user.update': row({ ...only(READ_USER, 403, 404), ...only(ADMINS, 200, 404) }, only(['Superadmin'], 200, 404)),
  'user.remove': deactivateRow,
  'user.removeById': deactivateRow,
  'admin.createUser': row(only(ADMINS, 200), { default: 403, Superadmin: 200, ConferenceAdmin: 404, DistrictAdmin: 404 }),
};
