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
import { activeSteps } from '../enrolments/template-parts';
import type { AuthContext } from '../session/resolve-session';
import { canSeeTarget } from '../users/target-user';
import { readTrackAggregate, type TrackTemplateItem } from '../tracks/track-store';
import type { CheckedRow, TableRow } from './import-table';

/** An enrolment ready to make, as the preview resolved it. */
export interface EnrolmentRow {
  line: number;
  trackId: string;
  participantId: string;
  advisorId: string;
  status: Exclude<TrackInstanceStatus, 'Unavailable'>;
}

export const ENROLMENT_EXISTS = 'Already enrolled in this track: unchanged.';

/** Tracks of one conference read for names (a conference has tens). */
const TRACKS_MAX = 500;
/** People loaded at once. */
const PARALLEL_LOADS = 16;

const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * Every enrolment row checked as Add Participant would check it: the person (by email; one the
 * caller sees, active, with a district where the caller may enrol), the track (by name, in this
 * conference, active), the advisor (by email; one the caller sees holding Advisor), the status,
 * and the current step (a new enrolment starts at the steps open from the start, so only those
 * may be named); a person already in the track is unchanged.
 */
export async function checkEnrolments(auth: AuthContext, conference: LocationItem, rows: TableRow[]): Promise<CheckedRow<EnrolmentRow>[]> {
  const { data: trackItems } = await db().entities.trackTemplate.query.byConference({ conferenceId: conference.locationId, status: 'active' }).go({ limit: TRACKS_MAX });
  const tracks = new Map(trackItems.map((track) => [nameKey(track.name), track]));
  const people = await peopleByEmail(rows.flatMap((row) => [row.cells['Person email']!, row.cells['Advisor email']!]));
  const named = rows.map((row) => ({ track: tracks.get(nameKey(row.cells['Track']!)), person: people.get(nameKey(row.cells['Person email']!)) }));
  const startSteps = await stepsOpenAtStart(named.flatMap((row) => (row.track ? [row.track] : [])));
  const pairs = [...new Map(named.flatMap((row) => (row.track && row.person ? [enrolmentClaim(row.track.trackTemplateId, row.person.user.userId)] : [])).map((key) => [`${key.scope}|${key.name}`, key])).values()];
  const held = new Set((await batchGet<{ name: string; scope: string }>(db().entities.claim, pairs)).map((claim) => `${claim.scope}|${claim.name}`.toLowerCase()));
  const firstLine = new Map<string, number>();

  return rows.map((row, index): CheckedRow<EnrolmentRow> => {
    const problems = [...row.problems];
    const cells = row.cells;
    const { track, person } = named[index]!;
    const advisor = cells['Advisor email'] ? people.get(nameKey(cells['Advisor email'])) ?? null : null;
    if (!person || !canSeeTarget(auth, person)) problems.push(`No person with the email "${cells['Person email']}" that you can see. Import them as people first.`);
    else if (person.user.inactive) problems.push('This person is inactive.');
    else {
      const district = placeOf(auth, person);
      if (typeof district === 'string') problems.push(district);
      else if (!auth.ability.can('create', scoped('TrackInstance', { ancestorIds: district.ancestorIds }))) problems.push('You may not enrol people of this person\'s district.');
    }
    if (!track) problems.push(`No active track named "${cells['Track']}" in ${conference.name}.`);
    else if (track.disabled) problems.push(TRACK_INACTIVE_MESSAGE);
    const advisorIssue = advisorProblem(auth, advisor);
    if (advisorIssue) problems.push(`Advisor "${cells['Advisor email']}": ${advisorIssue}`);
    const status = cells['Status'] ? IMPORT_STATUSES.find((value) => nameKey(value) === nameKey(cells['Status']!)) : 'Open';
    if (!status) problems.push(`Status must be one of ${IMPORT_STATUSES.join(', ')}.`);
    const stepName = cells['Current step'];
    if (stepName && track) {
      const open = startSteps.get(track.trackTemplateId) ?? [];
      if (!open.some((name) => nameKey(name) === nameKey(stepName))) {
        problems.push(`A new enrolment starts at ${open.length ? open.join(', ') : 'its first steps'}: name one of them as Current step, or leave it empty (importing an enrolment further along is not supported).`);
      }
    }
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
      ready: { line: row.line, trackId: track!.trackTemplateId, participantId: person!.user.userId, advisorId: advisor!.user.userId, status: status! },
    };
  });
}

/** The enrolment's district as Add Participant chooses it, or why there is none. */
function placeOf(auth: AuthContext, person: UserAggregate): { ancestorIds: string[] } | string {
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

/** Each named track's steps open when an enrolment starts (active, no prerequisites), by name: one outline read per track. */
async function stepsOpenAtStart(tracks: TrackTemplateItem[]): Promise<Map<string, string[]>> {
  const ids = [...new Set(tracks.map((track) => track.trackTemplateId))];
  const outlines = await Promise.all(ids.map((id) => readTrackAggregate(id)));
  return new Map(ids.map((id, index) => [id, outlines[index] ? activeSteps(outlines[index]!).filter((step) => !step.prerequisites.length).map((step) => step.name) : []]));
}
