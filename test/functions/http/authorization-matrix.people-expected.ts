import type { Cell, MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named roles, `no` for everyone else. */
const only = (names: readonly string[], yes: number, no = 403): Record<string, number> & { default: number } => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

const READ_USER = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent', 'Advisor', 'Mentor', 'Interviewer'] as const;
const READ_MEMBERSHIP = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent'] as const;
const ADMINS = ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin'] as const;

const row = (own: Cell, other: Cell): MatrixRow => ({ own, other, anonymous: 401 });

/**
 * The profile's details and church memberships. Own = another user of the actor's scope and
 * its church; other = a user and church outside it. Someone who cannot see a user gets 404
 * (exactly as for a missing one); someone who sees them but may not change them 403.
 */
export const PEOPLE_ROWS: Record<string, MatrixRow> = {
  'user.profileBasicInfo': row(only(READ_USER, 200, 404), only(['Superadmin'], 200, 404)),
  // The profile's Tracks: whoever sees the user (each enrolment only where the caller may open it).
  'user.profileTrackInstances': row(only(READ_USER, 200, 404), only(['Superadmin'], 200, 404)),
  // Someone else's details need update User somewhere: whoever holds it nowhere is refused before the body (403, whoever the
  // user is); an administrator who cannot see the user gets 404, exactly as for a missing one.
  'user.updateById': row(only(ADMINS, 200), { ...only(ADMINS, 404), Superadmin: 200 }),
  // Manage-all callers only, wherever the users are (SPEC.md section 6).
  'user.merge': row(only(['Superadmin'], 202), only(['Superadmin'], 202)),
  // Undo merge and whether one is possible: manage-all callers only, like the merge (issue 25, item 5).
  'user.undoMerge': row(only(['Superadmin'], 202), only(['Superadmin'], 202)),
  'user.mergeUndoState': row(only(['Superadmin'], 200), only(['Superadmin'], 200)),
  // The Documents and User Assignments tabs: for those who may update User where the user is.
  'user.assignedUsers': row({ ...only(READ_USER, 403, 404), ...only(ADMINS, 200, 404) }, only(['Superadmin'], 200, 404)),
  'file.associatedFiles': row({ ...only(READ_USER, 403, 404), ...only(ADMINS, 200, 404) }, only(['Superadmin'], 200, 404)),
  'church.memberships': row(only(READ_MEMBERSHIP, 200), { ...only(READ_MEMBERSHIP, 404), Superadmin: 200 }),
  'church.addMemberships': row(only(ADMINS, 201), only(['Superadmin'], 201)),
  'church.deactivateMembership': row(only(ADMINS, 200), { ...only(ADMINS, 404), Superadmin: 200 }),
  'church.setConstituent': row(only(ADMINS, 200), { ...only(ADMINS, 404), Superadmin: 200 }),
};
