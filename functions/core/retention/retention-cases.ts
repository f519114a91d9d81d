import type { RetentionOutcome } from '../../../shared/schemas/retention';
import { loadUserAggregate } from '../../db/access/user-aggregate';
import { db } from '../../db/service';
import { findInstance, type TrackInstanceItem } from '../enrolments/instance-access';
import { personRecord } from '../records/audit-records';
import { enrolmentSubject, personConferenceId } from './retention-access';

/**
 * What waits out a retention period (issue 25, item 3; docs/data-model.md "Retention"): one
 * `retentionCase` per closed enrolment or inactive person, derived from the record's current state.
 * The stream runs these after every change of an enrolment or a person (functions/events/
 * stream-records.ts, beside their directory projectors); each is idempotent: a record still closed
 * the same way keeps its case (and its closing time), one closed another way gets a new one, one
 * reopened, reactivated or gone loses it. A purged record's case is its marker and stays.
 */
export const ENROLMENT_OUTCOMES: Partial<Record<TrackInstanceItem['status'], RetentionOutcome>> = { Withdrawn: 'withdrawn', Discontinued: 'discontinued', Completed: 'completed' };

type CaseInput = { recordKind: 'User' | 'TrackInstance'; recordId: string; conferenceId: string; outcome: RetentionOutcome; closedAt: string; subject: string; participantId?: string };

async function keepCase(recordKind: CaseInput['recordKind'], recordId: string, wanted: CaseInput | null): Promise<void> {
  const entity = db().entities.retentionCase;
  const { data: current } = await entity.get({ recordKind, recordId }).go({ consistent: true });
  if (current?.purgedAt) return;
  if (!wanted) {
    if (current) await entity.delete({ recordKind, recordId }).go();
    return;
  }
  if (current && current.outcome === wanted.outcome && current.conferenceId === wanted.conferenceId) return;
  await entity.put(current?.outcome === wanted.outcome ? { ...wanted, closedAt: current.closedAt } : wanted).go();
}

export async function projectEnrolmentRetention(trackInstanceId: string): Promise<void> {
  const instance = await findInstance(trackInstanceId);
  const outcome = instance && ENROLMENT_OUTCOMES[instance.status];
  await keepCase(
    'TrackInstance',
    trackInstanceId,
    instance && outcome
      ? { recordKind: 'TrackInstance', recordId: trackInstanceId, conferenceId: instance.conferenceId, outcome, closedAt: instance.updatedAt, subject: enrolmentSubject(instance), participantId: instance.participantId }
      : null,
  );
}

/** A person who is inactive (and not merged away: the merge owns what is left of them); whether they still have enrolments is asked at purge time. */
export async function projectPersonRetention(userId: string): Promise<void> {
  const person = await loadUserAggregate(userId);
  const closed = person && person.user.inactive && !person.user.mergedUserId;
  await keepCase(
    'User',
    userId,
    closed ? { recordKind: 'User', recordId: userId, conferenceId: personConferenceId(person), outcome: 'inactivePerson', closedAt: person.user.updatedAt, subject: personRecord(person).subject } : null,
  );
}
