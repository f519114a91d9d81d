import { grantedIds, hasSystemRole } from '../permissions';
import type { PermissionFlags, RoleRef } from './types';

export interface MentorSelfAssignInput {
  mentorId: string;
  mentorRoles: RoleRef[];
  mentorPermissions: PermissionFlags[];
  menteeId: string;
  menteePermissions: PermissionFlags[];
  /** The mentee's current mentors. */
  currentMentorIds: string[];
}

/**
 * A Mentor may assign themselves to a mentee (SPEC.md section 6) when they are not the
 * mentee, not already the mentee's mentor, and both hold an active, non-denied permission
 * on the same location.
 */
export function canSelfAssignAsMentor(input: MentorSelfAssignInput): boolean {
  if (!hasSystemRole(input.mentorRoles, 'Mentor')) return false;
  if (input.mentorId === input.menteeId) return false;
  if (input.currentMentorIds.includes(input.mentorId)) return false;
  const mentorLocations = grantedIds(input.mentorPermissions);
  return [...grantedIds(input.menteePermissions)].some((id) => mentorLocations.has(id));
}
