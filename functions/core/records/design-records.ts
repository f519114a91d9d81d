import type { AuditChange, AuditKind } from '../../../shared/schemas/audit';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import type { TransactionWrite } from '../../db/transact';
import { db } from '../../db/service';
import { auditActorOf, auditEntryWrite, recordChanges, type AuditActor, type AuditCaller, type AuditEntryInput } from './audit-write';

/**
 * Where the design side's entries go (issue 25): a track template's chain (which also holds its
 * phases and steps), a form template's and an interview group's. A track or a group sits at its
 * conference (the organisation page's partition), a system one at `system`; forms are
 * organisation-wide, like roles.
 */
type RecordPart<K extends AuditEntryInput['chain']> = Pick<AuditEntryInput, 'recordId' | 'subject' | 'scopeIds' | 'auditScope'> & { chain: K };

/** Where a track or group sits: its conference (the System root for none) and that conference's chain. */
export interface DesignPlace {
  conferenceId: string;
  ancestorIds: readonly string[];
}

/** The caller (a job's caller records `job:<id>`), or an actor a job names itself. */
type Who = AuditCaller | AuditActor;

const actorOf = (who: Who): AuditActor => ('actorId' in who ? who : auditActorOf(who));

export function trackTemplateRecord(track: { trackTemplateId: string; name: string }, place: DesignPlace): RecordPart<'TrackTemplate'> {
  return { chain: 'TrackTemplate', recordId: track.trackTemplateId, subject: track.name, scopeIds: place.ancestorIds, auditScope: place.conferenceId };
}

export function formTemplateRecord(form: { formId: string; name: string }): RecordPart<'FormTemplate'> {
  return { chain: 'FormTemplate', recordId: form.formId, subject: form.name, scopeIds: [], auditScope: SYSTEM_LOCATION_ID };
}

export function userGroupRecord(group: { userGroupId: string; name: string }, place: DesignPlace): RecordPart<'UserGroup'> {
  return { chain: 'UserGroup', recordId: group.userGroupId, subject: group.name, scopeIds: place.ancestorIds, auditScope: place.conferenceId };
}

/** An entry in a track template's History: the template itself, or one of its phases or steps. */
export function trackEntry(who: Who, track: { trackTemplateId: string; name: string }, place: DesignPlace, action: string, kind: AuditKind<'TrackTemplate'>, changes: AuditChange[]): TransactionWrite {
  return auditEntryWrite({ actor: actorOf(who), ...trackTemplateRecord(track, place), action, kind, changes });
}

export function formEntry(who: Who, form: { formId: string; name: string }, action: string, kind: AuditKind<'FormTemplate'>, changes: AuditChange[]): TransactionWrite {
  return auditEntryWrite({ actor: actorOf(who), ...formTemplateRecord(form), action, kind, changes });
}

export function groupEntry(who: Who, group: { userGroupId: string; name: string }, place: DesignPlace, action: string, kind: AuditKind<'UserGroup'>, changes: AuditChange[]): TransactionWrite {
  return auditEntryWrite({ actor: actorOf(who), ...userGroupRecord(group, place), action, kind, changes });
}

/**
 * The changes of one part of a track's design (a phase, a step), each field named after the
 * part as it was called before the change ("Discernment: name"), so one History reads on its own.
 */
export function partChanges(label: string, before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[], privateFields: readonly string[] = []): AuditChange[] {
  return recordChanges(before, after, fields, privateFields).map((change) => ({ ...change, field: `${label}: ${change.field}` }));
}

/**
 * A job's entry when the job acts on what its starter asked for without a caller of its own (a
 * copy's or an import's final step: it must complete even if they have left since): `job:<id>`
 * on behalf of its starter, named as they are now (one GetItem).
 */
export async function jobActor(job: { jobId: string; ownerId: string }): Promise<AuditActor> {
  const { data: owner } = await db().entities.user.get({ userId: job.ownerId }).go();
  return { actorId: `job:${job.jobId}`, actorName: [owner?.firstName, owner?.lastName].filter(Boolean).join(' '), onBehalfOf: job.ownerId };
}
