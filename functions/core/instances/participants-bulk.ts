import type { ParticipantBulkBody } from '../../../shared/schemas/participants';
import { ASSIGNEE_ROLE_IDS } from '../../../shared/schemas/participants';
import { loadUserAggregate } from '../../db/access/user-aggregate';
import { newJob } from '../../db/jobs';
import { db } from '../../db/service';
import { batchGet, transact } from '../../db/transact';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { requireTrack, type TrackCaller } from '../tracks/track-scope';
import { assigneeProblem } from './assignments';
import { administeredDistrictIds, administersEnrolments, type TrackInstanceItem } from './instance-access';
import { PARTICIPANT_BULK_JOB_KIND, type ParticipantBulkInput } from './participants-bulk-job';

/** The TrackInstance right of the single-row route each action stands for (assigning asks TrackAssignment, as the contract does). */
const INSTANCE_RIGHT = { setStatus: 'update', assignAdvisor: null, remove: 'delete' } as const;

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

/**
 * `POST track/{id}/instances/bulk`: the participants table's Actions (change status, assign an
 * advisor, remove) on the selected rows, as one background job (`participants.bulk`) so that a
 * closed tab does not stop them part way. The route checks what is the same for every row: the
 * track in the caller's reach, the caller administering enrolments in it (of the track, or of a
 * district), the advisor. Ids that are not enrolments of this track are refused here, in the
 * job's result; every other row is loaded and checked in the caller's scope by the job itself.
 */
export async function startParticipantsBulk(auth: TrackCaller, trackTemplateId: string, body: ParticipantBulkBody): Promise<{ jobId: string }> {
  const { track } = await requireTrack(auth, trackTemplateId, 'read');
  if (!administersEnrolments(auth, track.conferenceId) && administeredDistrictIds(auth).length === 0) throw new ForbiddenError();
  // The right each single-row route asks (PATCH / DELETE track/instance): a district superintendent
  // administers their district's enrolments but may not delete one, here as there.
  const right = INSTANCE_RIGHT[body.action];
  if (right && !auth.ability.can(right, 'TrackInstance')) throw new ForbiddenError();
  const ids = [...new Set(body.trackInstanceIds)];
  const [instances, advisorName] = await Promise.all([
    batchGet<Pick<TrackInstanceItem, 'trackInstanceId' | 'trackTemplateId'>>(
      db().entities.trackInstance,
      ids.map((trackInstanceId) => ({ trackInstanceId })),
    ),
    body.action === 'assignAdvisor' ? checkedAdvisor(auth, body.advisorId) : undefined,
  ]);
  const inTrack = new Set(instances.filter((instance) => instance.trackTemplateId === trackTemplateId).map((instance) => instance.trackInstanceId));
  const input: ParticipantBulkInput = {
    trackTemplateId,
    action: body.action,
    ...(body.action === 'setStatus' ? { status: body.status } : {}),
    ...(body.action === 'assignAdvisor' ? { advisorId: body.advisorId } : {}),
    trackInstanceIds: ids.filter((id) => inTrack.has(id)),
    notFound: ids.filter((id) => !inTrack.has(id)),
  };
  const count = `${ids.length} ${ids.length === 1 ? 'enrolment' : 'enrolments'}`;
  const title =
    body.action === 'setStatus'
      ? `Setting ${count} in ${track.name} to ${body.status}`
      : body.action === 'assignAdvisor'
        ? `Assigning ${advisorName} as advisor to ${count} in ${track.name}`
        : `Removing ${count} from ${track.name}`;
  const job = newJob({ kind: PARTICIPANT_BULK_JOB_KIND, ownerId: auth.userId, title, input, total: ids.length });
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
