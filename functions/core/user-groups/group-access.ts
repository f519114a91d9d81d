import { scoped } from '../../../shared/auth/ability';
import { isInterviewerGroupVisible } from '../../../shared/auth/policies';
import type { Action } from '../../../shared/auth/vocabulary';
import { GROUP_CONFERENCE_OF_TRACK } from '../../../shared/schemas/user-group';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { isSystemTrack, type TrackCaller, type TrackPlace } from '../tracks/track-scope';

/**
 * Who may do what with interview groups (SPEC.md section 6, docs/security.md):
 * - see: a superadmin every group; others groups with no conference or of a conference where
 *   they hold an active permission (isInterviewerGroupVisible), on tracks they read;
 * - write: the Interviewer Groups tab is for those who may update TrackInstance where the
 *   track is (a system track: anywhere), and the group itself needs the action on UserGroup
 *   where the group is: its conference's admins, or a superadmin for a group with none
 *   (no permission names the system scope).
 */
export function mayManageTrackInstances(auth: TrackCaller, track: TrackPlace): boolean {
  if (isSystemTrack(track.conferenceId)) return auth.ability.can('update', 'TrackInstance');
  return auth.ability.can('update', scoped('TrackInstance', { ancestorIds: track.ancestorIds }));
}

export function mayActOnGroup(auth: TrackCaller, action: Action, group: TrackPlace): boolean {
  return auth.ability.can(action, scoped('UserGroup', { ancestorIds: group.ancestorIds }));
}

export function isGroupVisible(auth: TrackCaller, group: { conferenceId: string }): boolean {
  const conferenceId = isSystemTrack(group.conferenceId) ? null : group.conferenceId;
  return isInterviewerGroupVisible({ group: { conferenceId }, viewerRoles: auth.roles, viewerPermissions: auth.permissions });
}

/** The card's Edit and Delete: the caller may write this group of this track. */
export function mayManageGroup(auth: TrackCaller, track: TrackPlace, group: TrackPlace): boolean {
  return mayManageTrackInstances(auth, track) && mayActOnGroup(auth, 'update', group) && mayActOnGroup(auth, 'delete', group);
}

/**
 * A write of a group at `group` on a track at `track`: refused (403) without the rights above;
 * a conference track's groups belong to its conference or to none (a system track's to any).
 */
export function assertGroupWrite(auth: TrackCaller, action: Action, track: TrackPlace, group: TrackPlace): void {
  if (!mayManageTrackInstances(auth, track) || !mayActOnGroup(auth, action, group)) throw new ForbiddenError();
  if (!isSystemTrack(track.conferenceId) && !isSystemTrack(group.conferenceId) && group.conferenceId !== track.conferenceId) {
    throw new ValidationError({ conferenceId: [GROUP_CONFERENCE_OF_TRACK] });
  }
}
