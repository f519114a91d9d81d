export interface StatusSelectorInput {
  viewerId: string;
  participantId: string;
  /** The advisors assigned to the participant's track instance. */
  advisorIds: string[];
  /** The result of hasTrackOverride for the viewer on this track. */
  hasOverride: boolean;
}

/**
 * The step and track status selectors (SPEC.md section 4) show to the participant's advisor
 * or a track-override role, never to the participant, whatever roles they hold.
 */
export function canSeeStatusSelector(input: StatusSelectorInput): boolean {
  if (input.viewerId === input.participantId) return false;
  return input.hasOverride || input.advisorIds.includes(input.viewerId);
}
