/** Shown in place of private content the viewer may not see (SPEC.md section 5). */
export const PRIVATE_CONTENT_MESSAGE = 'This content contains sensitive data that you do not have permission to view.';

export interface PrivateContentInput {
  content: { isPrivate: boolean; approvedRoleIds: string[] };
  /** Ids of every role the viewer holds. */
  viewerRoleIds: string[];
  /** The result of isResponsibleFor for the viewer on this content. */
  isResponsible: boolean;
  /** The result of hasTrackOverride for the viewer on this track. */
  hasOverride: boolean;
}

/**
 * Private content is hidden unless the viewer is responsible for it, holds a track-override
 * role, or holds one of its approved roles (SPEC.md sections 5 and 6; the same rule decides
 * the participant's Documents). Private content without approved roles fails validation;
 * should one exist, it stays hidden from everyone but the responsible and override roles.
 */
export function canViewPrivateContent(input: PrivateContentInput): boolean {
  if (!input.content.isPrivate) return true;
  if (input.isResponsible || input.hasOverride) return true;
  return input.content.approvedRoleIds.some((id) => input.viewerRoleIds.includes(id));
}
