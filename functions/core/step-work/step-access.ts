import { ForbiddenError } from '../../lib/errors';
import { canViewPrivateContent, isResponsibleFor } from '../../../shared/auth/policies';
import { NO_TRACK_ACCESS, rightsOnInstance, type InstanceCaller, type TrackInstanceItem } from '../enrolments/instance-access';

export type StepCaller = InstanceCaller;

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
 * The instance's rights for the caller (the one rule of functions/core/enrolments/instance-access.ts), or 403 with the track
 * page's message. The participant is read only for a conference-less track (rightsOnInstance),
 * so the step page keeps to its three requests.
 */
export async function requireStepRights(auth: StepCaller, instance: TrackInstanceItem): Promise<StepRights> {
  const rights = await rightsOnInstance(auth, instance);
  if (!rights.canAccess) throw new ForbiddenError(NO_TRACK_ACCESS);
  return {
    userId: auth.userId,
    participantId: instance.participantId,
    hasOverride: rights.hasOverride,
    canChangeStatus: rights.canChangeStatus,
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
