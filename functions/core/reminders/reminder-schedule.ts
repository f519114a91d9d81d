import { DEFAULT_TIME_ZONE } from '../../../shared/schemas/conference-settings';
import { db } from '../../db/service';
import { config } from '../../lib/config';
import { localDay, localHour } from '../../lib/zoned-time';
import { log } from '../../lib/log';
import { startOverdueDigests } from './overdue-digest-start';
import { markTtl, REMINDER_BUCKETS } from '../step-indexes/reminder-index';
import { REMINDERS_PER_BUCKET, sendStepReminders } from './step-reminders';

type Report = { looked: number; sent: number };

async function ranAlready(markId: string, period: string): Promise<boolean> {
  return Boolean((await db().entities.reminderMark.get({ markId, period }).go({ consistent: true })).data);
}

async function markRun(markId: string, period: string, report: Report, now: string): Promise<void> {
  await db().entities.reminderMark.put({ markId, period, report, createdAt: now, ttl: markTtl(now) }).go();
}

/**
 * The reminder schedule, run by every sweep (functions/events/sweepers.ts: every five minutes
 * by EventBridge in AWS, the sweep timer locally): the reminders once an hour, and once a day
 * the escalation digests' job (`overdue-digest-job.ts`: it pages through every Overdue step,
 * however many), from `DIGEST_HOUR` (default 07:00) in the organisation's default time zone, so
 * digests reach people in their morning rather than at UTC midnight (the evening before in the
 * Americas). A finished reminder run leaves a mark with its report (`reminderMark`
 * `run:reminders` per hour); the digest job is created with the day's `run:digests` mark (its
 * report once the job ends), so later sweeps of that hour or day read one item and do nothing.
 * A reminder run that filled its bound leaves no mark: the next sweep goes on with the rest. A
 * run that dies before its mark is run again; what it sent is not sent twice (entries move with
 * each reminder, each recipient's digest has its day's mark). Returns how many reminders were sent.
 */
export async function runReminderSchedule(now = new Date().toISOString()): Promise<number> {
  let sent = 0;
  const hour = now.slice(0, 13);
  if (!(await ranAlready('run:reminders', hour))) {
    const report = await sendStepReminders(now);
    if (report.looked < REMINDER_BUCKETS * REMINDERS_PER_BUCKET) await markRun('run:reminders', hour, report, now);
    log('info', 'reminders sent', { hour, ...report });
    sent += report.sent;
  }
  const at = Date.parse(now);
  const day = localDay(at, DEFAULT_TIME_ZONE);
  if (localHour(at, DEFAULT_TIME_ZONE) >= config.digestHour && !(await ranAlready('run:digests', day))) {
    const jobId = await startOverdueDigests(now, day);
    log('info', 'overdue digests started', { day, jobId });
  }
  return sent;
}
