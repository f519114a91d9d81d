import type { ParticipantFilter, ParticipantPage, ParticipantRow } from '../../../shared/schemas/participants';
import { ASSIGNEE_ROLE_IDS, ASSIGNEE_ROLE_ID_LIST } from '../../../shared/schemas/participants';
import { ASSIGNED_TRACKS_MAX, PARTICIPANT_FILTER_READS_MAX, PARTICIPANT_FILTER_ROWS_PER_READ } from '../../../shared/api/limits';
import { db } from '../../db/service';
import { batchGet } from '../../db/transact';
import { requireTrack, type TrackCaller } from '../tracks/track-scope';
import { administersEnrolments, deniedDistrictIds, type TrackInstanceItem } from './instance-access';

export interface ParticipantQuery {
  limit: number;
  offset: number;
  where?: ParticipantFilter;
}

const lower = (text: string | undefined) => (text ?? '').trim().toLowerCase();

export function participantRow(instance: TrackInstanceItem): ParticipantRow {
  const people = (roleId: string) =>
    instance.assignees.filter((a) => a.roleId === roleId).map((a) => ({ id: a.userId, firstName: a.firstName, lastName: a.lastName }));
  return {
    id: instance.trackInstanceId,
    version: instance.version,
    status: instance.status,
    participant: { id: instance.participantId, ...instance.participant },
    advisors: people(ASSIGNEE_ROLE_IDS.Advisor),
    interviewers: people(ASSIGNEE_ROLE_IDS.Interviewer),
    createdAt: instance.createdAt,
  };
}

/** The filters no key serves, as one test (the assigned read applies every filter this way). */
function matches(instance: TrackInstanceItem, where: ParticipantFilter): boolean {
  return (
    (!where.status || instance.status === where.status) &&
    instance.sortName.toLowerCase().startsWith(lower(where.lastName)) &&
    (instance.firstNameKey ?? '').startsWith(lower(where.firstName)) &&
    (instance.emailKey ?? '').startsWith(lower(where.email))
  );
}

/**
 * The sorted list a key serves: the track's enrolments by name (gsi1 `byTemplate`), or those of
 * one status (gsi3 `byTemplateStatus`), from a last-name prefix (begins_with on `sortName`).
 */
function keyedList(trackTemplateId: string, where: ParticipantFilter) {
  const entity = db().entities.trackInstance;
  const lastName = lower(where.lastName);
  const query = where.status ? entity.query.byTemplateStatus({ trackTemplateId, status: where.status }) : entity.query.byTemplate({ trackTemplateId });
  return lastName ? query.begins({ sortName: lastName }) : query;
}

/**
 * An administrator's page: the keyed list read to `offset + limit + 1` rows, so the same number
 * of requests (one, unless DynamoDB's 1 MB page ends first) at 10 enrolments as at 10,000.
 * First-name and email filters (and districts denied to the caller) have no key: they are a
 * filter on the keyed list, read `PARTICIPANT_FILTER_ROWS_PER_READ` rows a request for at most
 * `PARTICIPANT_FILTER_READS_MAX` requests; a page left short by that bound says `partial`.
 */
async function administeredPage(trackTemplateId: string, where: ParticipantFilter, query: ParticipantQuery, denied: string[]): Promise<ParticipantPage> {
  const take = query.offset + query.limit + 1;
  const first = lower(where.firstName);
  const email = lower(where.email);
  if (!first && !email && denied.length === 0) {
    const { data } = await keyedList(trackTemplateId, where).go({ limit: take, count: take });
    return pageOf(data, query, false);
  }
  const found: TrackInstanceItem[] = [];
  let cursor: string | null = null;
  for (let read = 0; read < PARTICIPANT_FILTER_READS_MAX; read++) {
    // DynamoDB's Limit counts rows read, not rows kept: each request looks at a fixed number of rows.
    const page: { data: TrackInstanceItem[]; cursor: string | null } = await keyedList(trackTemplateId, where)
      .where((attr, op) =>
        [
          first ? op.begins(attr.firstNameKey, first) : '',
          email ? op.begins(attr.emailKey, email) : '',
          ...denied.map((districtId) => op.ne(attr.districtId, districtId)),
        ]
          .filter(Boolean)
          .join(' AND '),
      )
      .go({ limit: PARTICIPANT_FILTER_ROWS_PER_READ, cursor });
    found.push(...page.data);
    cursor = page.cursor;
    if (!cursor || found.length >= take) return pageOf(found, query, false);
  }
  return pageOf(found, query, true);
}

function pageOf(sorted: TrackInstanceItem[], query: ParticipantQuery, partial: boolean): ParticipantPage {
  const rows = sorted.slice(query.offset, query.offset + query.limit);
  const more = sorted.length > query.offset + query.limit ? 1 : 0;
  return { data: rows.map(participantRow), count: query.offset + rows.length + more, partial: partial && more === 0 };
}

const bySortName = (a: TrackInstanceItem, b: TrackInstanceItem) => a.sortName.localeCompare(b.sortName) || a.trackInstanceId.localeCompare(b.trackInstanceId);

/**
 * Everyone else's page: what they are assigned to in this track (gsi2 `byTemplateRole`, one
 * Query per assignee role) and their own enrolment (gsi2 `byParticipant`), each at most
 * ASSIGNED_TRACKS_MAX, then one BatchGet of those instances: bounded by the caller's own
 * assignments, never by the track's size. Filters and order are applied to that small set.
 */
async function assignedPage(auth: TrackCaller, trackTemplateId: string, where: ParticipantFilter, query: ParticipantQuery): Promise<ParticipantPage> {
  const assigneeId = auth.userId;
  const [own, ...assigned] = await Promise.all([
    db().entities.trackInstance.query.byParticipant({ participantId: assigneeId }).go({ limit: ASSIGNED_TRACKS_MAX, attributes: ['trackInstanceId', 'trackTemplateId'] }),
    ...ASSIGNEE_ROLE_ID_LIST.map((roleId) =>
      db().entities.trackAssignee.query.byTemplateRole({ trackTemplateId, roleId, assigneeId }).go({ limit: ASSIGNED_TRACKS_MAX, attributes: ['trackInstanceId', 'assigneeId'] }),
    ),
  ]);
  const ids = new Set([
    ...own.data.filter((item) => item.trackTemplateId === trackTemplateId).map((item) => item.trackInstanceId),
    ...assigned.flatMap((result) => result.data.filter((item) => item.assigneeId === assigneeId).map((item) => item.trackInstanceId)),
  ]);
  if (ids.size === 0) return { data: [], count: 0, partial: false };
  const instances = await batchGet<TrackInstanceItem>(db().entities.trackInstance, [...ids].map((trackInstanceId) => ({ trackInstanceId })));
  const kept = instances.filter((instance) => matches(instance, where)).sort(bySortName);
  const rows = kept.slice(query.offset, query.offset + query.limit);
  return { data: rows.map(participantRow), count: kept.length, partial: false };
}

/**
 * `POST track/{id}/{isQuickSearch}/instances`, the participants table (SPEC.md sections 2 and 6):
 * a reader of the track sees all of its enrolments when they administer them, otherwise only
 * those they are assigned to and their own; anyone else reads the track and sees no rows.
 */
export async function participantsPage(auth: TrackCaller, trackTemplateId: string, query: ParticipantQuery): Promise<ParticipantPage> {
  const { track } = await requireTrack(auth, trackTemplateId, 'read');
  const where = query.where ?? {};
  if (administersEnrolments(auth, track.conferenceId)) {
    return administeredPage(trackTemplateId, where, query, auth.isSuperadmin ? [] : deniedDistrictIds(auth));
  }
  return assignedPage(auth, trackTemplateId, where, query);
}
