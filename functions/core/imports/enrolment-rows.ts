import { scoped } from '../../../shared/auth/ability';
import { IMPORT_STATUSES } from '../../../shared/imports/csv-import';
import type { TrackInstanceStatus } from '../../../shared/tracks/step-status';
import type { LocationItem } from '../../db/access/location-store';
import { loadUserAggregate, type UserAggregate } from '../../db/access/user-aggregate';
import { db } from '../../db/service';
import { batchGet } from '../../db/transact';
import { HttpError } from '../../lib/errors';
import { advisorProblem, districtFor, TRACK_INACTIVE_MESSAGE } from '../enrolments/enrol';
import { enrolmentClaim } from '../enrolments/enrol-writes';
import { ADVISOR_ROLE_ID, instanceRights, type TrackInstanceItem } from '../enrolments/instance-access';
import { maySetStatuses } from '../scope/caller-rights';
import { STATUS_NOT_ALLOWED } from '../step-work/step-work';
import type { AuthContext } from '../session/resolve-session';
import { canSeeTarget } from '../users/target-user';
import { readTrackAggregate, type StepItem, type TrackAggregate, type TrackTemplateItem } from '../tracks/track-store';
import { stepsInTrackOrder } from './enrolment-steps';
import type { CheckedRow, TableRow } from './import-table';

/** An enrolment ready to make, as the preview resolved it. */
export interface EnrolmentRow {
  line: number;
  trackId: string;
  participantId: string;
  advisorId: string;
  status: Exclude<TrackInstanceStatus, 'Unavailable'>;
  /** The Current step's template, when steps before it are to be Completed (enrolment-steps.ts). */
  stepTemplateId?: string;
}

export const ENROLMENT_EXISTS = 'Already enrolled in this track: unchanged.';

/** Tracks of one conference read for names (a conference has tens). */
const TRACKS_MAX = 500;
/** People loaded at once. */
const PARALLEL_LOADS = 16;

const nameKey = (name: string) => name.trim().toLowerCase();
/** A step's name, or its phase's and its own as "Phase / Step" (spaces around the slash do not matter). */
const stepKey = (name: string) => nameKey(name).replace(/\s*\/\s*/g, '/');

type District = { districtId: string; ancestorIds: string[] };

/**
 * Every enrolment row checked as Add Participant would check it: the person (by email; one the
 * caller sees, active, with a district where the caller may enrol), the track (by name, in this
 * conference, active), the advisor (by email; one the caller sees holding Advisor), the status,
 * and the current step (an active step of the track; when steps come before it, the caller must
 * be one who may set this enrolment's step statuses, as `step.setStatus` decides); a person
 * already in the track is unchanged.
 */
export async function checkEnrolments(auth: AuthContext, conference: LocationItem, rows: TableRow[]): Promise<CheckedRow<EnrolmentRow>[]> {
  const { data: trackItems } = await db().entities.trackTemplate.query.byConference({ conferenceId: conference.locationId, status: 'active' }).go({ limit: TRACKS_MAX });
  const tracks = new Map(trackItems.map((track) => [nameKey(track.name), track]));
  const people = await peopleByEmail(rows.flatMap((row) => [row.cells['Person email']!, row.cells['Advisor email']!]));
  const named = rows.map((row) => ({ track: tracks.get(nameKey(row.cells['Track']!)), person: people.get(nameKey(row.cells['Person email']!)) }));
  const outlines = await trackOutlines(named.flatMap((row) => (row.track ? [row.track] : [])));
  const pairs = [...new Map(named.flatMap((row) => (row.track && row.person ? [enrolmentClaim(row.track.trackTemplateId, row.person.user.userId)] : [])).map((key) => [`${key.scope}|${key.name}`, key])).values()];
  const held = new Set((await batchGet<{ name: string; scope: string }>(db().entities.claim, pairs)).map((claim) => `${claim.scope}|${claim.name}`.toLowerCase()));
  const firstLine = new Map<string, number>();

  return rows.map((row, index): CheckedRow<EnrolmentRow> => {
    const problems = [...row.problems];
    const cells = row.cells;
    const { track, person } = named[index]!;
    const advisor = cells['Advisor email'] ? people.get(nameKey(cells['Advisor email'])) ?? null : null;
    let district: District | null = null;
    if (!person || !canSeeTarget(auth, person)) problems.push(`No person with the email "${cells['Person email']}" that you can see. Import them as people first.`);
    else if (person.user.inactive) problems.push('This person is inactive.');
    else {
      const place = placeOf(auth, person);
      if (typeof place === 'string') problems.push(place);
      else if (!auth.ability.can('create', scoped('TrackInstance', { ancestorIds: place.ancestorIds }))) problems.push('You may not enrol people of this person\'s district.');
      else district = place;
    }
    if (!track) problems.push(`No active track named "${cells['Track']}" in ${conference.name}.`);
    else if (track.disabled) problems.push(TRACK_INACTIVE_MESSAGE);
    const advisorIssue = advisorProblem(auth, advisor);
    if (advisorIssue) problems.push(`Advisor "${cells['Advisor email']}": ${advisorIssue}`);
    const status = cells['Status'] ? IMPORT_STATUSES.find((value) => nameKey(value) === nameKey(cells['Status']!)) : 'Open';
    if (!status) problems.push(`Status must be one of ${IMPORT_STATUSES.join(', ')}.`);
    const enrolment = person && district && advisor && !advisorIssue ? { person, district, advisor } : null;
    const step = cells['Current step'] && track ? currentStep(auth, { track, outline: outlines.get(track.trackTemplateId), cell: cells['Current step'], status, enrolment }) : null;
    if (typeof step === 'string') problems.push(step);
    const pair = track && person ? `${track.trackTemplateId}|${person.user.userId}` : null;
    const earlier = pair ? firstLine.get(pair) : undefined;
    if (earlier !== undefined) problems.push(`This person and track are also on line ${earlier}: each enrolment once.`);
    else if (pair) firstLine.set(pair, row.line);

    const label = `${cells['Person email']} in ${cells['Track']}`;
    if (problems.length) return { view: { line: row.line, label, status: 'problem', messages: problems } };
    const claim = enrolmentClaim(track!.trackTemplateId, person!.user.userId);
    if (held.has(`${claim.scope}|${claim.name}`.toLowerCase())) return { view: { line: row.line, label, status: 'unchanged', messages: [ENROLMENT_EXISTS] } };
    return {
      view: { line: row.line, label, status: 'ready', messages: [] },
      ready: { line: row.line, trackId: track!.trackTemplateId, participantId: person!.user.userId, advisorId: advisor!.user.userId, status: status!, ...(step && typeof step !== 'string' ? { stepTemplateId: step.stepTemplateId } : {}) },
    };
  });
}

/** The enrolment's district as Add Participant chooses it, or why there is none. */
function placeOf(auth: AuthContext, person: UserAggregate): District | string {
  try {
    return districtFor(auth, person, undefined);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return 'This person has no district: add one on their profile first.';
  }
}

/** People by email (lower-cased): one BatchGet of the email claims, then each person's aggregate. */
async function peopleByEmail(emails: string[]): Promise<Map<string, UserAggregate>> {
  const wanted = [...new Set(emails.map(nameKey).filter(Boolean))];
  const claims = await batchGet<{ email: string; userId: string }>(db().entities.userEmail, wanted.map((email) => ({ email })));
  const found = new Map<string, UserAggregate>();
  for (let start = 0; start < claims.length; start += PARALLEL_LOADS) {
    const batch = claims.slice(start, start + PARALLEL_LOADS);
    const loaded = await Promise.all(batch.map((claim) => loadUserAggregate(claim.userId)));
    batch.forEach((claim, index) => loaded[index] && found.set(claim.email, loaded[index]!));
  }
  return found;
}

/** Each named track's outline, by id: one read per track. */
async function trackOutlines(tracks: TrackTemplateItem[]): Promise<Map<string, TrackAggregate>> {
  const ids = [...new Set(tracks.map((track) => track.trackTemplateId))];
  const outlines = await Promise.all(ids.map((id) => readTrackAggregate(id)));
  return new Map(ids.flatMap((id, index) => (outlines[index] ? [[id, outlines[index]!] as const] : [])));
}

interface StepCell {
  track: TrackTemplateItem;
  outline: TrackAggregate | undefined;
  cell: string;
  status: string | undefined;
  /** The enrolment the row makes, when its person, district and advisor passed their checks. */
  enrolment: { person: UserAggregate; district: District; advisor: UserAggregate } | null;
}

/**
 * The Current step a row names, when steps before it are to be Completed (null when it comes
 * first, nothing to do), or the row's problem: no such active step, a name several phases
 * share, a Completed enrolment (it has no current step), or a caller who could not set this
 * enrolment's step statuses in the app (the route's `requireStatusSetter`, then the enrolment's
 * rights as they will be: its advisor, or a track override where it is enrolled).
 */
function currentStep(auth: AuthContext, { track, outline, cell, status, enrolment }: StepCell): StepItem | string | null {
  const order = outline ? stepsInTrackOrder(outline) : [];
  const phases = new Map((outline?.phases ?? []).map((phase) => [phase.phaseId, phase.name]));
  const matches = order.filter((step) => stepKey(step.name) === stepKey(cell) || stepKey(`${phases.get(step.phaseId)}/${step.name}`) === stepKey(cell));
  if (!matches.length) return `No active step named "${cell}" in ${track.name}.`;
  if (matches.length > 1) return `Several steps of ${track.name} are named "${cell}": write it with its phase, as "${phases.get(matches[1]!.phaseId)} / ${matches[1]!.name}".`;
  if (status === 'Completed') return 'A Completed enrolment has no current step: leave Current step empty.';
  const step = matches[0]!;
  if (order.indexOf(step) === 0 || !enrolment) return null;
  return maySetSteps(auth, track, enrolment) ? step : `${STATUS_NOT_ALLOWED} Leave Current step empty to enrol them at the start.`;
}

/** Whether the caller will hold `canChangeStatus` on the enrolment this row makes (functions/core/enrolments/instance-access.ts). */
function maySetSteps(auth: AuthContext, track: TrackTemplateItem, { person, district, advisor }: NonNullable<StepCell['enrolment']>): boolean {
  const assignee = { userId: advisor.user.userId, roleId: ADVISOR_ROLE_ID, roleName: 'Advisor', firstName: advisor.user.firstName, lastName: advisor.user.lastName };
  const planned: Pick<TrackInstanceItem, 'participantId' | 'assignees' | 'conferenceId' | 'districtId' | 'ancestorIds'> = {
    participantId: person.user.userId,
    assignees: [assignee],
    conferenceId: track.conferenceId,
    ...district,
  };
  return maySetStatuses(auth) && instanceRights(auth, planned as TrackInstanceItem, null).canChangeStatus;
}
