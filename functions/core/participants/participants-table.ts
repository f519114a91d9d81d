import type { ParticipantFilter, ParticipantPage, ParticipantRow } from '../../../shared/schemas/participants';
import { ASSIGNEE_ROLE_IDS, ASSIGNEE_ROLE_ID_LIST } from '../../../shared/schemas/participants';
import { ASSIGNED_TRACKS_MAX, FILTERED_PARTICIPANT_ROWS_MAX, PARTICIPANT_DISTRICTS_MAX, PARTICIPANT_FILTER_ROWS_PER_READ } from '../../../shared/api/limits';
import { directoryLists, enrolmentTerm, ENROLMENTS_OF_TRACK_SCOPE, normaliseTerm, type EnrolmentListFamily } from '../../db/directory';
import type { DirectoryRow } from '../../db/directory-read';
import { db } from '../../db/service';
import { inKeyOrder } from '../../db/key-order';
import { batchGet } from '../../db/transact';
import { NOTHING_HIDDEN, searchWithout, type HiddenRows } from '../scope';
import { requireTrack, type TrackCaller } from '../tracks/track-scope';
import { administeredDistrictIds, administersEnrolments, deniedDistrictIds, type TrackInstanceItem } from '../enrolments/instance-access';
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
 * The first page of a list a `trackInstance` key serves: the track's enrolments by name (gsi1
 * `byTemplate`), those of one status (gsi3 `byTemplateStatus`) or of one district (gsi4
 * `byTemplateDistrict`), from a last-name prefix (begins_with on `sortName`): one Query of
 * `limit + 1` rows, the rows themselves.
 */
async function keyedFirstPage(trackTemplateId: string, where: ParticipantFilter, take: number, districtId?: string): Promise<TrackInstanceItem[]> {
  const query = keyedQuery(trackTemplateId, where, districtId);
  const lastName = lower(where.lastName);
  const { data } = await (lastName ? query.begins({ sortName: lastName }) : query).go({ limit: take, count: take });
  return data;
}

function keyedQuery(trackTemplateId: string, where: ParticipantFilter, districtId?: string) {
  const entity = db().entities.trackInstance;
  return districtId
    ? entity.query.byTemplateDistrict({ trackTemplateId, districtId })
    : where.status
      ? entity.query.byTemplateStatus({ trackTemplateId, status: where.status })
      : entity.query.byTemplate({ trackTemplateId });
}

/**
 * A later page of a list a `trackInstance` key serves (an administrator's, nothing hidden): the
 * enrolments' sorted list (directory.ts, entries that carry nothing else) read to the offset gives
 * the last row before the page, then one Query of the key's rows after it. The rows skipped cost
 * their small entries, not the instances (names, assignee copies), and the page's rows come in
 * one Query, not a BatchGet of whole items.
 */
async function keyedLaterPage(track: { trackTemplateId: string }, where: ParticipantFilter, query: ParticipantQuery): Promise<ParticipantPage> {
  const lastName = lower(where.lastName);
  const list = directoryLists.enrolments(track.trackTemplateId, where.status);
  const skipped = await searchWithout({ sources: [{ scopeId: ENROLMENTS_OF_TRACK_SCOPE, list }], text: lastName, direction: 'ASC', offset: query.offset - 1, limit: 1 }, NOTHING_HIDDEN);
  const before = skipped.rows[0];
  if (!before) return { data: [], count: query.offset, partial: false };
  const take = query.limit + 1;
  const { data } = await keyedQuery(track.trackTemplateId, where).gt({ sortName: before.term, trackInstanceId: before.targetId }).go({ limit: take, count: take });
  // Past the prefix's last name the key's order leaves it for good: the rows after that are not the filter's.
  const rows = data.filter((instance) => instance.sortName.startsWith(lastName));
  return foundPage({ rows: rows.slice(0, query.limit), more: rows.length > query.limit, partial: false }, query);
}

/** A district's first page served by gsi4: no first name, email or status. */
const districtKeyServes = (where: ParticipantFilter, query: ParticipantQuery) => query.offset === 0 && !lower(where.firstName) && !lower(where.email) && !where.status;

/** The rows of one page and how they were found. */
interface Found {
  rows: TrackInstanceItem[];
  /** Rows follow the page. */
  more: boolean;
  /** A filter no key serves stopped at its bound before the page was full. */
  partial: boolean;
}

interface ListRead {
  /** The enrolment lists read (directory.ts: the whole track's scope, or one per district), merged by term. */
  lists: Array<{ scopeId: string }>;
  hidden: HiddenRows;
  /** Rows found elsewhere (what the caller is assigned to), merged in by the same term. */
  known: TrackInstanceItem[];
  /** Who may see a loaded row: checked on the instance itself, whatever its entries say. */
  visible: (instance: TrackInstanceItem) => boolean;
}

/**
 * A page from the enrolments' directory lists (directory.ts `enrolmentDirectoryEntries`): the
 * list of the first filter a key serves (first name, else email, else name from the last-name
 * prefix), of the status when one is chosen, read to `offset + limit + 1` entries; then one
 * BatchGet of the page's instances, each checked again (track, who sees it, every filter), so an
 * entry not yet caught up with its enrolment never shows a row it should not. Entries are small:
 * a deep page costs its offset in entries, not in enrolments. Two text filters together (first
 * name and last name or email, email and last name): the second is tested on the entries, reading
 * at most FILTERED_PARTICIPANT_ROWS_MAX of them (`partial` when that bound left the page short).
 */
async function listPage(trackTemplateId: string, where: ParticipantFilter, query: ParticipantQuery, read: ListRead): Promise<Found> {
  const plan = listPlan(where);
  const sources = read.lists.map(({ scopeId }) => ({ scopeId, list: directoryLists[plan.family](trackTemplateId, where.status) }));
  const extraRows = read.known.map((instance) => enrolmentRow(plan.family, instance));
  const input = { sources, extraRows, text: plan.prefix, direction: 'ASC' as const };
  const end = query.offset + query.limit;
  let entries: DirectoryRow[];
  let more: boolean;
  let partial = false;
  if (!plan.rest) {
    const page = await searchWithout({ ...input, offset: query.offset, limit: query.limit }, read.hidden);
    [entries, more] = [page.rows, page.count > end];
  } else {
    const rest = plan.rest;
    let kept: DirectoryRow[] = [];
    let exhausted = false;
    for (const take of [PARTICIPANT_FILTER_ROWS_PER_READ, FILTERED_PARTICIPANT_ROWS_MAX]) {
      const page = await searchWithout({ ...input, offset: 0, limit: take }, read.hidden);
      kept = page.rows.filter(rest);
      exhausted = page.count <= take;
      if (kept.length > end || exhausted) break;
    }
    [entries, more, partial] = [kept.slice(query.offset, end), kept.length > end, !exhausted && kept.length <= end];
  }
  const known = new Map(read.known.map((instance) => [instance.trackInstanceId, instance]));
  const missing = entries.map((row) => row.targetId).filter((id) => !known.has(id));
  for (const instance of missing.length ? await batchGet<TrackInstanceItem>(db().entities.trackInstance, missing.map((trackInstanceId) => ({ trackInstanceId }))) : []) {
    known.set(instance.trackInstanceId, instance);
  }
  const rows = entries.flatMap((row) => {
    const instance = known.get(row.targetId);
    return instance && instance.trackTemplateId === trackTemplateId && read.visible(instance) && matches(instance, where) ? [instance] : [];
  });
  return { rows, more, partial };
}

/** Which list a filter reads, its prefix, and the filters left to test on the entries (the word lists' `display`). */
function listPlan(where: ParticipantFilter): { family: EnrolmentListFamily; prefix: string; rest?: (row: DirectoryRow) => boolean } {
  const [first, email, last] = [lower(where.firstName), lower(where.email), lower(where.lastName)];
  const shown = (row: DirectoryRow, key: string) => String(row.display[key] ?? '');
  const tests = [email && first ? (row: DirectoryRow) => shown(row, 'email').startsWith(email) : undefined, last && (first || email) ? (row: DirectoryRow) => shown(row, 'sortName').startsWith(last) : undefined].filter(
    (test): test is (row: DirectoryRow) => boolean => Boolean(test),
  );
  const rest = tests.length ? (row: DirectoryRow) => tests.every((test) => test(row)) : undefined;
  if (first) return { family: 'enrolmentFirstNames', prefix: first, rest };
  if (email) return { family: 'enrolmentEmails', prefix: email, rest };
  return { family: 'enrolments', prefix: last };
}

/** An instance as a row of a family's list (its entry's term and display). */
function enrolmentRow(family: EnrolmentListFamily, instance: TrackInstanceItem): DirectoryRow {
  const display = { sortName: instance.sortName, firstName: normaliseTerm(instance.participant?.firstName ?? ''), email: normaliseTerm(instance.participant?.email ?? '') };
  return { term: enrolmentTerm(family, instance), targetId: instance.trackInstanceId, display };
}

/** The page of rows found: `count` exact up to the page, plus one while rows follow. */
const foundPage = (found: Found, query: ParticipantQuery): ParticipantPage => ({
  data: found.rows.map(participantRow),
  count: query.offset + found.rows.length + (found.more ? 1 : 0),
  partial: found.partial,
});

/**
 * An administrator's page: the first page of a list a key serves is one Query of the rows;
 * anything else (a later page, first name, email, districts denied to them) is a page of the
 * enrolments' lists in the track's scope, the denied districts' own lists read alongside and
 * their rows dropped (hidden-rows.ts, as the users table does).
 */
async function administeredPage(track: { trackTemplateId: string }, where: ParticipantFilter, query: ParticipantQuery, denied: string[]): Promise<ParticipantPage> {
  const keyed = !lower(where.firstName) && !lower(where.email) && denied.length === 0;
  if (keyed && query.offset === 0) return pageOf(await keyedFirstPage(track.trackTemplateId, where, query.limit + 1), query, false);
  if (keyed) return keyedLaterPage(track, where, query);
  const found = await listPage(track.trackTemplateId, where, query, {
    lists: [{ scopeId: ENROLMENTS_OF_TRACK_SCOPE }],
    hidden: { scopeIds: denied, rows: [] },
    known: [],
    visible: (instance) => !denied.includes(instance.districtId ?? ''),
  });
  return foundPage(found, query);
}

/**
 * A district admin's or superintendent's page (SPEC.md section 6: track override in the districts
 * they hold): each held district's list (at most PARTICIPANT_DISTRICTS_MAX, beyond it `partial`),
 * side by side with what they are assigned to or enrolled in elsewhere, merged by the list's
 * order. The first page of a list a key serves reads gsi4 `byTemplateDistrict` per district;
 * anything else the enrolments' lists in each district's scope. Requests: one list per district
 * plus the assigned read, at any track size.
 */
async function districtPage(auth: TrackCaller, trackTemplateId: string, districtIds: string[], where: ParticipantFilter, query: ParticipantQuery): Promise<ParticipantPage> {
  const read = districtIds.slice(0, PARTICIPANT_DISTRICTS_MAX);
  const cut = read.length < districtIds.length;
  if (districtKeyServes(where, query)) {
    const take = query.limit + 1;
    const [assigned, ...lists] = await Promise.all([assignedInstances(auth, trackTemplateId, where), ...read.map((id) => keyedFirstPage(trackTemplateId, where, take, id))]);
    const byId = new Map([...assigned, ...lists.flat()].map((instance) => [instance.trackInstanceId, instance]));
    return pageOf([...byId.values()].sort(bySortName), query, cut);
  }
  const assigned = await assignedInstances(auth, trackTemplateId, where);
  const mine = new Set(assigned.map((instance) => instance.trackInstanceId));
  const found = await listPage(trackTemplateId, where, query, {
    lists: read.map((scopeId) => ({ scopeId })),
    hidden: NOTHING_HIDDEN,
    known: assigned,
    visible: (instance) => mine.has(instance.trackInstanceId) || read.includes(instance.districtId ?? ''),
  });
  return foundPage({ ...found, partial: found.partial || (cut && !found.more) }, query);
}

function pageOf(sorted: TrackInstanceItem[], query: ParticipantQuery, partial: boolean): ParticipantPage {
  const rows = sorted.slice(query.offset, query.offset + query.limit);
  const more = sorted.length > query.offset + query.limit ? 1 : 0;
  return { data: rows.map(participantRow), count: query.offset + rows.length + more, partial: partial && more === 0 };
}

/** By `sortName`, then id: the keyed lists' and the enrolments' lists' own order, so a merged first page and the later pages agree. */
const bySortName = inKeyOrder((instance: TrackInstanceItem) => [instance.sortName, instance.trackInstanceId]);

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
    return administeredPage(track, where, query, auth.isSuperadmin ? [] : deniedDistrictIds(auth));
  }
  const districtIds = administeredDistrictIds(auth);
  if (districtIds.length > 0) return districtPage(auth, trackTemplateId, districtIds, where, query);
  return assignedPage(auth, trackTemplateId, where, query);
}
