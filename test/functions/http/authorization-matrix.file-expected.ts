import type { Cell, MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named roles, `no` for everyone else. */
const only = (names: readonly string[], yes: number, no: number): Cell => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

/** Who sees a user (and so reads their form answers and files): as `form.userForms`. */
const READ_USER = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent', 'Advisor', 'Mentor', 'Interviewer'] as const;

export const FILE_ROWS: Record<string, MatrixRow> = {
  'file.requestUpload': { own: { default: 404, Participant: 201 }, other: null, anonymous: 401 },
  'file.confirmUpload': { own: 400, other: 404, anonymous: 401 },
  'file.remove': { own: 204, other: 404, anonymous: 401 },
  'file.download': { own: only(READ_USER, 200, 404), other: only(['Superadmin'], 200, 404), anonymous: 401 },
  // A list: what the caller may not read is left out (the leak check reads the bodies).
  'file.fileInstances': { own: 200, other: 200, anonymous: 401 },
  'file.userFiles': { own: only(READ_USER, 200, 404), other: only(['Superadmin'], 200, 404), anonymous: 401 },
};
