import type { Cell, MatrixRow } from './authorization-matrix.expected';

const only = (names: readonly string[], yes: number, no: number): Cell => ({ default: no, ...Object.fromEntries(names.map((name) => [name, yes])) });

/** Track override (SPEC.md section 6) on an enrolment of the actor's conference and district. */
const OVERRIDE = ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent'] as const;

/**
 * A participant's step, seen by people who are neither its participant nor assigned to it:
 * only track-override roles open it and act on it (the participant's and assignees' side is
 * in step-instances.test.ts); outside their scope only the superadmin. Reading follows the track
 * page's rule (instance-access.ts): a conference admin's district permission in another conference
 * does not carry the role's power there.
 */
const overrideOnly: MatrixRow = { own: only(OVERRIDE, 200, 403), other: only(['Superadmin'], 200, 403), anonymous: 401 };
export const STEP_WORK_ROWS: Record<string, MatrixRow> = {
  'step.stepInstance': overrideOnly,
  'step.changeContent': overrideOnly,
  'step.decideAction': overrideOnly,
  'step.setStatus': overrideOnly,
  // A committee vote: nobody here is a member or the chair. Those who open the step learn only that
  // the committee has no chair to open or close it (409) or that they are not a member (403); others 403 first.
  'step.openVote': { own: only(OVERRIDE, 409, 403), other: only(['Superadmin'], 409, 403), anonymous: 401 },
  'step.closeVote': { own: only(OVERRIDE, 409, 403), other: only(['Superadmin'], 409, 403), anonymous: 401 },
  'step.castVote': { own: 403, other: 403, anonymous: 401 },
  'step.recuse': { own: 403, other: 403, anonymous: 401 },
  // Its panel interview: those who open the step read it; scheduling needs the chair (none here: 409 to
  // those who open the step, 403 to others first); answering needs a seat on the panel or the candidacy.
  'step.interview': overrideOnly,
  'step.proposeInterview': { own: only(OVERRIDE, 409, 403), other: only(['Superadmin'], 409, 403), anonymous: 401 },
  'step.confirmInterview': { own: only(OVERRIDE, 409, 403), other: only(['Superadmin'], 409, 403), anonymous: 401 },
  'step.cancelInterview': { own: only(OVERRIDE, 409, 403), other: only(['Superadmin'], 409, 403), anonymous: 401 },
  'step.markAvailability': { own: 403, other: 403, anonymous: 401 },
  'step.instanceAttachment': overrideOnly,
  // The getters of SPEC.md section 7 read through the step page: one item as the page answers, lists leave out.
  'step.stepContentInstance': overrideOnly,
  'step.taskInstance': overrideOnly,
  'step.stepInstances': { own: 200, other: 200, anonymous: 401 },
  'step.stepContentInstances': { own: 200, other: 200, anonymous: 401 },
  'step.stepActionInstances': { own: 200, other: 200, anonymous: 401 },
  'step.taskInstances': { own: 200, other: 200, anonymous: 401 },
  // The file service's view of an upload content: its readers; the others the 404 of an unknown id, or an empty list.
  'file.uploadInstance': { own: only(OVERRIDE, 200, 404), other: only(['Superadmin'], 200, 404), anonymous: 401 },
  'file.uploadInstances': { own: 200, other: 200, anonymous: 401 },
  // Taking a file off an upload: the person responsible (here an override); anyone else the 404 of an unknown key.
  'file.removeFromUpload': { own: only(OVERRIDE, 204, 404), other: only(['Superadmin'], 204, 404), anonymous: 401 },
};
