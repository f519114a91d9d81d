import { SYSTEM_ROLES, roleLabel } from '../../../shared/auth/system-roles';
import { SUBJECT_TREE, subjectTreeSubjects } from '../../../shared/auth/subject-tree';
import { SUBJECTS, SYSTEM_ROLE_NAMES } from '../../../shared/auth/vocabulary';
import { abilityOf } from './fixtures';

describe('SYSTEM_ROLES', () => {
  it('defines the ten system roles once each, with stable ids and the SPEC labels', () => {
    expect(SYSTEM_ROLES.map((r) => r.name)).toEqual([...SYSTEM_ROLE_NAMES]);
    expect(SYSTEM_ROLES.map((r) => r.label)).toEqual([
      'Superadmin',
      'Bishop',
      'Conference Admin',
      'District Admin',
      'District Superintendent',
      'Advisor',
      'Mentor',
      'Interviewer',
      'Participant',
      'User',
    ]);
    expect(new Set(SYSTEM_ROLES.map((r) => r.id)).size).toBe(10);
    expect(SYSTEM_ROLES.find((r) => r.name === 'Superadmin')?.id).toBe('role-superadmin');
    expect(SYSTEM_ROLES.every((r) => r.id.startsWith('role-'))).toBe(true);
  });

  it('gives every policy at least one action and one subject (the role editor rule)', () => {
    for (const role of SYSTEM_ROLES) {
      for (const policy of role.policies) {
        expect(policy.actions.length).toBeGreaterThan(0);
        expect(policy.subjects.length).toBeGreaterThan(0);
      }
    }
  });

  // The navigation checks of SPEC.md sections 2 and 6, as type-level checks.
  const nav = [
    ['Superadmin', true, true, true, true],
    ['Bishop', false, false, false, false],
    ['ConferenceAdmin', true, true, true, true],
    ['DistrictAdmin', true, true, false, true],
    ['DistrictSuperintendent', false, false, false, false],
    ['Advisor', false, false, false, false],
    ['Mentor', false, false, false, false],
    ['Interviewer', false, false, false, false],
    ['Participant', false, false, false, false],
    ['User', false, false, false, false],
  ] as const;
  it.each(nav)('%s: update Conference %s, create FormTemplate %s, create Role %s, update TrackTemplate %s', (name, conference, form, role, track) => {
    const ability = abilityOf([name]);
    expect(ability.can('update', 'Conference')).toBe(conference);
    expect(ability.can('create', 'FormTemplate')).toBe(form);
    expect(ability.can('create', 'Role')).toBe(role);
    expect(ability.can('update', 'TrackTemplate')).toBe(track);
  });
});

describe('roleLabel', () => {
  it('shows a system role by its label and a custom role by its own name', () => {
    expect(roleLabel({ name: 'ConferenceAdmin', system: true })).toBe('Conference Admin');
    expect(roleLabel({ name: 'ConferenceAdmin', system: false })).toBe('ConferenceAdmin');
    expect(roleLabel({ name: 'Youth Leaders', system: false })).toBe('Youth Leaders');
  });
});

describe('SUBJECT_TREE', () => {
  it('follows the SPEC hierarchy with its labels', () => {
    const [permission, role, jurisdiction] = SUBJECT_TREE;
    expect([permission.subject, role.subject, jurisdiction.subject]).toEqual(['Permission', 'Role', 'Jurisdiction']);
    const conference = jurisdiction.children[0].children[0];
    expect(jurisdiction.children[0].label).toBe('Episcopal Area');
    expect(conference.children.map((c) => c.label)).toEqual(['District', 'Track', 'Assignments']);
    const assignments = conference.children[2];
    expect(assignments.subject).toBe('TrackInstance');
    expect(assignments.children[0]).toMatchObject({ subject: 'TrackAssignment', label: 'Advisors / Interviewers' });
    const track = conference.children[1];
    expect(subjectTreeSubjects([track])).toEqual(['TrackTemplate', 'Phase', 'Step']);
    const district = conference.children[0];
    expect(subjectTreeSubjects([district])).toEqual(['District', 'Church', 'ChurchMembership', 'User', 'Comment']);
  });

  it('offers every subject a system role grants, each once', () => {
    const inTree = subjectTreeSubjects();
    expect(new Set(inTree).size).toBe(inTree.length);
    const granted = new Set(SYSTEM_ROLES.filter((r) => r.name !== 'Superadmin').flatMap((r) => r.policies.flatMap((p) => p.subjects)));
    for (const subject of granted) expect(inTree).toContain(subject);
    for (const subject of inTree) expect(SUBJECTS).toContain(subject);
  });
});
