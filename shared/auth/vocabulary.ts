/** The words of authorization (SPEC.md section 6). Every other auth module builds on these. */
export const ACTIONS = ['manage', 'create', 'read', 'update', 'delete', 'deactivate'] as const;
export type Action = (typeof ACTIONS)[number];

/** Actions a role policy may grant in the role editor (SPEC.md section 3, Role). */
export const POLICY_ACTIONS = ['create', 'read', 'update', 'delete'] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

export const SUBJECTS = [
  'all',
  'Permission',
  'Role',
  'Jurisdiction',
  'EpiscopalArea',
  'Conference',
  'District',
  'Church',
  'ChurchMembership',
  'User',
  'Comment',
  'TrackTemplate',
  'Phase',
  'Step',
  'TrackInstance',
  'TrackAssignment',
  'MentorAssignment',
  'FormTemplate',
  'UserGroup',
  'Announcement',
  'Notification',
] as const;
export type Subject = (typeof SUBJECTS)[number];

/** Location kinds, outermost first. A location's ancestors are the kinds before it. */
export const LOCATION_KINDS = ['Jurisdiction', 'EpiscopalArea', 'Conference', 'District', 'Church'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export const SYSTEM_ROLE_NAMES = [
  'Superadmin',
  'Bishop',
  'ConferenceAdmin',
  'DistrictAdmin',
  'DistrictSuperintendent',
  'Advisor',
  'Mentor',
  'Interviewer',
  'Participant',
  'User',
] as const;
export type SystemRoleName = (typeof SYSTEM_ROLE_NAMES)[number];
