import type { Cell, MatrixRow } from './authorization-matrix.expected';

const only = (names: readonly string[], yes: number, no: number): Cell => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

/** Track override (SPEC.md section 6) on an enrolment of the actor's conference and district. */
const OVERRIDE = ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent'] as const;

/**
 * A participant's step, seen by people who are neither its participant nor assigned to it:
 * only track-override roles open it and act on it (the participant's and assignees' side is
 * in step-instances.test.ts); outside their scope only the superadmin.
 */
const overrideOnly: MatrixRow = { own: only(OVERRIDE, 200, 403), other: only(['Superadmin'], 200, 403), anonymous: 401 };
const OTHER_READERS = ['Superadmin', 'ConferenceAdmin+OtherDistrict'] as const;

/**
 * Reading also opens to a conference admin matched by a district permission (SPEC.md section 6,
 * track access), even a district of another conference; acting needs the override.
 */
const read: MatrixRow = { ...overrideOnly, other: only(OTHER_READERS, 200, 403) };

export const STEP_WORK_ROWS: Record<string, MatrixRow> = {
  'step.stepInstance': read,
  'step.changeContent': overrideOnly,
  'step.decideAction': overrideOnly,
  'step.setStatus': overrideOnly,
};
