import { hasSystemRole } from '../permissions';

export interface ResponsibilityInput {
  viewerId: string;
  participantId: string;
  /** The instance's assignees and the role each was assigned as. */
  assignees: Array<{ userId: string; roleId: string }>;
  /** The role that completes the content or action ("Completed by"). */
  completedBy: { id: string; name: string; system?: boolean };
  /** The result of hasTrackOverride for the viewer on this track. */
  hasOverride: boolean;
}

/**
 * Who is responsible for a content item or action (SPEC.md section 6): the participant for
 * Participant-role items, an assignee assigned with the same role, or a track-override role.
 */
export function isResponsibleFor(input: ResponsibilityInput): boolean {
  if (input.hasOverride) return true;
  if (input.viewerId === input.participantId && hasSystemRole([input.completedBy], 'Participant')) return true;
  return input.assignees.some((a) => a.userId === input.viewerId && a.roleId === input.completedBy.id);
}
