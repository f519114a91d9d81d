import { scoped } from '../../../shared/auth/ability';
import type { AuditChainKind } from '../../../shared/schemas/audit';
import type { LocationKind } from '../../../shared/auth/vocabulary';
import { LOCATION_KINDS } from '../../../shared/auth/vocabulary';
import { SYSTEM_LOCATION_ID } from '../../db/entities/location';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { requireAnnouncement } from '../announcements/announcement-scope';
import { getLocation } from '../../db/access/location-store';
import { canSeeTarget, loadHistoryUser, mayUpdateUserAccess } from '../users/target-user';
import { findRole } from '../../db/access/role-store';
import { mayActOnOthers, maySetStatuses } from '../scope/caller-rights';
import type { AuthContext } from '../session/resolve-session';
import { requireEnrolmentHistoryReader } from './enrolment-history-access';
import { requireFormHistoryReader, requireGroupHistoryReader, requireTrackHistoryReader } from './design-history-access';

/**
 * Who reads the audit trail (docs/security.md "Audit trail"): a record's History those who may
 * update that record; the organisation page, per scope, superadmins and those who may update the
 * conference (its conference admins). The `mayRead...` checks refuse before any read those who
 * hold the power nowhere; the `require...` checks decide on the loaded record.
 */
type Caller = Pick<AuthContext, 'userId' | 'isSuperadmin' | 'permissions' | 'roles' | 'ability'>;

/** The History of a kind of record, for someone who may update such a record somewhere (no read). */
export function requireHistoryPower(auth: Caller, chainKind: AuditChainKind): void {
  const allowed =
    chainKind === 'User'
      ? mayActOnOthers(auth, 'update', 'User')
      : chainKind === 'Location'
        ? LOCATION_KINDS.some((kind) => mayActOnOthers(auth, 'update', kind))
        : chainKind === 'TrackInstance'
          ? maySetStatuses(auth)
          : mayActOnOthers(auth, 'update', chainKind);
  if (!allowed) throw new ForbiddenError();
}

/**
 * The History of one record: a person's for whoever may change their access (update User where
 * they are; a person cannot read their own unless they govern themselves: they see what they did,
 * not what was done about them), a location's for whoever may update it, a custom role's for those
 * who may update roles, an announcement's for those who manage it, a track template's, form
 * template's or interview group's for those who may update it (design-history-access.ts).
 * Unseen or unknown: 404.
 */
export async function requireHistoryReader(auth: AuthContext, chainKind: AuditChainKind, recordId: string): Promise<void> {
  if (chainKind === 'User') {
    // An erased person's History (the erasure entry) is still read by those who governed them.
    const target = await loadHistoryUser(recordId);
    if (!canSeeTarget(auth, target)) throw new NotFoundError('User not found.');
    if (!mayUpdateUserAccess(auth, target)) throw new ForbiddenError();
    return;
  }
  if (chainKind === 'Location') {
    const place = await getLocation(recordId);
    if (!place || place.kind === 'System') throw new NotFoundError();
    if (!auth.ability.can('update', scoped(place.kind as LocationKind, { ancestorIds: place.ancestorIds }))) throw new ForbiddenError();
    return;
  }
  if (chainKind === 'Role') {
    if (!(await findRole(recordId))) throw new NotFoundError();
    if (!mayActOnOthers(auth, 'update', 'Role')) throw new ForbiddenError();
    return;
  }
  if (chainKind === 'Announcement') {
    await requireAnnouncement(auth, recordId, 'update');
    return;
  }
  if (chainKind === 'TrackTemplate') return requireTrackHistoryReader(auth, recordId);
  if (chainKind === 'FormTemplate') return requireFormHistoryReader(auth, recordId);
  if (chainKind === 'UserGroup') return requireGroupHistoryReader(auth, recordId);
  if (chainKind === 'TrackInstance') return requireEnrolmentHistoryReader(auth, recordId);
  // Kinds whose writes are not audited yet have no History to read.
  throw new NotFoundError();
}

/** The organisation page (no read): `system` is the superadmins'; a conference needs a role updating conferences somewhere. */
export function requireOrganisationPower(auth: Caller, scopeId: string): void {
  if (auth.isSuperadmin) return;
  if (scopeId === SYSTEM_LOCATION_ID || !mayActOnOthers(auth, 'update', 'Conference')) throw new ForbiddenError();
}

/** The organisation page of one scope: `system` for superadmins; a conference for those who may update it. */
export async function requireOrganisationReader(auth: Caller, scopeId: string): Promise<void> {
  if (auth.isSuperadmin) return;
  if (scopeId === SYSTEM_LOCATION_ID) throw new ForbiddenError();
  const place = await getLocation(scopeId);
  if (!place || place.kind !== 'Conference') throw new NotFoundError('Conference not found.');
  if (!auth.ability.can('update', scoped('Conference', { ancestorIds: place.ancestorIds }))) throw new ForbiddenError();
}
