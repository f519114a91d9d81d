/**
 * The branches of the SPEC.md section 6 policies that policies.test.ts does not reach,
 * each from both sides.
 */
import {
  canAccessTrackInstance,
  canEditTrackTemplate,
  canSeeStatusSelector,
  canSeeUser,
  canSelfAssignAsMentor,
  canViewPrivateContent,
  hasTrackOverride,
  isInterviewerGroupVisible,
  isLastActiveConference,
  isResponsibleFor,
} from '../../../shared/auth/policies';
import type { SystemRoleName } from '../../../shared/auth/vocabulary';
import { perm, systemRoles } from './fixtures';

const roles = (...names: SystemRoleName[]) => names.map((name) => ({ name, system: true }));

describe('hasTrackOverride', () => {
  it('gives the three scoped override roles a track with no conference outright', () => {
    for (const name of ['ConferenceAdmin', 'DistrictAdmin', 'DistrictSuperintendent'] as const) {
      expect(hasTrackOverride({ roles: roles(name), permissions: [] })).toBe(true);
      expect(hasTrackOverride({ roles: roles(name), permissions: [], conferenceId: null })).toBe(true);
    }
    expect(hasTrackOverride({ roles: roles('Advisor', 'Participant'), permissions: [] })).toBe(false);
  });

  it('lets a district superintendent through on one of the track districts only', () => {
    const input = { roles: roles('DistrictSuperintendent'), permissions: [perm('D2')], conferenceId: 'C1' };
    expect(hasTrackOverride({ ...input, districtIds: ['D1', 'D2'] })).toBe(true);
    expect(hasTrackOverride({ ...input, districtIds: ['D1'] })).toBe(false);
  });

  it('does not accept a district permission for a conference admin, nor a conference one for district roles', () => {
    expect(hasTrackOverride({ roles: roles('ConferenceAdmin'), permissions: [perm('D1')], conferenceId: 'C1', districtIds: ['D1'] })).toBe(false);
    expect(hasTrackOverride({ roles: roles('DistrictAdmin'), permissions: [perm('C1')], conferenceId: 'C1', districtIds: ['D1'] })).toBe(false);
  });

  it('ignores a custom role that borrows a system name', () => {
    expect(hasTrackOverride({ roles: [{ name: 'Superadmin', system: false }], permissions: [], conferenceId: 'C1' })).toBe(false);
  });
});

describe('canAccessTrackInstance', () => {
  const conferenceTrack = { participantId: 'p', assigneeIds: [], conferenceId: 'C1', districtIds: ['D1'] };
  const systemTrack = { ...conferenceTrack, conferenceId: null };
  const viewer = { viewerId: 'v', viewerRoles: roles('DistrictAdmin'), hasConferenceUpdatePolicy: true, participantPermissions: [perm('D1')] };

  it('lets a superadmin in and a conference admin in through a district permission', () => {
    expect(canAccessTrackInstance({ ...viewer, viewerRoles: roles('Superadmin'), viewerPermissions: [], instance: conferenceTrack })).toBe(true);
    expect(canAccessTrackInstance({ ...viewer, viewerRoles: roles('ConferenceAdmin'), viewerPermissions: [perm('D1')], instance: conferenceTrack })).toBe(true);
  });

  it('keeps a district admin out of a conference track, even in the same district', () => {
    expect(canAccessTrackInstance({ ...viewer, viewerPermissions: [perm('D1')], instance: conferenceTrack })).toBe(false);
  });

  it('opens a conference-less track to a conference-update policy sharing a district or conference with the participant', () => {
    expect(canAccessTrackInstance({ ...viewer, viewerPermissions: [perm('D1')], instance: systemTrack })).toBe(true);
    expect(canAccessTrackInstance({ ...viewer, viewerPermissions: [perm('C2')], participantPermissions: [perm('C2')], instance: systemTrack })).toBe(true);
  });

  it('keeps a conference-less track closed without the policy, without overlap, or when the overlap is denied', () => {
    expect(canAccessTrackInstance({ ...viewer, hasConferenceUpdatePolicy: false, viewerPermissions: [perm('D1')], instance: systemTrack })).toBe(false);
    expect(canAccessTrackInstance({ ...viewer, viewerPermissions: [perm('D2')], instance: systemTrack })).toBe(false);
    expect(canAccessTrackInstance({ ...viewer, viewerPermissions: [perm('D1', { denial: true })], instance: systemTrack })).toBe(false);
    expect(canAccessTrackInstance({ ...viewer, viewerPermissions: [perm('D1')], participantPermissions: [perm('D1', { active: false })], instance: systemTrack })).toBe(false);
  });
});

describe('isResponsibleFor', () => {
  const advisorContent = { id: 'role-advisor', name: 'Advisor', system: true };
  const base = { viewerId: 'x', participantId: 'p', assignees: [{ userId: 'x', roleId: 'role-interviewer' }], completedBy: advisorContent };

  it('makes an override role responsible for anything', () => {
    expect(isResponsibleFor({ ...base, hasOverride: true })).toBe(true);
  });

  it('does not make an assignee responsible for another role’s content', () => {
    expect(isResponsibleFor({ ...base, hasOverride: false })).toBe(false);
  });

  it('does not treat a custom role named Participant as participant content', () => {
    const custom = { id: 'role-custom', name: 'Participant', system: false };
    expect(isResponsibleFor({ ...base, viewerId: 'p', assignees: [], completedBy: custom, hasOverride: false })).toBe(false);
  });
});

describe('canViewPrivateContent', () => {
  const privateContent = { isPrivate: true, approvedRoleIds: ['role-advisor'] };
  const stranger = { viewerRoleIds: ['role-mentor'], isResponsible: false, hasOverride: false };

  it('shows content that is not private to anyone', () => {
    expect(canViewPrivateContent({ ...stranger, content: { isPrivate: false, approvedRoleIds: [] } })).toBe(true);
  });

  it('shows private content to the responsible and to override roles', () => {
    expect(canViewPrivateContent({ ...stranger, content: privateContent, isResponsible: true })).toBe(true);
    expect(canViewPrivateContent({ ...stranger, content: privateContent, hasOverride: true })).toBe(true);
  });

  it('hides private content without approved roles from everyone else', () => {
    expect(canViewPrivateContent({ ...stranger, viewerRoleIds: ['role-advisor'], content: { isPrivate: true, approvedRoleIds: [] } })).toBe(false);
  });
});

describe('canSelfAssignAsMentor', () => {
  const input = { mentorId: 'm', mentorRoles: roles('Mentor'), mentorPermissions: [perm('D1')], menteeId: 'p', menteePermissions: [perm('D1')], currentMentorIds: [] };

  it('refuses someone without the Mentor role', () => {
    expect(canSelfAssignAsMentor({ ...input, mentorRoles: roles('Advisor') })).toBe(false);
  });

  it('refuses when the shared location is denied or inactive on either side', () => {
    expect(canSelfAssignAsMentor({ ...input, mentorPermissions: [perm('D1', { denial: true })] })).toBe(false);
    expect(canSelfAssignAsMentor({ ...input, menteePermissions: [perm('D1', { active: false })] })).toBe(false);
  });

  it('allows it when any one location is shared among several', () => {
    expect(canSelfAssignAsMentor({ ...input, mentorPermissions: [perm('D2'), perm('CH1')], menteePermissions: [perm('D3'), perm('CH1')] })).toBe(true);
  });
});

describe('canSeeUser', () => {
  const viewer = { viewerId: 'v', viewerRoles: systemRoles('Advisor'), viewerPermissions: [perm('D1')] };

  it('lets a superadmin see anyone and everyone see themselves', () => {
    expect(canSeeUser({ ...viewer, viewerRoles: systemRoles('Superadmin'), viewerPermissions: [], target: { id: 'x', permissions: [] } })).toBe(true);
    expect(canSeeUser({ ...viewer, viewerPermissions: [], target: { id: 'v', permissions: [] } })).toBe(true);
  });

  it('lets a role that reads users see users in (or inside) the locations it governs', () => {
    expect(canSeeUser({ ...viewer, target: { id: 'x', permissions: [perm('CH1')] } })).toBe(true);
    expect(canSeeUser({ ...viewer, target: { id: 'x', permissions: [perm('C1')] } })).toBe(false);
  });

  it('roles that do not read users (Participant, User) see only themselves', () => {
    const participant = { ...viewer, viewerRoles: systemRoles('Participant', 'User') };
    expect(canSeeUser({ ...participant, target: { id: 'x', permissions: [perm('D1')] } })).toBe(false);
  });

  it('a district admin who also holds the conference sees their district, not the whole conference', () => {
    const districtAdmin = { viewerId: 'v', viewerRoles: systemRoles('DistrictAdmin', 'User'), viewerPermissions: [perm('D1'), perm('C1')] };
    expect(canSeeUser({ ...districtAdmin, target: { id: 'x', permissions: [perm('CH1')] } })).toBe(true);
    expect(canSeeUser({ ...districtAdmin, target: { id: 'x', permissions: [perm('D2')] } })).toBe(false);
    expect(canSeeUser({ ...districtAdmin, target: { id: 'x', permissions: [perm('C1')] } })).toBe(false);
  });

  it('does not count the target’s inactive permissions, and a viewer’s denial hides the target', () => {
    expect(canSeeUser({ ...viewer, target: { id: 'x', permissions: [perm('D1', { active: false })] } })).toBe(false);
    expect(canSeeUser({ ...viewer, viewerPermissions: [perm('D1', { denial: true })], target: { id: 'x', permissions: [perm('D1')] } })).toBe(false);
    const conferenceAdmin = { viewerId: 'v', viewerRoles: systemRoles('ConferenceAdmin'), viewerPermissions: [perm('C1'), perm('D1', { denial: true })] };
    expect(canSeeUser({ ...conferenceAdmin, target: { id: 'x', permissions: [perm('D2')] } })).toBe(true);
    expect(canSeeUser({ ...conferenceAdmin, target: { id: 'x', permissions: [perm('D2'), perm('CH1')] } })).toBe(false);
  });
});

describe('isInterviewerGroupVisible', () => {
  it('does not count a denied or inactive permission in the group’s conference', () => {
    const group = { conferenceId: 'C1' };
    expect(isInterviewerGroupVisible({ group, viewerRoles: roles('Interviewer'), viewerPermissions: [perm('D1', { denial: true })] })).toBe(false);
    expect(isInterviewerGroupVisible({ group, viewerRoles: roles('Interviewer'), viewerPermissions: [perm('C1', { active: false })] })).toBe(false);
    expect(isInterviewerGroupVisible({ group, viewerRoles: roles('Interviewer'), viewerPermissions: [perm('C1')] })).toBe(true);
  });
});

describe('isLastActiveConference', () => {
  const withId = (id: string, permissionId: string, flags = {}) => ({ ...perm(id, flags), permissionId });

  it('is true only for the one remaining active conference', () => {
    expect(isLastActiveConference({ permissions: [withId('C1', 'p1'), withId('D1', 'p2')], permissionId: 'p1' })).toBe(true);
    expect(isLastActiveConference({ permissions: [withId('C1', 'p1'), withId('C2', 'p2', { active: false })], permissionId: 'p1' })).toBe(true);
  });

  it('is false with another active conference, or for a permission that is not the conference', () => {
    expect(isLastActiveConference({ permissions: [withId('C1', 'p1'), withId('C2', 'p2')], permissionId: 'p1' })).toBe(false);
    expect(isLastActiveConference({ permissions: [withId('C1', 'p1'), withId('D1', 'p2')], permissionId: 'p2' })).toBe(false);
  });
});

describe('canSeeStatusSelector and canEditTrackTemplate', () => {
  it('shows the selector to an override role that is not the advisor', () => {
    expect(canSeeStatusSelector({ viewerId: 'ca', participantId: 'p', advisorIds: ['a'], hasOverride: true })).toBe(true);
  });

  it('refuses a conference track to someone the scoped ability does not allow', () => {
    expect(canEditTrackTemplate({ roles: roles('ConferenceAdmin'), track: { conferenceId: 'C2' }, mayUpdateTrackTemplate: false })).toBe(false);
  });
});
