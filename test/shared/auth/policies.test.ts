import {
  LAST_CONFERENCE_MESSAGE,
  PRIVATE_CONTENT_MESSAGE,
  canAccessTrackInstance,
  canEditTrackTemplate,
  canRemoveLastConference,
  canSeeStatusSelector,
  canSeeUser,
  canSelfAssignAsMentor,
  canTogglePrimary,
  canViewPrivateContent,
  hasTrackOverride,
  isInterviewerGroupVisible,
  isResponsibleFor,
  type LocationPermission,
} from '../../../shared/auth';
import { systemRoles } from './fixtures';

const role = (name: string) => [{ name, system: true }];
const perm = (entityId: string, chain: string[], flags: Partial<LocationPermission> = {}): LocationPermission => ({
  entity: chain.length === 3 ? 'Conference' : 'District',
  entityId,
  active: true,
  denial: false,
  ancestorIds: chain,
  ...flags,
});
const C1 = perm('C1', ['J', 'E', 'C1']);
const C2 = perm('C2', ['J', 'E', 'C2']);
const D1 = perm('D1', ['J', 'E', 'C1', 'D1']);
const D2 = perm('D2', ['J', 'E', 'C2', 'D2']);

describe('hasTrackOverride', () => {
  it('allows a superadmin always and a conference admin on their own conference', () => {
    expect(hasTrackOverride({ roles: role('Superadmin'), permissions: [], conferenceId: 'C2' })).toBe(true);
    expect(hasTrackOverride({ roles: role('ConferenceAdmin'), permissions: [C1], conferenceId: 'C1' })).toBe(true);
    expect(hasTrackOverride({ roles: role('DistrictAdmin'), permissions: [D1], conferenceId: 'C1', districtIds: ['D1'] })).toBe(true);
  });
  it('refuses other conferences, other districts, denied permissions and non-admin roles', () => {
    expect(hasTrackOverride({ roles: role('ConferenceAdmin'), permissions: [C1], conferenceId: 'C2' })).toBe(false);
    expect(hasTrackOverride({ roles: role('DistrictAdmin'), permissions: [D1], conferenceId: 'C1', districtIds: ['D9'] })).toBe(false);
    expect(hasTrackOverride({ roles: role('ConferenceAdmin'), permissions: [{ ...C1, denial: true }], conferenceId: 'C1' })).toBe(false);
    expect(hasTrackOverride({ roles: role('Advisor'), permissions: [C1], conferenceId: 'C1' })).toBe(false);
  });
});

describe('canAccessTrackInstance', () => {
  const instance = { participantId: 'p', assigneeIds: ['adv'], conferenceId: 'C1', districtIds: ['D1'] };
  const base = { viewerRoles: role('Participant'), viewerPermissions: [], hasConferenceUpdatePolicy: false, participantPermissions: [D1] };
  it('allows the participant, an assignee and a conference admin of the conference', () => {
    expect(canAccessTrackInstance({ ...base, viewerId: 'p', instance })).toBe(true);
    expect(canAccessTrackInstance({ ...base, viewerId: 'adv', instance })).toBe(true);
    expect(canAccessTrackInstance({ ...base, viewerId: 'ca', viewerRoles: role('ConferenceAdmin'), viewerPermissions: [C1], instance })).toBe(true);
  });
  it('refuses an unrelated user and a conference admin of another conference', () => {
    expect(canAccessTrackInstance({ ...base, viewerId: 'x', instance })).toBe(false);
    expect(canAccessTrackInstance({ ...base, viewerId: 'ca', viewerRoles: role('ConferenceAdmin'), viewerPermissions: [C2], instance })).toBe(false);
  });
});

describe('isResponsibleFor and canViewPrivateContent', () => {
  const participantRole = { id: 'role-participant', name: 'Participant', system: true };
  const advisorRole = { id: 'role-advisor', name: 'Advisor', system: true };
  it('the participant completes Participant content; an advisor assignee completes Advisor content', () => {
    expect(isResponsibleFor({ viewerId: 'p', participantId: 'p', assignees: [], completedBy: participantRole, hasOverride: false })).toBe(true);
    expect(isResponsibleFor({ viewerId: 'a', participantId: 'p', assignees: [{ userId: 'a', roleId: 'role-advisor' }], completedBy: advisorRole, hasOverride: false })).toBe(true);
  });
  it('the participant is not responsible for Advisor content, nor a stranger for anything', () => {
    expect(isResponsibleFor({ viewerId: 'p', participantId: 'p', assignees: [], completedBy: advisorRole, hasOverride: false })).toBe(false);
    expect(isResponsibleFor({ viewerId: 'x', participantId: 'p', assignees: [], completedBy: participantRole, hasOverride: false })).toBe(false);
  });
  it('private content shows to approved roles only, with the SPEC message otherwise', () => {
    const content = { isPrivate: true, approvedRoleIds: ['role-advisor'] };
    expect(canViewPrivateContent({ content, viewerRoleIds: ['role-advisor'], isResponsible: false, hasOverride: false })).toBe(true);
    expect(canViewPrivateContent({ content, viewerRoleIds: ['role-mentor'], isResponsible: false, hasOverride: false })).toBe(false);
    expect(PRIVATE_CONTENT_MESSAGE).toBe('This content contains sensitive data that you do not have permission to view.');
  });
});

describe('canSelfAssignAsMentor', () => {
  const input = { mentorId: 'm', mentorRoles: role('Mentor'), mentorPermissions: [D1], menteeId: 'p', menteePermissions: [D1], currentMentorIds: [] };
  it('allows a mentor sharing an active location', () => expect(canSelfAssignAsMentor(input)).toBe(true));
  it('refuses self, an existing assignment and no shared location', () => {
    expect(canSelfAssignAsMentor({ ...input, menteeId: 'm' })).toBe(false);
    expect(canSelfAssignAsMentor({ ...input, currentMentorIds: ['m'] })).toBe(false);
    expect(canSelfAssignAsMentor({ ...input, menteePermissions: [D2] })).toBe(false);
  });
});

describe('visibility of users and interviewer groups', () => {
  it('a district admin sees users sharing their district but not another district', () => {
    const viewer = { viewerId: 'da', viewerRoles: systemRoles('DistrictAdmin'), viewerPermissions: [D1] };
    expect(canSeeUser({ ...viewer, target: { id: 'p', permissions: [D1] } })).toBe(true);
    expect(canSeeUser({ ...viewer, target: { id: 'q', permissions: [D2] } })).toBe(false);
  });
  it('a conference admin sees users in districts of their conference, not of another', () => {
    const viewer = { viewerId: 'ca', viewerRoles: systemRoles('ConferenceAdmin'), viewerPermissions: [C1] };
    expect(canSeeUser({ ...viewer, target: { id: 'p', permissions: [D1] } })).toBe(true);
    expect(canSeeUser({ ...viewer, target: { id: 'q', permissions: [D2] } })).toBe(false);
  });
  it('interviewer groups: conference-less or own conference only, superadmin all', () => {
    expect(isInterviewerGroupVisible({ group: { conferenceId: null }, viewerRoles: role('Advisor'), viewerPermissions: [] })).toBe(true);
    expect(isInterviewerGroupVisible({ group: { conferenceId: 'C1' }, viewerRoles: role('Advisor'), viewerPermissions: [D1] })).toBe(true);
    expect(isInterviewerGroupVisible({ group: { conferenceId: 'C2' }, viewerRoles: role('Advisor'), viewerPermissions: [D1] })).toBe(false);
    expect(isInterviewerGroupVisible({ group: { conferenceId: 'C2' }, viewerRoles: role('Superadmin'), viewerPermissions: [] })).toBe(true);
  });
});

describe('location flags, status selector, system tracks', () => {
  it('primary toggling: the three admin roles only', () => {
    for (const name of ['Superadmin', 'ConferenceAdmin', 'DistrictAdmin']) expect(canTogglePrimary({ roles: role(name) })).toBe(true);
    expect(canTogglePrimary({ roles: role('Advisor') })).toBe(false);
  });
  it('only superadmins remove the last conference', () => {
    expect(canRemoveLastConference({ roles: role('Superadmin') })).toBe(true);
    expect(canRemoveLastConference({ roles: role('ConferenceAdmin') })).toBe(false);
    expect(LAST_CONFERENCE_MESSAGE).toBe('Only Super Admins can remove the last conference from a user!');
  });
  it('the status selector shows to the advisor or an override role, never the participant', () => {
    expect(canSeeStatusSelector({ viewerId: 'a', participantId: 'p', advisorIds: ['a'], hasOverride: false })).toBe(true);
    expect(canSeeStatusSelector({ viewerId: 'p', participantId: 'p', advisorIds: ['p'], hasOverride: true })).toBe(false);
    expect(canSeeStatusSelector({ viewerId: 'x', participantId: 'p', advisorIds: ['a'], hasOverride: false })).toBe(false);
  });
  it('system tracks are edited by superadmins only', () => {
    expect(canEditTrackTemplate({ roles: role('Superadmin'), track: { conferenceId: null }, mayUpdateTrackTemplate: true })).toBe(true);
    expect(canEditTrackTemplate({ roles: role('ConferenceAdmin'), track: { conferenceId: null }, mayUpdateTrackTemplate: true })).toBe(false);
    expect(canEditTrackTemplate({ roles: role('ConferenceAdmin'), track: { conferenceId: 'C1' }, mayUpdateTrackTemplate: true })).toBe(true);
  });
});
