import { grants, hasSystemRole } from '../permissions';
import type { ChainedPermission, RoleRef } from './types';

export interface InterviewerGroupVisibilityInput {
  group: { conferenceId?: string | null };
  viewerRoles: RoleRef[];
  viewerPermissions: ChainedPermission[];
}

/**
 * Interview groups (SPEC.md section 6): a superadmin sees all; others see groups with no
 * conference and groups of a conference where they hold an active, non-denied permission
 * (on the conference itself or on a location inside it).
 */
export function isInterviewerGroupVisible(input: InterviewerGroupVisibilityInput): boolean {
  if (hasSystemRole(input.viewerRoles, 'Superadmin')) return true;
  const conferenceId = input.group.conferenceId;
  if (!conferenceId) return true;
  return grants(input.viewerPermissions).some((p) => p.ancestorIds.includes(conferenceId));
}
