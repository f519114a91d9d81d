import { hasSystemRole } from '../permissions';
import type { RoleRef } from './types';

export interface TrackTemplateEditInput {
  roles: RoleRef[];
  track: { conferenceId?: string | null };
  /** The scoped ability answer: `ability.can('update', scoped('TrackTemplate', track))`. */
  mayUpdateTrackTemplate: boolean;
}

/**
 * Editing a track template, its phases and steps, or deactivating it (SPEC.md section 6):
 * a system track (no conference) only by a superadmin; a conference track by whoever the
 * scoped ability allows to update it.
 */
export function canEditTrackTemplate(input: TrackTemplateEditInput): boolean {
  if (hasSystemRole(input.roles, 'Superadmin')) return true;
  if (!input.track.conferenceId) return false;
  return input.mayUpdateTrackTemplate;
}
