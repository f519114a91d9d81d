import { loadUserAggregate } from '../../db/access/user-aggregate';
import { ForbiddenError } from '../../lib/errors';
import { canAccessTrackInstance, canSeeStatusSelector, canViewPrivateContent, hasTrackOverride, isResponsibleFor } from '../../../shared/auth/policies';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import type { AuthContext } from '../session/resolve-session';
import { isSystemTrack } from '../tracks/track-scope';
import type { TrackInstanceItem } from './step-instance-store';

export const NO_TRACK_ACCESS = 'You do not have permission to access this track';
const ADVISOR_ROLE_ID = systemRoleByName('Advisor').id;

export type StepCaller = Pick<AuthContext, 'userId' | 'roles' | 'permissions' | 'ability'>;

/** What the caller may do on a participant's steps (SPEC.md section 6), decided on the loaded instance. */
export interface StepRights {
  userId: string;
  participantId: string;
  hasOverride: boolean;
  canChangeStatus: boolean;
  roleIds: string[];
  assignees: Array<{ userId: string; roleId: string }>;
}

/**
 * The instance's rights for the caller, or 403 with the track page's message. The participant's
 * permissions are read only for a conference-less track seen by someone who is neither the
 * participant, an assignee nor an override (SPEC.md's overlap rule), so the step page keeps to
 * its three requests.
 */
export async function requireStepRights(auth: StepCaller, instance: TrackInstanceItem): Promise<StepRights> {
  const conferenceId = isSystemTrack(instance.conferenceId) ? null : instance.conferenceId;
  const districtIds = instance.districtId ? [instance.districtId] : [];
  const hasOverride = hasTrackOverride({ roles: auth.roles, permissions: auth.permissions, conferenceId, districtIds });
  const assigneeIds = instance.assignees.map((a) => a.userId);
  const direct = hasOverride || auth.userId === instance.participantId || assigneeIds.includes(auth.userId);
  const needsParticipant = !direct && !conferenceId && auth.ability.can('update', 'Conference');
  const participant = needsParticipant ? await loadUserAggregate(instance.participantId) : null;
  const canAccess =
    direct ||
    canAccessTrackInstance({
      viewerId: auth.userId,
      viewerRoles: auth.roles,
      viewerPermissions: auth.permissions,
      hasConferenceUpdatePolicy: auth.ability.can('update', 'Conference'),
      instance: { participantId: instance.participantId, assigneeIds, conferenceId, districtIds },
      participantPermissions: participant?.permissions ?? [],
    });
  if (!canAccess) throw new ForbiddenError(NO_TRACK_ACCESS);
  const advisorIds = instance.assignees.filter((a) => a.roleId === ADVISOR_ROLE_ID).map((a) => a.userId);
  return {
    userId: auth.userId,
    participantId: instance.participantId,
    hasOverride,
    canChangeStatus: canSeeStatusSelector({ viewerId: auth.userId, participantId: instance.participantId, advisorIds, hasOverride }),
    roleIds: auth.roles.map((r) => r.roleId),
    assignees: instance.assignees.map((a) => ({ userId: a.userId, roleId: a.roleId })),
  };
}

/** Whether the caller is responsible for a content item or action done by `role`. */
export function responsibleFor(rights: StepRights, role: { id: string; name: string; system?: boolean }): boolean {
  return isResponsibleFor({ viewerId: rights.userId, participantId: rights.participantId, assignees: rights.assignees, completedBy: role, hasOverride: rights.hasOverride });
}

/** Whether the caller sees a content item's data (private content: responsible, override or an approved role). */
export function mayViewContent(rights: StepRights, content: { isPrivate: boolean; approvedRoles?: string[] }, responsible: boolean): boolean {
  return canViewPrivateContent({ content: { isPrivate: content.isPrivate, approvedRoleIds: content.approvedRoles ?? [] }, viewerRoleIds: rights.roleIds, isResponsible: responsible, hasOverride: rights.hasOverride });
}
