import { TRACK_PERIOD_DAYS_MIN } from '../../../shared/schemas/track';
import type { StepStatus } from '../../../shared/tracks/step-status';

/**
 * The reminder schedule's sparse index on step instances (`stepInstance` gsi2 `byReminder`).
 * A step is in it while it is Ready, Resubmit or PendingReview (someone must act: reminders) or Overdue
 * (escalation digests). Writers that change a step's status spread `reminderFields(status, now,
 * dueAt)` and remove the rest of `REMINDER_FIELDS` (`reminderChange`); the schedule drops entries
 * a writer left behind. Writers need not know the track's period: a new entry is first looked
 * at after the shortest period there is (a day), and the schedule moves it on to the track's.
 */
export const REMINDER_BUCKETS = 4;
export const OVERDUE_BUCKET = 'overdue';
export const REMINDER_FIELDS = ['remindBucket', 'remindAt', 'remindSince', 'remindedAt'] as const;
export const DAY_MS = 24 * 3600_000;

/** The statuses whose step waits for someone to act (reminded after the track's `reminderDays`); Resubmit waits for the participant like Ready. */
export const REMINDED_STATUSES: ReadonlySet<StepStatus> = new Set<StepStatus>(['Ready', 'Resubmit', 'PendingReview']);

/** The reminders' run marks and digest lines are read only in their hour or day: gone a few days later (DynamoDB TTL, seconds). */
const MARK_TTL_DAYS = 3;
export const markTtl = (now: string) => Math.floor(Date.parse(now) / 1000) + MARK_TTL_DAYS * (DAY_MS / 1000);

export const addDays = (at: string, days: number) => new Date(Date.parse(at) + days * DAY_MS).toISOString();

export type ReminderFields = { remindBucket: string; remindAt: string; remindSince: string } | Record<string, never>;

/** The index fields of a step entering `status` at `now`; none for a status nobody is reminded of. */
export function reminderFields(status: StepStatus, now: string, dueAt: string | undefined): ReminderFields {
  if (REMINDED_STATUSES.has(status)) {
    return { remindBucket: String(Math.floor(Date.parse(now) / 1000) % REMINDER_BUCKETS), remindAt: addDays(now, TRACK_PERIOD_DAYS_MIN), remindSince: now };
  }
  if (status === 'Overdue' && dueAt) return { remindBucket: OVERDUE_BUCKET, remindAt: dueAt, remindSince: dueAt };
  return {};
}

/** What a status write does to the index: the fields to set, and the others to remove (a new status starts afresh). */
export function reminderChange(status: StepStatus, now: string, dueAt: string | undefined): { set: ReminderFields; remove: Array<(typeof REMINDER_FIELDS)[number]> } {
  const set = reminderFields(status, now, dueAt);
  return { set, remove: REMINDER_FIELDS.filter((field) => !(field in set)) };
}
