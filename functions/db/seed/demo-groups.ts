import { DEMO_LOCATION_IDS } from './demo-organisation';
import { demoUserByRole } from './demo-people';
import { DEMO_INSTANCE_IDS } from './demo-tracks';
import { SYSTEM_LOCATION_ID } from '../entities/location';
import { systemRoleByName } from '../../../shared/auth/system-roles';

const SEEDED_AT = '2025-01-06T15:00:00.000Z';

/** Ids of the demo's interview groups: one per demo track (the candidacy track's in Blue Ridge, the system track's with no conference). */
export const DEMO_GROUP_IDS = { candidacyPanel: 'demo-group-candidacy-panel', licensingReaders: 'demo-group-licensing-readers' } as const;

/** The demo's interview groups with the demo interviewer in each (each track's `userGroupCount` is 1). */
export function demoUserGroupItems() {
  const interviewer = demoUserByRole('Interviewer');
  const member = { firstName: interviewer.firstName, lastName: interviewer.lastName, email: interviewer.email };
  const interviewerRole = systemRoleByName('Interviewer').id;
  const groups = [
    { userGroupId: DEMO_GROUP_IDS.candidacyPanel, name: 'Candidacy Interview Panel', description: 'Interviews candidates at the end of discernment.', conferenceId: DEMO_LOCATION_IDS.conference1, trackTemplateId: DEMO_INSTANCE_IDS.trackTemplate },
    { userGroupId: DEMO_GROUP_IDS.licensingReaders, name: 'Licensing Readers', description: 'Reads licensing reflections from every conference.', conferenceId: SYSTEM_LOCATION_ID, trackTemplateId: DEMO_INSTANCE_IDS.systemTrack },
    // The interviewer chairs each: they open and close its committee votes (issue 26).
  ].map((group) => ({ ...group, roles: [interviewerRole], memberCount: 1, chairId: interviewer.id, createdAt: SEEDED_AT, updatedAt: SEEDED_AT }));
  return {
    groups,
    members: groups.map((group) => ({ userGroupId: group.userGroupId, userId: interviewer.id, user: member, createdAt: SEEDED_AT })),
  };
}
