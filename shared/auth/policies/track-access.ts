import { grants, hasSystemRole } from '../permissions';
import type { PermissionFlags, RoleRef } from './types';

export interface TrackAccessInput {
  viewerId: string;
  viewerRoles: RoleRef[];
  viewerPermissions: PermissionFlags[];
  /** Whether any of the viewer's policies allows update on Conference (a type-level check). */
  hasConferenceUpdatePolicy: boolean;
  instance: {
    participantId: string;
    /** Advisors and interviewers assigned to this instance. */
    assigneeIds: string[];
    /** The track's conference; null or absent for a system (conference-less) track. */
    conferenceId?: string | null;
    /** The district(s) the instance belongs to. */
    districtIds: string[];
  };
  participantPermissions: PermissionFlags[];
}

/**
 * Who may open a participant's track instance (SPEC.md section 6, track access):
 * the participant; a superadmin; an assignee (assigned by someone with authority over
 * the instance); a conference admin holding a permission on the track's conference or on
 * one of the instance's districts. A conference-less track additionally opens to anyone
 * with a conference-update policy whose active, non-denied district or conference
 * permissions overlap the participant's.
 */
export function canAccessTrackInstance(input: TrackAccessInput): boolean {
  const { instance } = input;
  if (input.viewerId === instance.participantId) return true;
  if (hasSystemRole(input.viewerRoles, 'Superadmin')) return true;
  if (instance.assigneeIds.includes(input.viewerId)) return true;

  if (instance.conferenceId) {
    if (!hasSystemRole(input.viewerRoles, 'ConferenceAdmin')) return false;
    const viewerLocations = conferenceAndDistrictIds(input.viewerPermissions);
    return viewerLocations.has(instance.conferenceId) || instance.districtIds.some((id) => viewerLocations.has(id));
  }

  if (!input.hasConferenceUpdatePolicy) return false;
  const viewerLocations = conferenceAndDistrictIds(input.viewerPermissions);
  return [...conferenceAndDistrictIds(input.participantPermissions)].some((id) => viewerLocations.has(id));
}

function conferenceAndDistrictIds(permissions: PermissionFlags[]): Set<string> {
  return new Set(grants(permissions).filter((p) => p.entity === 'Conference' || p.entity === 'District').map((p) => p.entityId));
}
