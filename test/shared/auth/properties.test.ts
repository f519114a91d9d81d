/**
 * Properties of the rules beyond those in rules-scope.test.ts: they hold for every
 * combination of system roles, permissions, subjects, actions and locations.
 */
import fc from 'fast-check';
import { rulesFor } from '../../../shared/auth/rules';
import { buildAbility, checkWithHierarchy, scoped } from '../../../shared/auth/ability';
import { SCOPED_SUBJECTS, SYSTEM_SCOPE_ID } from '../../../shared/auth/scope';
import { SYSTEM_ROLE_NAMES } from '../../../shared/auth/vocabulary';
import { LOCATION_IDS, SELF, at, hierarchy, perm, systemRoles } from './fixtures';

const nonSuperRoles = fc.subarray(
  SYSTEM_ROLE_NAMES.filter((n) => n !== 'Superadmin'),
  { minLength: 1 },
);
const permissions = fc.array(
  fc.record({ id: fc.constantFrom(...LOCATION_IDS), active: fc.boolean(), denial: fc.boolean() }).map((p) => perm(p.id, p)),
  { maxLength: 5 },
);
const writeAction = fc.constantFrom('create' as const, 'update' as const, 'delete' as const, 'deactivate' as const);

describe('rulesFor properties', () => {
  it('inactive permissions never change the rules', () => {
    fc.assert(
      fc.property(nonSuperRoles, permissions, permissions, (names, kept, extra) => {
        const inactive = extra.map((p) => ({ ...p, active: false }));
        const roles = systemRoles(...names);
        expect(rulesFor({ userId: SELF, roles, permissions: [...kept, ...inactive] })).toEqual(rulesFor({ userId: SELF, roles, permissions: kept }));
      }),
    );
  });

  it('no one but a superadmin writes a system (conference-less) entity', () => {
    fc.assert(
      fc.property(nonSuperRoles, permissions, writeAction, fc.constantFrom(...SCOPED_SUBJECTS), (names, perms, action, subject) => {
        const ability = buildAbility(rulesFor({ userId: SELF, roles: systemRoles(...names), permissions: perms }));
        return !ability.can(action, scoped(subject, { ancestorIds: [SYSTEM_SCOPE_ID] }));
      }),
    );
  });

  it('a write on a scoped instance needs an active, non-denied permission on the instance location or above it', () => {
    fc.assert(
      fc.property(nonSuperRoles, permissions, writeAction, fc.constantFrom(...SCOPED_SUBJECTS), fc.constantFrom(...LOCATION_IDS), (names, perms, action, subject, target) => {
        const ability = buildAbility(rulesFor({ userId: SELF, roles: systemRoles(...names), permissions: perms }));
        const granted = perms.filter((p) => p.active && !p.denial).map((p) => p.entityId);
        const covered = at(subject, target).ancestorIds.some((id) => granted.includes(id));
        return covered || !ability.can(action, at(subject, target));
      }),
    );
  });
});

describe('checkWithHierarchy properties', () => {
  it('never passes a scoped subject for a non-superadmin without a grant in the hierarchy', () => {
    fc.assert(
      fc.property(nonSuperRoles, permissions, fc.constantFrom(...SCOPED_SUBJECTS), fc.constantFrom(...LOCATION_IDS), (names, perms, subject, target) => {
        const ability = buildAbility(rulesFor({ userId: SELF, roles: systemRoles(...names), permissions: perms }));
        const chain = hierarchy(target);
        const grantedInChain = perms.some((p) => p.active && !p.denial && chain.some((n) => n.id === p.entityId));
        return grantedInChain || !checkWithHierarchy(ability, 'read', subject, chain, perms);
      }),
    );
  });

  it('adding a denial never widens what the gate allows', () => {
    fc.assert(
      fc.property(
        nonSuperRoles,
        permissions,
        fc.constantFrom(...LOCATION_IDS),
        fc.constantFrom(...SCOPED_SUBJECTS),
        fc.constantFrom(...LOCATION_IDS),
        fc.constantFrom('read' as const, 'update' as const),
        (names, perms, deniedAt, subject, target, action) => {
          const gate = (list: typeof perms) =>
            checkWithHierarchy(buildAbility(rulesFor({ userId: SELF, roles: systemRoles(...names), permissions: list })), action, subject, hierarchy(target), list);
          return !gate([...perms, perm(deniedAt, { denial: true })]) || gate(perms);
        },
      ),
    );
  });
});
