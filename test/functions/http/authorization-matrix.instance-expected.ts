import type { Cell, MatrixRow } from './authorization-matrix.expected';

/** `yes` for the named roles, 403 for everyone else. */
const only = (names: readonly string[], yes: number): Cell => ({ default: 403, ...Object.fromEntries(names.map((name) => [name, yes])) });

/** Who enrols (create TrackInstance, in their own reach). */
const ENROL = ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin'] as const;
/**
 * Who opens, verifies and sets the status of an enrolment they are no party to: track-override
 * roles where they govern (SPEC.md section 6). Advisors and interviewers only through their own
 * assignments, and the matrix's enrolments have none.
 */
const OVERRIDE = ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent'] as const;
/** Removal also needs delete TrackInstance, which a superintendent lacks. */
const REMOVE = ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin'] as const;

/** Track instances: own = an enrolment of a user in the actor's scope and district, other = one outside it. */
export const INSTANCE_ROWS: Record<string, MatrixRow> = {
  'track.createInstance': { own: only(ENROL, 201), other: only(['Superadmin'], 201), anonymous: 401 },
  'track.trackInstance': { own: only(OVERRIDE, 200), other: only(['Superadmin'], 200), anonymous: 401 },
  'track.verifyStepInstances': { own: only(OVERRIDE, 200), other: only(['Superadmin'], 200), anonymous: 401 },
  'track.updateInstance': { own: only(OVERRIDE, 200), other: only(['Superadmin'], 200), anonymous: 401 },
  'track.removeInstance': { own: only(REMOVE, 200), other: only(['Superadmin'], 200), anonymous: 401 },
};
