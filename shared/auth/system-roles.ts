import type { PolicyAction, Subject, SystemRoleName } from './vocabulary';

/** A role policy as the role editor stores it (SPEC.md section 3, Role). */
export interface RolePolicy {
  actions: PolicyAction[];
  subjects: Subject[];
}

export interface SystemRoleDefinition {
  id: string;
  name: SystemRoleName;
  label: string;
  policies: RolePolicy[];
}

const CRUD: PolicyAction[] = ['create', 'read', 'update', 'delete'];
const READ: PolicyAction[] = ['read'];
const READ_UPDATE: PolicyAction[] = ['read', 'update'];

/** Track design: a track template and its phases and steps travel together. */
const TRACK_DESIGN: Subject[] = ['TrackTemplate', 'Phase', 'Step'];

/**
 * The ten system roles of SPEC.md section 6. Ids are stable (seeds and tests use them);
 * system roles cannot be edited or deleted.
 *
 * Every policy except Superadmin's is scoped by rules.ts to the locations the role governs
 * (role-scope.ts: Conference Admin its holder's conference permissions, District Admin and
 * District Superintendent their district permissions, the others all active, non-denied
 * permissions), so "update Conference" for a district admin unlocks the Users and Admin
 * links but never changes a conference, even one the admin holds a permission on.
 *
 * Navigation checks this table must satisfy (SPEC.md sections 2 and 6): update Conference
 * (Users, Admin), create FormTemplate (Forms, Unsubmit), update TrackTemplate (phase and
 * step editing), create Role, update User. A 'deactivate' grant follows every 'update'.
 */
export const SYSTEM_ROLES: ReadonlyArray<SystemRoleDefinition> = [
  {
    // Runs the whole product: rules.ts turns this role into an unconditioned `manage all`.
    id: 'role-superadmin',
    name: 'Superadmin',
    label: 'Superadmin',
    policies: [{ actions: CRUD, subjects: ['all'] }],
  },
  {
    // Oversees an episcopal area: sees its people, locations and tracks, changes nothing.
    // No update Conference, so no Users or Admin links.
    id: 'role-bishop',
    name: 'Bishop',
    label: 'Bishop',
    policies: [
      {
        actions: READ,
        subjects: [
          'EpiscopalArea',
          'Conference',
          'District',
          'Church',
          'ChurchMembership',
          'User',
          'Comment',
          ...TRACK_DESIGN,
          'TrackInstance',
          'TrackAssignment',
          'MentorAssignment',
          'UserGroup',
        ],
      },
    ],
  },
  {
    // Administers a conference (SPEC.md section 1): its districts, churches, people and
    // their locations, tracks and enrolments, forms, roles, interview groups and announcements.
    id: 'role-conference-admin',
    name: 'ConferenceAdmin',
    label: 'Conference Admin',
    policies: [
      {
        actions: CRUD,
        subjects: [
          'Conference',
          'District',
          'Church',
          'ChurchMembership',
          'User',
          'Comment',
          'Permission',
          ...TRACK_DESIGN,
          'TrackInstance',
          'TrackAssignment',
          'MentorAssignment',
          'FormTemplate',
          'UserGroup',
          'Role',
          'Announcement',
        ],
      },
    ],
  },
  {
    // Administers a district: its churches, people, enrolments and forms. Holds update
    // Conference for the Users and Admin links; scoping keeps it off the conference itself.
    // Reads roles to assign them; only conference admins and superadmins edit roles.
    id: 'role-district-admin',
    name: 'DistrictAdmin',
    label: 'District Admin',
    policies: [
      { actions: READ_UPDATE, subjects: ['Conference', 'District'] },
      {
        actions: CRUD,
        subjects: [
          'Church',
          'ChurchMembership',
          'User',
          'Comment',
          'Permission',
          ...TRACK_DESIGN,
          'TrackInstance',
          'TrackAssignment',
          'MentorAssignment',
          'FormTemplate',
          'UserGroup',
        ],
      },
      { actions: READ, subjects: ['Role'] },
    ],
  },
  {
    // Supervises candidates in a district: follows and moves their tracks (a track-override
    // role) and records comments, without administering people or locations.
    id: 'role-district-superintendent',
    name: 'DistrictSuperintendent',
    label: 'District Superintendent',
    policies: [
      { actions: READ, subjects: ['District', 'Church', 'ChurchMembership', 'User', ...TRACK_DESIGN, 'MentorAssignment', 'UserGroup'] },
      { actions: READ_UPDATE, subjects: ['TrackInstance', 'TrackAssignment'] },
      { actions: ['create', 'read'], subjects: ['Comment'] },
    ],
  },
  {
    // Default completer of actions (approvals, signatures) on assigned participants' tracks;
    // sets step and track statuses and comments on the people advised.
    id: 'role-advisor',
    name: 'Advisor',
    label: 'Advisor',
    policies: [
      { actions: READ, subjects: ['User', ...TRACK_DESIGN, 'TrackAssignment', 'MentorAssignment'] },
      { actions: READ_UPDATE, subjects: ['TrackInstance'] },
      { actions: ['create', 'read'], subjects: ['Comment'] },
    ],
  },
  {
    // Supports mentees: sees them and may assign themselves (canSelfAssignAsMentor).
    id: 'role-mentor',
    name: 'Mentor',
    label: 'Mentor',
    policies: [
      { actions: READ, subjects: ['User'] },
      { actions: ['create', 'read'], subjects: ['MentorAssignment'] },
    ],
  },
  {
    // Completes interviewer content on the tracks of participants in their groups.
    id: 'role-interviewer',
    name: 'Interviewer',
    label: 'Interviewer',
    policies: [
      { actions: READ, subjects: ['User', ...TRACK_DESIGN, 'TrackAssignment', 'UserGroup'] },
      { actions: READ_UPDATE, subjects: ['TrackInstance'] },
      { actions: ['create', 'read'], subjects: ['Comment'] },
    ],
  },
  {
    // Works through their own track. Reads only: completing content is decided per item by
    // isResponsibleFor. Deliberately no update TrackInstance (the track's admin tabs), no
    // update Conference, no create FormTemplate and nothing on Role.
    id: 'role-participant',
    name: 'Participant',
    label: 'Participant',
    policies: [{ actions: READ, subjects: [...TRACK_DESIGN, 'TrackInstance', 'MentorAssignment'] }],
  },
  {
    // Every signed-in person: announcements, and the role list the shell loads before
    // content. Their own profile and notifications come from rules.ts, not from here.
    id: 'role-user',
    name: 'User',
    label: 'User',
    policies: [{ actions: READ, subjects: ['Announcement', 'Role'] }],
  },
];

/** How a role is shown: the system role's label ('Conference Admin'), else the role's own name. */
export function roleLabel(role: { name: string; system?: boolean }): string {
  return (role.system && SYSTEM_ROLES.find((r) => r.name === role.name)?.label) || role.name;
}

export function systemRoleByName(name: SystemRoleName): SystemRoleDefinition {
  const role = SYSTEM_ROLES.find((r) => r.name === name);
  if (!role) throw new Error(`Unknown system role ${name}`);
  return role;
}

export { SUBJECT_TREE, type SubjectTreeNode } from './subject-tree';
