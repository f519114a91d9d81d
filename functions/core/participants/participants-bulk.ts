import type { ParticipantBulkBody } from '../../../shared/schemas/participants';
import { ASSIGNEE_ROLE_IDS } from '../../../shared/schemas/participants';
import { loadUserAggregate } from '../../db/access/user-aggregate';
import { newJob } from '../../db/jobs';
import { transact } from '../../db/transact';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { requireTrack, type TrackCaller } from '../tracks/track-scope';
import { assigneeProblem } from './assignments';
import { administeredDistrictIds, administersEnrolments } from '../enrolments/instance-access';
import { PARTICIPANT_BULK_JOB_KIND, type ParticipantBulkInput } from './participants-bulk-job';

/** The TrackInstance right of the single-row route each action stands for (assigning asks TrackAssignment, as the contract does). */
const INSTANCE_RIGHT = { setStatus: 'update', assignAdvisor: null, remove: 'delete' } as const;

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

/**
 * `POST track/{id}/instances/bulk`: the participants table's Actions (change status, assign an
 * advisor, remove) on the selected rows, as one background job (`participants.bulk`) so that a
 * closed tab does not stop them part way. The route checks what is the same for every row: the
 * track in the caller's reach, the caller administering enrolments in it (of the track, or of a
 * district), the advisor. It reads no row: the job loads each (an id that is not an enrolment of
 * this track is refused there) and checks it in the caller's scope on the version the table showed.
 */
export async function startParticipantsBulk(auth: TrackCaller, trackTemplateId: string, body: ParticipantBulkBody): Promise<{ jobId: string }> {
  const { track } = await requireTrack(auth, trackTemplateId, 'read');
  if (!administersEnrolments(auth, track.conferenceId) && administeredDistrictIds(auth).length === 0) throw new ForbiddenError();
  // The right each single-row route asks (PATCH / DELETE track/instance): a district superintendent
  // administers their district's enrolments but may not delete one, here as there.
  const right = INSTANCE_RIGHT[body.action];
  if (right && !auth.ability.can(right, 'TrackInstance')) throw new ForbiddenError();
  // One row per enrolment (the first version sent for an id repeated); the job loads and checks each.
  const seen = new Set<string>();
  const rows = body.rows.filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id))).map((row) => ({ trackInstanceId: row.id, version: row.version }));
  const advisorName = body.action === 'assignAdvisor' ? await checkedAdvisor(auth, body.advisorId) : undefined;
  const input: ParticipantBulkInput = {
    trackTemplateId,
    action: body.action,
    ...(body.action === 'setStatus' ? { status: body.status } : {}),
    ...(body.action === 'assignAdvisor' ? { advisorId: body.advisorId } : {}),
    rows,
  };
  const count = `${rows.length} ${rows.length === 1 ? 'enrolment' : 'enrolments'}`;
  const title =
    body.action === 'setStatus'
      ? `Setting ${count} in ${track.name} to ${body.status}`
      : body.action === 'assignAdvisor'
        ? `Assigning ${advisorName} as advisor to ${count} in ${track.name}`
        : `Removing ${count} from ${track.name}`;
  const job = newJob({ kind: PARTICIPANT_BULK_JOB_KIND, ownerId: auth.userId, title, input, total: rows.length });
  await transact([job.write]);
  return { jobId: job.jobId };
}

/** The advisor of an Assign Advisor: checked once for every row (400 at `advisorId`); the job checks each row's participant. */
async function checkedAdvisor(auth: TrackCaller, advisorId: string): Promise<string> {
  const person = await loadUserAggregate(advisorId);
  const problem = assigneeProblem(auth, person, ASSIGNEE_ROLE_IDS.Advisor);
  if (problem) throw new ValidationError({ advisorId: [problem] });
  return fullName(person!.user);
}
