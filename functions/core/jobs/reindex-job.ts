import { forEachConcurrently } from '../../lib/concurrency';
import { NO_CONFERENCE_ID } from '../../../shared/schemas/track';
import { newJob, type JobKind } from '../../db/jobs';
import { db } from '../../db/service';
import type { DirectoryListFamily } from '../../db/directory';
import { batchGet, packTransactions, transact, type TransactionItem } from '../../db/transact';
import { projectOrWait } from '../../db/directory-projection';
import { enrolmentFingerprintOf, projectEnrolment } from '../enrolments/enrolment-projector';
import { projectDashboard } from '../dashboard/dashboard-projector';
import { ifVersion, StaleVersionError } from '../../db/versioned';
import type { TrackInstanceItem } from '../enrolments/instance-access';
import { instanceSteps } from '../enrolments/instance-status';
import { dueIndexReturns } from '../step-indexes/step-due';
import { setTrackArea } from '../tracks/track-area';
import { areaOf, placeOf, storedConferenceId } from '../tracks/track-scope';
import { AT_ONCE, reindexUsersPage, USER_LISTS } from './reindex-users';

export const REINDEX_JOB_KIND = 'index.reindexEnrolments';

/** Enrolments per step (each one Query of its steps and its writes). */
export const REINDEX_PAGE = 25;

interface ReindexInput {
  /** Enrolments per step; tests set it small. */
  pageSize: number;
}

/**
 * Where the walk is: the conferences left on the current page of `location.byKind` (System's
 * '0' first), the templates left on the current page of the first conference's, and the
 * cursors of each level (null: from the start; `more*` false: that level's last page is read).
 */
interface ReindexCursor {
  conferences: string[];
  conferenceCursor: string | null;
  moreConferences: boolean;
  templates: string[];
  templateCursor: string | null;
  moreTemplates: boolean;
  instanceCursor: string | null;
  /** The System root's user lists left to walk, and the cursor in the first (absent in a cursor saved before this stage). */
  userLists?: string[];
  userCursor?: string | null;
  report: ReindexReport;
}

export interface ReindexReport {
  /** Enrolments looked at. */
  enrolments: number;
  /** Enrolments given their gsi4 entry (a track's enrolments by district). */
  districtEntries: number;
  /** Steps given their Overdue-sweep or reminder entry. */
  stepEntries: number;
  /** Track templates given their area and their entries in the track lists (gsi3 `byStatus`, gsi4 `byArea`). */
  trackEntries: number;
  /** Users looked at. */
  users: number;
  /** Enrolments whose participants-table entries were (re)written (directory.ts `enrolmentDirectoryEntries`). */
  listEntries: number;
  /** Users whose directory entries were brought to the current lists (projected again). */
  userEntries: number;
  /** Enrolments counted in the dashboards for the first time (written before them), or listed behind their figures for the first time. */
  dashboards?: number;
}

const START: ReindexCursor = {
  conferences: [NO_CONFERENCE_ID],
  conferenceCursor: null,
  moreConferences: true,
  templates: [],
  templateCursor: null,
  moreTemplates: true,
  instanceCursor: null,
  userLists: USER_LISTS,
  userCursor: null,
  report: { enrolments: 0, districtEntries: 0, stepEntries: 0, trackEntries: 0, users: 0, listEntries: 0, userEntries: 0, dashboards: 0 },
};

/** An enrolment with a district but no gsi4 key (written before gsi4): the keys are rebuilt from its own values, on its version. */
function districtEntry(instance: TrackInstanceItem & { gsi4pk?: string }): TransactionItem[] {
  if (!instance.districtId || instance.gsi4pk) return [];
  return [
    (tx) =>
      tx.trackInstance
        .patch({ trackInstanceId: instance.trackInstanceId })
        .set({ districtId: instance.districtId!, sortName: instance.sortName })
        // gsi4 `byTemplateDistrict`: ElectroDB builds its key with the template id (not changed).
        .composite({ trackTemplateId: instance.trackTemplateId })
        .where(ifVersion(instance.version))
        .commit(),
  ];
}

const ignoreStale = (error: unknown) => {
  if (!(error instanceof StaleVersionError)) throw error;
};

/** One enrolment's missing entries: its gsi4 key, and (while Open) every waiting step's Overdue-sweep and reminder entries (`dueIndexReturns`). */
async function reindexEnrolment(instance: TrackInstanceItem & { gsi4pk?: string }, now: string): Promise<{ district: number; steps: number }> {
  const steps = instance.status === 'Open' ? dueIndexReturns(await instanceSteps(instance.trackInstanceId), now) : [];
  const district = districtEntry(instance);
  for (const chunk of packTransactions([...district, ...steps].map((write) => [write]))) {
    try {
      await transact(chunk);
    } catch (error) {
      if (!(error instanceof StaleVersionError)) throw error;
      // One item changed meanwhile (its writer kept the entries itself): the others one by one.
      for (const write of chunk) await transact([write]).catch(ignoreStale);
    }
  }
  return { district: district.length, steps: steps.length };
}

/**
 * The participants table's entries of enrolments whose projection record does not say what their
 * entries should be now (written before the lists existed, or changed while the stream was away):
 * one BatchGet of the page's records, then the projector for those only, so a second run writes nothing.
 */
async function listEntries(instances: TrackInstanceItem[]): Promise<number> {
  const records = await batchGet<{ targetId: string; sourceVersion?: string }>(
    db().entities.projection,
    instances.map((instance) => ({ source: 'enrolment', targetId: instance.trackInstanceId })),
  );
  const projected = new Map(records.map((record) => [record.targetId, record.sourceVersion]));
  const behind = instances.filter((instance) => projected.get(instance.trackInstanceId) !== enrolmentFingerprintOf(instance));
  await forEachConcurrently(behind, (instance) => projectOrWait(() => projectEnrolment(instance.trackInstanceId)), AT_ONCE);
  return behind.length;
}

/**
 * The dashboard figures and lists of enrolments the dashboards have not caught up with: those never
 * counted (written before the dashboards existed) and those whose record holds no entry in the lists
 * behind the figures (counted before those lists existed: every enrolment is in its status's list).
 * One BatchGet of the page's dashboard records, then the projector for those. The rest the stream keeps.
 */
async function dashboardFigures(instances: TrackInstanceItem[]): Promise<number> {
  const records = await batchGet<{ targetId: string; entries?: string[] }>(db().entities.projection, instances.map((instance) => ({ source: 'dashboard', targetId: instance.trackInstanceId })));
  const current = new Set(records.filter((record) => record.entries?.some(inStatusList)).map((record) => record.targetId));
  const behind = instances.filter((instance) => !current.has(instance.trackInstanceId));
  await forEachConcurrently(behind, (instance) => projectOrWait(() => projectDashboard(instance.trackInstanceId)), AT_ONCE);
  return behind.length;
}

/** An entry key (`entryKey`: scope, list, term, target) of a `placeEnrolments` list. */
const STATUS_LIST_FAMILY: DirectoryListFamily = 'placeEnrolments';
const inStatusList = (key: string) => key.split('\u0000')[1]?.split(':', 1)[0] === STATUS_LIST_FAMILY;

/**
 * The re-index job (operators: `npm run reindex`, docs/deploy.md): entries of the sparse indexes
 * that writes made before the index existed lack. It walks by key, never a Scan: the conferences
 * (`location.byKind`) and System, each one's track templates (`trackTemplate.byConference`),
 * each template's enrolments (`trackInstance.byTemplate`, a page per step), each enrolment's
 * steps. It gives a track template its conference's area and so its entries in the Track
 * Templates lists (gsi3 `byStatus`, gsi4 `byArea`: `setTrackArea`, on its version), it gives an enrolment with a district its gsi4 entry (`byTemplateDistrict`), and the
 * waiting steps of an Open enrolment their gsi1 `byDue` and gsi2 `byReminder` entries
 * (`dueIndexReturns`: only those missing, on the step's version, without moving it), and an
 * enrolment whose participants-table entries are missing or behind its projection (`listEntries`). Every
 * write is conditioned on the version read and sets only what is missing, so it is idempotent:
 * a second run, or a step repeated after a crash, writes nothing new. Last, it walks the users
 * (./reindex-users.ts) and projects again those whose projection record differs from what they
 * should have, so directory lists added or changed since their entries were written (people
 * search's name-only `userWords`, the users table's `userEmails`) hold them.
 */
export const reindexJob: JobKind<ReindexInput> = {
  async step(job) {
    const at: ReindexCursor = (job.cursor as ReindexCursor | undefined) ?? START;
    const { pageSize } = job.input;
    if (at.templates.length) {
      const trackTemplateId = at.templates[0];
      const page = await db().entities.trackInstance.query.byTemplate({ trackTemplateId }).go({ limit: pageSize, cursor: at.instanceCursor, data: 'includeKeys' });
      const now = new Date().toISOString();
      const report = { ...at.report, enrolments: at.report.enrolments + page.data.length };
      await forEachConcurrently(page.data, async (instance) => {
        const done = await reindexEnrolment(instance as TrackInstanceItem & { gsi4pk?: string }, now);
        report.districtEntries += done.district;
        report.stepEntries += done.steps;
      }, AT_ONCE);
      report.listEntries = (report.listEntries ?? 0) + (await listEntries(page.data));
      report.dashboards = (report.dashboards ?? 0) + (await dashboardFigures(page.data));
      const next = page.cursor ? { ...at, instanceCursor: page.cursor, report } : { ...at, templates: at.templates.slice(1), instanceCursor: null, report };
      return { done: page.data.length, cursor: next };
    }
    if (at.conferences.length && at.moreTemplates) {
      const conferenceId = storedConferenceId(at.conferences[0]);
      const page = await db().entities.trackTemplate.query.byConference({ conferenceId }).go({ limit: 100, cursor: at.templateCursor });
      const areaId = areaOf(await placeOf({ conferenceId }));
      let trackEntries = 0;
      for (const track of page.data) if (await setTrackArea(track, areaId)) trackEntries++;
      const report = { ...at.report, trackEntries: (at.report.trackEntries ?? 0) + trackEntries };
      return { done: 0, cursor: { ...at, templates: page.data.map((t) => t.trackTemplateId), templateCursor: page.cursor, moreTemplates: Boolean(page.cursor), report } };
    }
    if (at.conferences.length) return { done: 0, cursor: { ...at, conferences: at.conferences.slice(1), templateCursor: null, moreTemplates: true } };
    if (at.moreConferences) {
      const page = await db().entities.location.query.byKind({ kind: 'Conference' }).go({ limit: 100, cursor: at.conferenceCursor, attributes: ['locationId'] });
      return { done: 0, cursor: { ...at, conferences: page.data.map((l) => l.locationId!), conferenceCursor: page.cursor, moreConferences: Boolean(page.cursor) } };
    }
    const userLists = at.userLists ?? USER_LISTS;
    if (userLists.length) {
      const page = await reindexUsersPage(userLists[0], at.userCursor ?? null, pageSize);
      const report = { ...at.report, users: (at.report.users ?? 0) + page.users, userEntries: (at.report.userEntries ?? 0) + page.changed };
      const next = page.cursor ? { ...at, userLists, userCursor: page.cursor, report } : { ...at, userLists: userLists.slice(1), userCursor: null, report };
      return { done: page.users, cursor: next };
    }
    return { done: 0, finished: true, result: at.report };
  },
};

/** The job item for a re-index (started by `npm run reindex`; `ownerId` names who started it). */
export function reindexJobItem(ownerId: string, pageSize = REINDEX_PAGE) {
  return newJob({ kind: REINDEX_JOB_KIND, ownerId, title: 'Re-index enrolments and users', input: { pageSize } satisfies ReindexInput });
}
