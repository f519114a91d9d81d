import type { EntityItem } from 'electrodb';
import { RETENTION_OUTCOMES, type RetentionDueView, type RetentionOutcome, type RetentionPeriods } from '../../../shared/schemas/retention';
import type { retentionCase } from '../../db/entities/retention-case';
import { db } from '../../db/service';
import { holdsOn } from './legal-holds';

/**
 * What is past its period: per conference and outcome, the cases closed before `now` minus the
 * period (retentionCase gsi1 `byClosing`, one bounded Query each), so a run reads what is due and
 * nothing else, and a changed period applies from the next read without moving an item.
 */
export type CaseItem = EntityItem<typeof retentionCase>;

/** `now` minus whole years (UTC; 29 February falls to 1 March). */
export function yearsBefore(now: Date, years: number): string {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff.toISOString();
}

export function dueAt(closedAt: string, years: number): string {
  const due = new Date(closedAt);
  due.setUTCFullYear(due.getUTCFullYear() + years);
  return due.toISOString();
}

/** One page of a conference's cases of one outcome closed before the period's cutoff, oldest first. */
export async function duePage(conferenceId: string, outcome: RetentionOutcome, years: number, now: Date, options: { limit: number; cursor?: string | null }): Promise<{ data: CaseItem[]; cursor: string | null }> {
  return db()
    .entities.retentionCase.query.byClosing({ conferenceId, outcome })
    .lt({ closedAt: yearsBefore(now, years) })
    .go({ limit: options.limit, cursor: options.cursor ?? null });
}

/** Why a due case is not purged now: a legal hold, or (a person) enrolments still kept. Null: it goes. */
export async function keptBecause(item: Pick<CaseItem, 'recordKind' | 'recordId' | 'participantId'>): Promise<'held' | 'enrolled' | null> {
  const holds = item.recordKind === 'User' ? await holdsOn({ userId: item.recordId }) : await holdsOn({ userId: item.participantId, trackInstanceId: item.recordId });
  if (holds.length) return 'held';
  if (item.recordKind === 'User') {
    const { data } = await db().entities.trackInstance.query.byParticipant({ participantId: item.recordId }).go({ limit: 1 });
    if (data.length) return 'enrolled';
  }
  return null;
}

export const dueView = (item: CaseItem, years: number): RetentionDueView => ({
  recordKind: item.recordKind,
  recordId: item.recordId,
  outcome: item.outcome,
  subject: item.subject,
  closedAt: item.closedAt,
  dueAt: dueAt(item.closedAt, years),
});

/**
 * What the next run would purge in a conference at `now`: the due cases of every outcome that
 * neither a hold nor a person's remaining enrolments keep, at most `limit` (each outcome's Query
 * reads at most `limit * 2` cases). `more`: there may be further ones.
 */
export async function previewDue(conferenceId: string, periods: RetentionPeriods, now: Date, limit: number): Promise<{ data: RetentionDueView[]; more: boolean }> {
  const data: RetentionDueView[] = [];
  let more = false;
  for (const outcome of RETENTION_OUTCOMES) {
    if (data.length >= limit) {
      more = true;
      break;
    }
    const page = await duePage(conferenceId, outcome, periods[outcome], now, { limit: limit * 2 });
    for (const item of page.data) {
      if (data.length >= limit) {
        more = true;
        break;
      }
      if (!(await keptBecause(item))) data.push(dueView(item, periods[outcome]));
    }
    if (page.cursor) more = true;
  }
  return { data, more };
}
