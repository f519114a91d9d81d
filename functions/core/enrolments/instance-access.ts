import type { EntityItem } from 'electrodb';
import type { trackInstance } from '../../db/entities/track-instance';
import { loadUserAggregate, type UserAggregate } from '../../db/access/user-aggregate';
import { db } from '../../db/service';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { canAccessTrackInstance, canSeeStatusSelector, hasTrackOverride } from '../../../shared/auth/policies';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { deniedIds, grantedIds, hasAnySystemRole, hasSystemRole } from '../../../shared/auth/permissions';
import { scoped } from '../../../shared/auth/ability';
import type { AuthContext } from '../session/resolve-session';
import { isSystemTrack, type TrackCaller } from '../tracks/track-scope';
import { enrolmentPlace } from '../records/enrolment-records';

export type TrackInstanceItem = EntityItem<typeof trackInstance>;

export const INSTANCE_NOT_FOUND = 'Track instance not found.';
export const NO_TRACK_ACCESS = 'You do not have permission to access this track';

export const ADVISOR_ROLE_ID = systemRoleByName('Advisor').id;

export type InstanceCaller = Pick<AuthContext, 'userId' | 'roles' | 'permissions' | 'ability'>;

/** What the caller may do with one instance (SPEC.md section 6), decided on the loaded items. */
export interface InstanceRights {
  canAccess: boolean;
  /** Track override on this instance: superadmin, or an admin role placed on its conference or district. */
  hasOverride: boolean;
  /** The status selectors: the participant's advisor or a track-override role, never the participant. */
  canChangeStatus: boolean;
}

export const advisorIdsOf = (instance: Pick<TrackInstanceItem, 'assignees'>) => instance.assignees.filter((a) => a.roleId === ADVISOR_ROLE_ID).map((a) => a.userId);


export function instanceRights(auth: InstanceCaller, instance: TrackInstanceItem, participant: Pick<UserAggregate, 'permissions'> | null): InstanceRights {
  const conferenceId = isSystemTrack(instance.conferenceId) ? null : instance.conferenceId;
  const districtIds = instance.districtId ? [instance.districtId] : [];
  // Role power reaches only where the role governs, and never through a denied location.
  const inReach = (action: 'read' | 'update') => auth.ability.can(action, scoped('TrackInstance', { ancestorIds: enrolmentPlace(instance) }));
  const hasOverride = hasTrackOverride({ roles: auth.roles, permissions: auth.permissions, conferenceId, districtIds }) && inReach('update');
  const isParty = auth.userId === instance.participantId || instance.assignees.some((a) => a.userId === auth.userId);
  const policy = canAccessTrackInstance({
    viewerId: auth.userId,
    viewerRoles: auth.roles,
    viewerPermissions: auth.permissions,
    hasConferenceUpdatePolicy: auth.ability.can('update', 'Conference'),
    instance: { participantId: instance.participantId, assigneeIds: instance.assignees.map((a) => a.userId), conferenceId, districtIds },
    participantPermissions: participant?.permissions ?? [],
  });
  // A track-override role acts on the instance's steps and status, so it opens the instance too
  // (canAccessTrackInstance names conference admins only; district roles reach their districts' enrolments here).
  const canAccess = isParty || (policy && inReach('read')) || hasOverride;
  const canChangeStatus = canAccess && canSeeStatusSelector({ viewerId: auth.userId, participantId: instance.participantId, advisorIds: advisorIdsOf(instance), hasOverride });
  return { canAccess, hasOverride, canChangeStatus };
}

/**
 * The caller's rights on a loaded instance. The participant's permissions matter only for a
 * conference-less track seen by someone who is neither the participant, an assignee nor an
 * override (SPEC.md's overlap rule), so they are read only then.
 */
export async function rightsOnInstance(auth: InstanceCaller, instance: TrackInstanceItem): Promise<InstanceRights> {
  const rights = instanceRights(auth, instance, null);
  if (rights.canAccess || !isSystemTrack(instance.conferenceId) || !auth.ability.can('update', 'Conference')) return rights;
  return instanceRights(auth, instance, await loadUserAggregate(instance.participantId));
}

export async function findInstance(trackInstanceId: string): Promise<TrackInstanceItem | null> {
  const { data } = await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true });
  return data ?? null;
}

export interface LoadedInstance {
  instance: TrackInstanceItem;
  participant: UserAggregate | null;
  rights: InstanceRights;
}

/** An instance the caller may open: 404 when missing, 403 when not theirs to see (SPEC.md's 'You do not have permission to access this track'). */
export async function requireInstance(auth: InstanceCaller, trackInstanceId: string): Promise<LoadedInstance> {
  const instance = await findInstance(trackInstanceId);
  if (!instance) throw new NotFoundError(INSTANCE_NOT_FOUND);
  const participant = await loadUserAggregate(instance.participantId);
  const rights = instanceRights(auth, instance, participant);
  if (!rights.canAccess) throw new ForbiddenError(NO_TRACK_ACCESS);
  return { instance, participant, rights };
}

/**
 * Who administers a track's enrolments (SPEC.md section 6, the participants table and Manage
 * Participant): a superadmin, or a conference admin with an active, non-denied permission on
 * the track's conference. A system track's enrolments span conferences, so only a superadmin
 * administers them all; everyone else sees there what they are assigned to or enrolled in.
 */
export function administersEnrolments(auth: Pick<TrackCaller, 'roles' | 'permissions' | 'isSuperadmin'>, conferenceId: string): boolean {
  if (auth.isSuperadmin) return true;
  if (isSystemTrack(conferenceId)) return false;
  return hasSystemRole(auth.roles, 'ConferenceAdmin') && grantedIds(auth.permissions, 'Conference').has(conferenceId);
}

/** Districts the caller is denied inside their conference: enrolments made there stay hidden from them. */
export const deniedDistrictIds = (auth: Pick<TrackCaller, 'permissions'>) => [...deniedIds(auth.permissions)];

/**
 * The districts whose enrolments a district admin or superintendent administers (SPEC.md section
 * 6, track override by district): their active, non-denied district permissions.
 */
export function administeredDistrictIds(auth: Pick<TrackCaller, 'roles' | 'permissions'>): string[] {
  if (!hasAnySystemRole(auth.roles, ['DistrictAdmin', 'DistrictSuperintendent'])) return [];
  return [...grantedIds(auth.permissions, 'District')].sort();
}

/**
 * An administrator of the instance's enrolment: of the track's enrolments unless its district is
 * denied to them, or a district admin or superintendent of the enrolment's district (who see it
 * in the participants table, so Manage Participant works for them too).
 */
export function administersInstance(auth: Pick<TrackCaller, 'roles' | 'permissions' | 'isSuperadmin'>, instance: Pick<TrackInstanceItem, 'conferenceId' | 'districtId'>): boolean {
  if (administersEnrolments(auth, instance.conferenceId)) return auth.isSuperadmin || !instance.districtId || !deniedIds(auth.permissions).has(instance.districtId);
  return Boolean(instance.districtId) && administeredDistrictIds(auth).includes(instance.districtId!);
}

/**
 * An instance whose assignments the caller may change: 404 when missing, 403 unless they
 * administer its enrolments. An assignee or the participant may read it, never reassign it.
 */
export async function requireManagedInstance(auth: TrackCaller, trackInstanceId: string): Promise<TrackInstanceItem> {
  const instance = await findInstance(trackInstanceId);
  if (!instance) throw new NotFoundError(INSTANCE_NOT_FOUND);
  if (!administersInstance(auth, instance)) throw new ForbiddenError();
  return instance;
}
