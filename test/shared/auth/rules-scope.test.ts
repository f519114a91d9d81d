import fc from 'fast-check';
import {
  SCOPED_SUBJECTS,
  SYSTEM_ROLES,
  buildAbility,
  checkWithHierarchy,
  forbiddenMessage,
  rulesFor,
  scoped,
  systemRoleByName,
  type LocationPermission,
  type SystemRoleName,
} from '../../../shared/auth';

// A small organisation: jurisdiction J > area E > conferences C1, C2 > districts D1 (in C1), D2 (in C2).
const CHAIN = {
  C1: ['J', 'E', 'C1'],
  C2: ['J', 'E', 'C2'],
  D1: ['J', 'E', 'C1', 'D1'],
  D2: ['J', 'E', 'C2', 'D2'],
} as const;

function permission(entityId: keyof typeof CHAIN, flags: Partial<LocationPermission> = {}): LocationPermission {
  return {
    entity: entityId.startsWith('C') ? 'Conference' : 'District',
    entityId,
    active: true,
    denial: false,
    ancestorIds: [...CHAIN[entityId]],
    ...flags,
  };
}

function abilityOf(role: SystemRoleName, permissions: LocationPermission[]) {
  const { name, policies } = systemRoleByName(role);
  return buildAbility(rulesFor({ userId: 'u1', roles: [{ name, system: true, policies }], permissions }));
}

const at = (subject: Parameters<typeof scoped>[0], chain: readonly string[], extra: object = {}) =>
  scoped(subject, { ancestorIds: [...chain], ...extra });

describe('rulesFor: system roles at type level (the navigation checks of SPEC.md section 6)', () => {
  it('superadmin can do everything', () => {
    const ability = abilityOf('Superadmin', []);
    for (const subject of SCOPED_SUBJECTS) expect(ability.can('delete', at(subject, CHAIN.D2))).toBe(true);
    expect(ability.can('create', 'Role')).toBe(true);
  });

  it('a participant has no Users/Admin (update Conference), Forms (create FormTemplate) or Role rights', () => {
    const ability = abilityOf('Participant', [permission('D1')]);
    expect(ability.can('update', 'Conference')).toBe(false);
    expect(ability.can('create', 'FormTemplate')).toBe(false);
    expect(ability.can('create', 'Role')).toBe(false);
  });

  it('a conference admin gets the Users and Admin links', () => {
    expect(abilityOf('ConferenceAdmin', [permission('C1')]).can('update', 'Conference')).toBe(true);
  });

  it('every system role has at least one policy, and only Superadmin manages all', () => {
    for (const role of SYSTEM_ROLES) {
      expect(role.policies.length, role.name).toBeGreaterThan(0);
      const managesAll = role.policies.some((p) => (p.subjects as string[]).includes('all'));
      expect(managesAll, role.name).toBe(role.name === 'Superadmin');
    }
  });
});

describe('rulesFor: location scope on loaded entities', () => {
  it('a conference admin may update a district inside their conference, not one in another', () => {
    const ability = abilityOf('ConferenceAdmin', [permission('C1')]);
    expect(ability.can('update', at('District', CHAIN.D1))).toBe(true);
    expect(ability.can('update', at('District', CHAIN.D2))).toBe(false);
  });

  it('inactive and denied permissions grant nothing', () => {
    expect(abilityOf('ConferenceAdmin', [permission('C1', { active: false })]).can('update', at('District', CHAIN.D1))).toBe(false);
    expect(abilityOf('ConferenceAdmin', [permission('C1', { denial: true })]).can('update', at('District', CHAIN.D1))).toBe(false);
  });

  it('a denial inside a granted area wins over the grant', () => {
    const ability = abilityOf('ConferenceAdmin', [permission('C1'), permission('D1', { denial: true })]);
    expect(ability.can('update', at('District', CHAIN.D1))).toBe(false);
  });

  it('everyone reads their own user record, and not another user outside their scope', () => {
    const ability = abilityOf('Participant', []);
    expect(ability.can('read', scoped('User', { id: 'u1', ancestorIds: [] }))).toBe(true);
    expect(ability.can('update', scoped('User', { id: 'u2', ancestorIds: [...CHAIN.D2] }))).toBe(false);
  });

  it('property: with no active, non-denied permission, no scoped instance check passes for a non-superadmin role', () => {
    const roles = SYSTEM_ROLES.filter((r) => r.name !== 'Superadmin').map((r) => r.name);
    const ids = ['J', 'E', 'C1', 'C2', 'D1', 'D2'];
    fc.assert(
      fc.property(
        fc.constantFrom(...roles),
        fc.constantFrom(...SCOPED_SUBJECTS.filter((s) => s !== 'User')),
        fc.constantFrom('create', 'update', 'delete'),
        fc.array(fc.record({ id: fc.constantFrom('C1', 'C2', 'D1', 'D2'), active: fc.boolean(), denial: fc.boolean() }), { maxLength: 4 }),
        fc.subarray(ids, { minLength: 1 }),
        (role, subject, action, raw, chain) => {
          const permissions = raw
            .filter((p) => !p.active || p.denial)
            .map((p) => permission(p.id as keyof typeof CHAIN, { active: p.active, denial: p.denial }));
          return !abilityOf(role, permissions).can(action as 'create', at(subject, chain));
        },
      ),
    );
  });

  it('property: adding a denial never widens access', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<SystemRoleName>('ConferenceAdmin', 'DistrictAdmin', 'Advisor', 'Mentor'),
        fc.constantFrom('C1', 'C2', 'D1', 'D2'),
        fc.constantFrom('C1', 'C2', 'D1', 'D2'),
        fc.constantFrom('C1', 'C2', 'D1', 'D2'),
        fc.constantFrom(...SCOPED_SUBJECTS),
        (role, granted, deniedAt, target, subject) => {
          const base = [permission(granted as keyof typeof CHAIN)];
          const withDenial = [...base, permission(deniedAt as keyof typeof CHAIN, { denial: true })];
          const entity = at(subject, CHAIN[target as keyof typeof CHAIN]);
          const before = abilityOf(role, base).can('update', entity);
          const after = abilityOf(role, withDenial).can('update', entity);
          return !after || before;
        },
      ),
    );
  });
});

describe('checkWithHierarchy (the gate for an entity with an id)', () => {
  const hierarchy = [
    { entity: 'Conference' as const, id: 'C1', ancestorIds: [...CHAIN.C1] },
    { entity: 'District' as const, id: 'D1', ancestorIds: [...CHAIN.D1] },
  ];

  it('passes when the user holds a permission on an ancestor of the entity', () => {
    const perms = [permission('C1')];
    expect(checkWithHierarchy(abilityOf('ConferenceAdmin', perms), 'update', 'District', hierarchy, perms)).toBe(true);
  });

  it('refuses when the permission is elsewhere, or denied in the hierarchy', () => {
    const elsewhere = [permission('C2')];
    expect(checkWithHierarchy(abilityOf('ConferenceAdmin', elsewhere), 'update', 'District', hierarchy, elsewhere)).toBe(false);
    const denied = [permission('C1'), permission('D1', { denial: true })];
    expect(checkWithHierarchy(abilityOf('ConferenceAdmin', denied), 'update', 'District', hierarchy, denied)).toBe(false);
  });

  it('the default forbidden message names the action and the subject type', () => {
    expect(forbiddenMessage('update', 'Conference')).toBe('You cannot update Conference.');
  });
});
