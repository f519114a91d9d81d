import { scoped } from '../../../shared/auth/ability';
import type { HoldRecordKind } from '../../../shared/schemas/retention';
import { getLocation, type LocationItem } from '../../db/access/location-store';
import type { UserAggregate } from '../../db/access/user-aggregate';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { findInstance, INSTANCE_NOT_FOUND, type TrackInstanceItem } from '../enrolments/instance-access';
import { personRecord } from '../records/audit-records';
import { mayActOnOthers } from '../scope/caller-rights';
import type { AuthContext } from '../session/resolve-session';
import { canSeeTarget, loadTargetUser } from '../users/target-user';

/**
 * Who governs retention (docs/security.md "Retention and legal holds"): a conference's periods,
 * preview and holds are for superadmins and those who may update that conference (its conference
 * admins); the System root's (system tracks, people placed nowhere) for superadmins only. A hold
 * on a person or an enrolment is for those who govern its conference.
 */
type Caller = Pick<AuthContext, 'userId' | 'isSuperadmin' | 'permissions' | 'roles' | 'ability'>;

export const CONFERENCE_NOT_FOUND = 'Conference not found.';

/** Before any read: a role updating conferences somewhere (or a superadmin). */
export function requireRetentionPower(auth: Caller): void {
  if (!mayActOnOthers(auth, 'update', 'Conference')) throw new ForbiddenError();
}

/** Whether the caller governs the conference `conferenceId` (loaded); the System root only superadmins. */
export function governsConference(auth: Caller, place: Pick<LocationItem, 'locationId' | 'ancestorIds'>): boolean {
  if (auth.isSuperadmin) return true;
  if (place.locationId === SYSTEM_LOCATION_ID) return false;
  return auth.ability.can('update', scoped('Conference', { ancestorIds: place.ancestorIds }));
}

/** The conference (or the System root) whose retention the caller governs: unknown 404, another's 403. */
export async function requireGovernedConference(auth: Caller, conferenceId: string): Promise<LocationItem> {
  const place = await getLocation(conferenceId);
  if (!place || (place.kind !== 'Conference' && place.locationId !== SYSTEM_LOCATION_ID)) throw new NotFoundError(CONFERENCE_NOT_FOUND);
  if (!governsConference(auth, place)) throw new ForbiddenError();
  return place;
}

export type HoldTarget =
  | { recordKind: 'User'; recordId: string; conferenceId: string; subject: string; person: UserAggregate }
  | { recordKind: 'TrackInstance'; recordId: string; conferenceId: string; subject: string; participantId: string; instance: TrackInstanceItem };

/** The conference a person's retention belongs to: that of their primary place (the System root for nobody's). */
export const personConferenceId = (person: Pick<UserAggregate, 'user' | 'permissions'>) => personRecord(person).auditScope ?? SYSTEM_LOCATION_ID;

export const enrolmentSubject = (instance: Pick<TrackInstanceItem, 'participant' | 'trackName'>) => `${instance.participant.firstName} ${instance.participant.lastName}, ${instance.trackName}`;

/** The record a hold is placed on or lifted from, loaded, and its conference governed by the caller: missing or unseen 404, another's 403. */
export async function requireHoldTarget(auth: AuthContext, recordKind: HoldRecordKind, recordId: string): Promise<HoldTarget> {
  if (recordKind === 'User') {
    const person = await loadTargetUser(recordId);
    if (!canSeeTarget(auth, person)) throw new NotFoundError('User not found.');
    const conferenceId = personConferenceId(person);
    const place = await getLocation(conferenceId);
    if (!place || !governsConference(auth, place)) throw new ForbiddenError();
    return { recordKind, recordId, conferenceId, subject: personRecord(person).subject, person };
  }
  const instance = await findInstance(recordId);
  if (!instance) throw new NotFoundError(INSTANCE_NOT_FOUND);
  const place = await getLocation(instance.conferenceId);
  if (!place || !governsConference(auth, place)) throw new ForbiddenError();
  return { recordKind, recordId, conferenceId: instance.conferenceId, subject: enrolmentSubject(instance), participantId: instance.participantId, instance };
}
