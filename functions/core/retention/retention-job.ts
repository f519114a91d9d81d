import { RETENTION_OUTCOMES } from '../../../shared/schemas/retention';
import type { JobKind } from '../../db/jobs';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import { db } from '../../db/service';
import type { AuditActor } from '../records/audit-write';
import { duePage } from './retention-due';
import { purgeEnrolment, purgePerson, type PurgeOutcome } from './retention-purge';
import { readRetentionPolicy } from './retention-policy';

/** Starting the day's run needs only the job item (./retention-start.ts): the sweep starts it without this implementation. */
export { RETENTION_JOB_KIND, startRetentionRun } from './retention-start';

/**
 * The daily retention purge (issue 25, item 3): one background job per day (`retention.purge`,
 * id `retention-<day>`, so a day never starts two), which walks every conference (and the System
 * root) and outcome, reads a page of what is due (retention-due.ts) per step and purges it
 * (retention-purge.ts), skipping what a hold or a person's enrolments keep. Its clock is the
 * run's `now` in its input: every step judges by the same instant, and a test sets it.
 * Resumable: the cursor holds a page of conferences (100 a read) and names the conference, the
 * outcome and the Query's page; a repeated step finds the purged records' cases gone from the
 * index and moves on.
 */
/** Due records one step reads and purges. */
export const RETENTION_STEP_RECORDS = 10;

interface Cursor {
  /** One page of conference ids (the first begins with the System root) and the Query's cursor to the next page. */
  conferences: string[];
  conferencePage: string | null;
  at: number;
  outcome: number;
  page: string | null;
}

export interface RetentionReport {
  purged: number;
  held: number;
  enrolled: number;
  skipped: number;
}

/** Conferences one read lists (an organisation has dozens; a larger one is walked page by page). */
const CONFERENCE_PAGE = 100;

async function conferencePage(page: string | null): Promise<Pick<Cursor, 'conferences' | 'conferencePage'>> {
  const { data, cursor } = await db().entities.location.query.byKind({ kind: 'Conference' }).go({ limit: CONFERENCE_PAGE, cursor: page, attributes: ['locationId'] });
  return { conferences: [...(page ? [] : [SYSTEM_LOCATION_ID]), ...data.map((place) => place.locationId)], conferencePage: cursor };
}

export const retentionJob: JobKind<{ now: string }> = {
  async step(job) {
    const now = new Date(job.input.now);
    const cursor: Cursor = (job.cursor as Cursor | undefined) ?? { ...(await conferencePage(null)), at: 0, outcome: 0, page: null };
    const report: RetentionReport = (job.cursor as { report?: RetentionReport } | undefined)?.report ?? { purged: 0, held: 0, enrolled: 0, skipped: 0 };
    const conferenceId = cursor.conferences[cursor.at];
    const outcome = RETENTION_OUTCOMES[cursor.outcome];
    const { periods } = await readRetentionPolicy(conferenceId);
    const page = await duePage(conferenceId, outcome, periods[outcome], now, { limit: RETENTION_STEP_RECORDS, cursor: cursor.page });
    const actor: AuditActor = { actorId: `job:${job.jobId}`, actorName: 'Retention schedule' };
    for (const item of page.data) {
      const result: PurgeOutcome = item.recordKind === 'User' ? await purgePerson(item, actor, now) : await purgeEnrolment(item, actor, now);
      if (result === 'purged') report.purged += 1;
      if (result === 'held' || result === 'enrolled') report[result] += 1;
      if (result === 'gone' || result === 'changed') report.skipped += 1;
    }
    const next: Cursor = page.cursor
      ? { ...cursor, page: page.cursor }
      : cursor.outcome + 1 < RETENTION_OUTCOMES.length
        ? { ...cursor, outcome: cursor.outcome + 1, page: null }
        : { ...cursor, at: cursor.at + 1, outcome: 0, page: null };
    // Progress: the conference and outcome pairs read to their end.
    const total = cursor.conferences.length * RETENTION_OUTCOMES.length;
    const done = page.cursor ? 0 : 1;
    if (next.at >= next.conferences.length) {
      const following = next.conferencePage ? await conferencePage(next.conferencePage) : null;
      if (!following || following.conferences.length === 0) return { done, total, finished: true, result: report };
      return { done, total, cursor: { ...following, at: 0, outcome: 0, page: null, report } };
    }
    return { done, total, cursor: { ...next, report } };
  },
};
