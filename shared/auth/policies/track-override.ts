import { grantedIds, hasAnySystemRole, hasSystemRole } from '../permissions';
import type { PermissionFlags, RoleRef } from './types';

export interface TrackOverrideInput {
  roles: RoleRef[];
  permissions: PermissionFlags[];
  /** The track's conference; null or absent for a system (conference-less) track. */
  conferenceId?: string | null;
  /** The districts the track reaches (for an instance: the district it was enrolled under). */
  districtIds?: string[];
}

/** The roles that may hold a track override (below), besides the superadmin. */
export const TRACK_OVERRIDE_ROLES = ['ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent'] as const;

/**
 * Track override (SPEC.md section 6): lets a role act on any step or status of a track.
 * Superadmin always. Conference Admin, District Admin and District Superintendent: outright
 * when no conference is given; with a conference, a Conference Admin needs a permission on
 * that conference and the district roles a permission on one of the track's districts.
 * Only active, non-denied permissions count.
 */
export function hasTrackOverride(input: TrackOverrideInput): boolean {
  if (hasSystemRole(input.roles, 'Superadmin')) return true;
  if (!hasAnySystemRole(input.roles, TRACK_OVERRIDE_ROLES)) return false;
  if (!input.conferenceId) return true;

  if (hasSystemRole(input.roles, 'ConferenceAdmin') && grantedIds(input.permissions, 'Conference').has(input.conferenceId)) return true;
  if (hasAnySystemRole(input.roles, ['DistrictAdmin', 'DistrictSuperintendent'])) {
    const districts = grantedIds(input.permissions, 'District');
    return (input.districtIds ?? []).some((id) => districts.has(id));
  }
  return false;
}
