import type { AppAbility } from '@shared/auth/ability';
import type { TrackTemplateView } from '@shared/schemas/track';

/**
 * Whether to offer editing a track (SPEC.md section 6): system tracks (no conference) are a
 * superadmin's; conference tracks need update TrackTemplate. The server decides per track.
 */
export function mayEditTrack(ability: AppAbility, track: Pick<TrackTemplateView, 'conference'>): boolean {
  if (ability.can('manage', 'all')) return true;
  return track.conference !== null && ability.can('update', 'TrackTemplate');
}
