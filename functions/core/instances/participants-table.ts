import type { ParticipantFilter, ParticipantPage, ParticipantRow } from '../../../shared/schemas/participants';
import { ASSIGNEE_ROLE_IDS, ASSIGNEE_ROLE_ID_LIST } from '../../../shared/schemas/participants';
import { ASSIGNED_TRACKS_MAX, PARTICIPANT_DISTRICTS_MAX, PARTICIPANT_FILTER_READS_MAX, PARTICIPANT_FILTER_ROWS_PER_READ } from '../../../shared/api/limits';
import { db } from '../../db/service';
import { batchGet } from '../../db/transact';
import { requireTrack, type TrackCaller } from '../tracks/track-scope';
import { administeredDistrictIds, administersEnrolments, deniedDistrictIds, type TrackInstanceItem } from './instance-access';
import { overdueInstanceIds } from './overdue-enrolments';

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
 * The sorted list a key serves: the track's enrolments by name (gsi1 `byTemplate`), those of one
 * status (gsi3 `byTemplateStatus`) or of one district (gsi4 `byTemplateDistrict`, where a status
 * is a filter), from a last-name prefix (begins_with on `sortName`).
 */
function keyedList(trackTemplateId: string, where: ParticipantFilter, districtId?: string) {
  const entity = db().entities.trackInstance;
  const lastName = lower(where.lastName);
  const query = districtId
    ? entity.query.byTemplateDistrict({ trackTemplateId, districtId })
    : where.status
      ? entity.query.byTemplateStatus({ trackTemplateId, status: where.status })
      : entity.query.byTemplate({ trackTemplateId });
  return lastName ? query.begins({ sortName: lastName }) : query;
}

interface ListRead {
  rows: TrackInstanceItem[];
  /** The filters' bound stopped the read before `take` rows or the list's end. */
  partial: boolean;
}

/**
 * One keyed list read to `take` rows, so the same number of requests (one, unless DynamoDB's
 * 1 MB page ends first) at 10 enrolments as at 10,000. First-name and email filters (a status
 * in a district's list, and districts denied to the caller) have no key: they are a filter on the
 * keyed list, read `PARTICIPANT_FILTER_ROWS_PER_READ` rows a request for at most
 * `PARTICIPANT_FILTER_READS_MAX` requests.
 */
async function readList(trackTemplateId: string, where: ParticipantFilter, take: number, denied: string[], districtId?: string): Promise<ListRead> {
  const first = lower(where.firstName);
  const email = lower(where.email);
  const status = districtId ? where.status : undefined;
  if (!first && !email && !status && denied.length === 0) {
    const { data } = await keyedList(trackTemplateId, where, districtId).go({ limit: take, count: take });
    return { rows: data, partial: false };
  }
  const found: TrackInstanceItem[] = [];
  let cursor: string | null = null;
  for (let read = 0; read < PARTICIPANT_FILTER_READS_MAX; read++) {
    // DynamoDB's Limit counts rows read, not rows kept: each request looks at a fixed number of rows.
    const page: { data: TrackInstanceItem[]; cursor: string | null } = await keyedList(trackTemplateId, where, districtId)
      .where((attr, op) =>
        [
          first ? op.begins(attr.firstNameKey, first) : '',
          email ? op.begins(attr.emailKey, email) : '',
          status ? op.eq(attr.status, status) : '',
          ...denied.map((id) => op.ne(attr.districtId, id)),
        ]
          .filter(Boolean)
          .join(' AND '),
      )
      .go({ limit: PARTICIPANT_FILTER_ROWS_PER_READ, cursor });
    found.push(...page.data);
    cursor = page.cursor;
    if (!cursor || found.length >= take) return { rows: found, partial: false };
  }
  return { rows: found, partial: true };
}

/** An administrator's page: the track's keyed list (a page left short by the filters' bound says `partial`). */
async function administeredPage(trackTemplateId: string, where: ParticipantFilter, query: ParticipantQuery, denied: string[]): Promise<ParticipantPage> {
  const { rows, partial } = await readList(trackTemplateId, where, query.offset + query.limit + 1, denied);
  return pageOf(rows, query, partial);
}

/**
 * A district admin's or superintendent's page (SPEC.md section 6: track override in the districts
 * they hold): each held district's keyed list read to `offset + limit + 1` rows, side by side,
 * with what they are assigned to or enrolled in elsewhere, merged by name. Requests: one list per
 * district (at most PARTICIPANT_DISTRICTS_MAX) plus the assigned read, at any track size.
 */
async function districtPage(auth: TrackCaller, trackTemplateId: string, districtIds: string[], where: ParticipantFilter, query: ParticipantQuery): Promise<ParticipantPage> {
  const take = query.offset + query.limit + 1;
  const read = districtIds.slice(0, PARTICIPANT_DISTRICTS_MAX);
  const [assigned, ...lists] = await Promise.all([assignedInstances(auth, trackTemplateId, where), ...read.map((id) => readList(trackTemplateId, where, take, [], id))]);
  const byId = new Map([...assigned, ...lists.flatMap((list) => list.rows)].map((instance) => [instance.trackInstanceId, instance]));
  const partial = read.length < districtIds.length || lists.some((list) => list.partial);
  return pageOf([...byId.values()].sort(bySortName), query, partial);
}

function pageOf(sorted: TrackInstanceItem[], query: ParticipantQuery, partial: boolean): ParticipantPage {
  const rows = sorted.slice(query.offset, query.offset + query.limit);
  const more = sorted.length > query.offset + query.limit ? 1 : 0;
  return { data: rows.map(participantRow), count: query.offset + rows.length + more, partial: partial && more === 0 };
}

const bySortName = (a: TrackInstanceItem, b: TrackInstanceItem) => a.sortName.localeCompare(b.sortName) || a.trackInstanceId.localeCompare(b.trackInstanceId);

/**
 * What the caller is assigned to in this track (gsi2 `byTemplateRole`, one Query per assignee
 * role) and their own enrolment (gsi2 `byParticipant`), each at most ASSIGNED_TRACKS_MAX, then
 * one BatchGet of those instances: bounded by the caller's own assignments, never by the track's
 * size. Filters and order are applied to that small set.
 */
async function assignedInstances(auth: TrackCaller, trackTemplateId: string, where: ParticipantFilter): Promise<TrackInstanceItem[]> {
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
  if (ids.size === 0) return [];
  const instances = await batchGet<TrackInstanceItem>(db().entities.trackInstance, [...ids].map((trackInstanceId) => ({ trackInstanceId })));
  return instances.filter((instance) => matches(instance, where)).sort(bySortName);
}

/** Everyone else's page: their assigned set, whose size is exact. */
async function assignedPage(auth: TrackCaller, trackTemplateId: string, where: ParticipantFilter, query: ParticipantQuery): Promise<ParticipantPage> {
  const kept = await assignedInstances(auth, trackTemplateId, where);
  const rows = kept.slice(query.offset, query.offset + query.limit);
  return { data: rows.map(participantRow), count: kept.length, partial: false };
}

/**
 * Only the enrolments with an Overdue step (`where.overdue`, the escalation digest's link): their
 * ids from the reminders' `overdue` bucket (overdue-enrolments.ts, bounded: `partial` when the
 * bound stopped it), one BatchGet of those instances, then the same rule of who sees which row
 * (all of them for an administrator, less denied districts; a district admin's districts; what the
 * caller is assigned to or enrolled in) and the other filters, sorted by name.
 */
async function overduePage(auth: TrackCaller, trackTemplateId: string, conferenceId: string, where: ParticipantFilter, query: ParticipantQuery): Promise<ParticipantPage> {
  const administers = administersEnrolments(auth, conferenceId);
  // What the caller is assigned to or enrolled in matters only to someone who does not administer them all.
  const [overdue, assigned] = await Promise.all([overdueInstanceIds(trackTemplateId), administers ? [] : assignedInstances(auth, trackTemplateId, where)]);
  const mine = new Set(assigned.map((instance) => instance.trackInstanceId));
  const denied = auth.isSuperadmin ? [] : deniedDistrictIds(auth);
  const districts = administeredDistrictIds(auth);
  const visible = administers
    ? (instance: TrackInstanceItem) => !denied.includes(instance.districtId ?? '')
    : (instance: TrackInstanceItem) => mine.has(instance.trackInstanceId) || districts.includes(instance.districtId ?? '');
  const instances = await batchGet<TrackInstanceItem>(db().entities.trackInstance, [...overdue.ids].map((trackInstanceId) => ({ trackInstanceId })));
  const kept = instances.filter((instance) => instance.trackTemplateId === trackTemplateId && visible(instance) && matches(instance, where)).sort(bySortName);
  return pageOf(kept, query, overdue.partial);
}

/**
 * `POST track/{id}/{isQuickSearch}/instances`, the participants table (SPEC.md sections 2 and 6):
 * a reader of the track sees all of its enrolments when they administer them, a district admin or
 * superintendent those of their districts, everyone those they are assigned to and their own;
 * anyone else reads the track and sees no rows.
 */
export async function participantsPage(auth: TrackCaller, trackTemplateId: string, query: ParticipantQuery): Promise<ParticipantPage> {
  const { track } = await requireTrack(auth, trackTemplateId, 'read');
  const where = query.where ?? {};
  if (where.overdue) return overduePage(auth, trackTemplateId, track.conferenceId, where, query);
  if (administersEnrolments(auth, track.conferenceId)) {
    return administeredPage(trackTemplateId, where, query, auth.isSuperadmin ? [] : deniedDistrictIds(auth));
  }
  const districtIds = administeredDistrictIds(auth);
  if (districtIds.length > 0) return districtPage(auth, trackTemplateId, districtIds, where, query);
  return assignedPage(auth, trackTemplateId, where, query);
}
