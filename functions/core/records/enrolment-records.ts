import type { EntityItem } from 'electrodb';
import type { AuditChange, AuditKind } from '../../../shared/schemas/audit';
import type { trackInstance } from '../../db/entities/track-instance';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import type { TransactionWrite } from '../../db/transact';
import type { RecordPart } from './audit-records';
import { auditActorOf, auditEntryWrite, auditScopeOf, type AuditActor, type AuditCaller } from './audit-write';

/**
 * An enrolment (a track instance) as an audited record (issue 25): its chain holds its creation,
 * status, assignees and the work on its steps. Its place is where the enrolment scope checks
 * look (core/enrolments/instance-access.ts): the district's chain and the track's conference.
 */
export type EnrolmentRef = Pick<EntityItem<typeof trackInstance>, 'trackInstanceId' | 'trackName' | 'participant' | 'conferenceId' | 'districtId' | 'ancestorIds'>;

/** Where the enrolment sits: its district's chain (instances from before the chain was copied: conference and district). */
export const enrolmentPlace = (instance: Pick<EnrolmentRef, 'ancestorIds' | 'conferenceId' | 'districtId'>): string[] =>
  instance.ancestorIds?.length ? instance.ancestorIds : [instance.conferenceId, instance.districtId ?? ''].filter(Boolean);

/** The enrolment's chain: "participant — track", its places, and the track's conference (a system track's: the district's). */
export function enrolmentRecord(instance: EnrolmentRef): RecordPart & { chain: 'TrackInstance' } {
  const place = enrolmentPlace(instance);
  const system = instance.conferenceId === SYSTEM_LOCATION_ID;
  return {
    chain: 'TrackInstance',
    recordId: instance.trackInstanceId,
    subject: `${instance.participant.firstName} ${instance.participant.lastName} — ${instance.trackName}`,
    scopeIds: system ? place : [...place, instance.conferenceId],
    auditScope: system ? auditScopeOf(place) : instance.conferenceId,
  };
}

/** An entry in an enrolment's History, by the caller (or the job acting for its starter), or by an actor already made. */
export function enrolmentEntry(by: AuditCaller | AuditActor, instance: EnrolmentRef, action: string, kind: AuditKind<'TrackInstance'>, changes: AuditChange[]): TransactionWrite {
  const actor = 'actorId' in by ? by : auditActorOf(by);
  return auditEntryWrite({ actor, ...enrolmentRecord(instance), action, kind, changes });
}
