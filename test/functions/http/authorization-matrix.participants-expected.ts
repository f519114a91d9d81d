import type { Cell, MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named actors or roles, 403 for everyone else. */
const only = (names: readonly string[], yes: number): Cell => ({ default: 403, ...Object.fromEntries(names.map((name) => [name, yes])) });
const row = (own: Cell, other: Cell): MatrixRow => ({ own, other, anonymous: 401 });

/** Who reads track instances and the track: they get the table (rows narrowed to what they may see). */
const READ_INSTANCES = ['Superadmin', 'Bishop', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent', 'Advisor', 'Interviewer', 'Participant'] as const;
/** Administrators of a track's enrolments: a superadmin, a conference admin of the track's conference. */
const ADMINISTER = ['Superadmin', 'ConferenceAdmin'] as const;
/** Administrators of one enrolment: those, and district admins and superintendents of its district (the target's). */
const ADMINISTER_INSTANCE = [...ADMINISTER, 'DistrictAdmin', 'DistrictAdmin+Conference', 'DistrictSuperintendent'] as const;
/** The advisor placed in two conferences reads the other conference's tracks (no rows: assigned to none). */
const READ_OTHER = only(['Superadmin', 'Advisor-two-conferences'], 200);

/**
 * The participants table and assignments: own = the target enrolled in a track of the actor's
 * conference, other = in another conference. Bodies are checked for leaks: a reader who
 * administers nothing there gets no rows.
 */
export const PARTICIPANT_ROWS: Record<string, MatrixRow> = {
  'track.instances': row(only(READ_INSTANCES, 200), READ_OTHER),
  'track.assign': row(only(ADMINISTER_INSTANCE, 200), only(['Superadmin'], 200)),
  'track.reassign': row(only(ADMINISTER_INSTANCE, 200), only(['Superadmin'], 200)),
  'track.unassign': row(only(ADMINISTER_INSTANCE, 200), only(['Superadmin'], 200)),
  'track.removeAdvisorFromInstances': row(only(ADMINISTER_INSTANCE, 200), only(['Superadmin'], 200)),
  // Starts the job for administrators of enrolments there (each row is then checked by the job).
  'track.instancesBulk': row(only(ADMINISTER_INSTANCE, 202), only(['Superadmin'], 202)),
  'track.advisors': row(only(ADMINISTER, 200), only(['Superadmin'], 200)),
  // Instances the caller may not see are left out of the answer (checked for leaks), never refused.
  'track.trackAssignees': row(only(READ_INSTANCES, 200), only(READ_INSTANCES, 200)),
};
