import { DEFAULT_REMINDER_DAYS } from '../../../shared/schemas/track';
import { transact } from '../../db/transact';
import { StaleVersionError } from '../../db/versioned';
import { log } from '../../lib/log';
import { eventWrites, stepInstanceLink } from '../outbox/instance-events';
import { readStepDesign, readStepWork, type StepDesign, type StepInstanceItem, type TrackInstanceItem } from '../enrolments/step-instance-store';
import { dropEntry, entriesDue, entryContext, onEntry, stepKey } from './reminder-entries';
import { addDays, REMINDED_STATUSES, REMINDER_BUCKETS } from '../step-indexes/reminder-index';
import { whoMustAct } from './who-must-act';

/** Per bucket and run: at most REMINDER_BUCKETS x this many entries; the rest wait for the next run. */
export const REMINDERS_PER_BUCKET = 25;

export interface ReminderReport {
  /** Entries looked at. */
  looked: number;
  /** Reminders sent (one per step, each to its people). */
  sent: number;
}

const WAITING: Partial<Record<StepInstanceItem['status'], string>> = { PendingReview: 'waiting for review', Resubmit: 'waiting to be handed in again' };
const waiting = (status: StepInstanceItem['status']) => WAITING[status] ?? status;

/** The reminder's text: the participant reads about their step, the others about whose step it is. */
export function reminderMessage(stepName: string, trackName: string, days: number, status: StepInstanceItem['status'], participantName?: string): string {
  const whose = participantName ? ` for ${participantName}` : '';
  return `Reminder: ${stepName} in ${trackName}${whose} has been ${waiting(status)} for ${days} ${days === 1 ? 'day' : 'days'}.`;
}

/**
 * One step's turn: not due yet under its track's period (the entry was placed a day out): the
 * entry moves to that time; due: the people who must act hear of it, and the step records the
 * reminder and its next time, in one transaction on the entry as read.
 */
async function remindOne(step: StepInstanceItem, instance: TrackInstanceItem, reminderDays: number, now: string, designs: Map<string, Promise<StepDesign>>): Promise<boolean> {
  const dueAt = addDays(step.remindedAt ?? step.remindSince ?? now, reminderDays);
  if (dueAt > now) {
    await transact([(tx) => tx.stepInstance.patch(stepKey(step)).set({ remindBucket: step.remindBucket!, remindAt: dueAt }).where(onEntry(step)).commit()]);
    return false;
  }
  if (!designs.has(step.stepTemplateId)) designs.set(step.stepTemplateId, readStepDesign(step.stepTemplateId));
  const [work, design] = await Promise.all([readStepWork(step.stepInstanceId), designs.get(step.stepTemplateId)!]);
  const recipients = await whoMustAct(instance, { ...work, step }, design);
  const days = Math.round((Date.parse(now) - Date.parse(step.remindSince ?? now)) / 86_400_000);
  const link = stepInstanceLink(step.stepInstanceId);
  const participantName = `${instance.participant.firstName} ${instance.participant.lastName}`;
  const others = recipients.filter((id) => id !== instance.participantId);
  await transact([
    (tx) => tx.stepInstance.patch(stepKey(step)).set({ remindBucket: step.remindBucket!, remindAt: addDays(now, reminderDays), remindedAt: now }).where(onEntry(step)).commit(),
    ...(recipients.includes(instance.participantId) ? eventWrites({ recipientIds: [instance.participantId], message: reminderMessage(design.step.name, instance.trackName, days, step.status), link }) : []),
    ...eventWrites({ recipientIds: others, message: reminderMessage(design.step.name, instance.trackName, days, step.status, participantName), link }),
  ]);
  return true;
}

/**
 * The hourly reminders (issue 13 item 4): a step Ready, Resubmit or PendingReview for longer than its
 * track's `reminderDays` reminds whoever must act, once per period. Per bucket of the sparse
 * `byReminder` index one Query of the entries whose time has come (oldest first, at most
 * REMINDERS_PER_BUCKET), one BatchGet of their instances and one of their tracks; per step due a
 * reminder, the step's work and its template (two Queries, the template once per run). Every
 * write is conditioned on the entry as read, so a repeated or concurrent run reminds once.
 */
export async function sendStepReminders(now = new Date().toISOString(), perBucket = REMINDERS_PER_BUCKET): Promise<ReminderReport> {
  const buckets = Array.from({ length: REMINDER_BUCKETS }, (_, bucket) => String(bucket));
  const steps = (await Promise.all(buckets.map((bucket) => entriesDue(bucket, now, perBucket)))).flatMap((page) => page.data);
  const report: ReminderReport = { looked: steps.length, sent: 0 };
  if (!steps.length) return report;
  const { instances, tracks } = await entryContext(steps);
  const designs = new Map<string, Promise<StepDesign>>();
  for (const step of steps) {
    const instance = instances.get(step.trackInstanceId);
    try {
      if (!REMINDED_STATUSES.has(step.status) || instance?.status !== 'Open') await dropEntry(step);
      else if (await remindOne(step, instance, tracks.get(step.trackTemplateId)?.reminderDays ?? DEFAULT_REMINDER_DAYS, now, designs)) report.sent++;
    } catch (error) {
      if (!(error instanceof StaleVersionError)) throw error;
      log('info', 'reminders: step changed meanwhile, next run looks again', { stepInstanceId: step.stepInstanceId });
    }
  }
  return report;
}
