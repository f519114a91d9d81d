import { buildAbility, checkWithHierarchy, forbiddenMessage, permissionHierarchyFallback, scoped } from '../../../shared/auth/ability';
import { abilityOf, hierarchy, perm } from './fixtures';

describe('permissionHierarchyFallback', () => {
  it('picks the innermost location the user is granted, whatever the order given', () => {
    const permissions = [perm('C1'), perm('D1')];
    expect(permissionHierarchyFallback(hierarchy('CH1'), permissions)?.id).toBe('D1');
    expect(permissionHierarchyFallback([...hierarchy('CH1')].reverse(), permissions)?.id).toBe('D1');
  });

  it('skips denied and inactive permissions, and answers null without a grant in the chain', () => {
    expect(permissionHierarchyFallback(hierarchy('CH1'), [perm('C1'), perm('D1', { denial: true })])?.id).toBe('C1');
    expect(permissionHierarchyFallback(hierarchy('CH1'), [perm('D1', { active: false })])).toBeNull();
    expect(permissionHierarchyFallback(hierarchy('D3'), [perm('C1')])).toBeNull();
  });
});

describe('checkWithHierarchy', () => {
  it('lets a superadmin through with no permissions at all', () => {
    expect(checkWithHierarchy(abilityOf(['Superadmin']), 'delete', 'Church', hierarchy('CH1'), [])).toBe(true);
  });

  it('passes unscoped subjects on the policy alone, and refuses them without one', () => {
    expect(checkWithHierarchy(abilityOf(['ConferenceAdmin']), 'create', 'FormTemplate', hierarchy('D1'), [])).toBe(true);
    expect(checkWithHierarchy(abilityOf(['Participant']), 'create', 'FormTemplate', hierarchy('D1'), [])).toBe(false);
  });

  it('checks a church against the district the user is granted', () => {
    const permissions = [perm('D1')];
    expect(checkWithHierarchy(abilityOf(['DistrictAdmin'], permissions), 'update', 'Church', hierarchy('CH1'), permissions)).toBe(true);
    expect(checkWithHierarchy(abilityOf(['Advisor'], permissions), 'update', 'Church', hierarchy('CH1'), permissions)).toBe(false);
  });

  it('does not let a district permission reach up to change its conference', () => {
    const permissions = [perm('D1')];
    expect(checkWithHierarchy(abilityOf(['DistrictAdmin'], permissions), 'update', 'Conference', hierarchy('C1'), permissions)).toBe(false);
  });

  it('tries every granted link: a conference admin also placed in another conference still reaches a user of their own', () => {
    const permissions = [perm('C1'), perm('D3')];
    const userInTwoConferences = [...hierarchy('D1'), ...hierarchy('D3').filter((node) => !['J1', 'EA1'].includes(node.id))];
    expect(checkWithHierarchy(abilityOf(['ConferenceAdmin'], permissions), 'update', 'User', userInTwoConferences, permissions)).toBe(true);
    expect(checkWithHierarchy(abilityOf(['ConferenceAdmin'], permissions), 'update', 'User', hierarchy('D3'), permissions)).toBe(false);
  });

  it('refuses when the only grant in the chain is inactive', () => {
    const permissions = [perm('C1', { active: false })];
    expect(checkWithHierarchy(abilityOf(['ConferenceAdmin'], permissions), 'read', 'District', hierarchy('D1'), permissions)).toBe(false);
  });
});

describe('scoped', () => {
  it('is what makes an instance check read conditions: the same object untagged never passes', () => {
    const ability = abilityOf(['ConferenceAdmin'], [perm('C1')]);
    expect(ability.can('update', scoped('District', { ancestorIds: ['J1', 'EA1', 'C1', 'D1'] }))).toBe(true);
    expect(ability.can('update', { ancestorIds: ['J1', 'EA1', 'C1', 'D1'] } as never)).toBe(false);
  });

  it('returns the object itself', () => {
    const entity = { ancestorIds: ['C1'], name: 'North' };
    expect(scoped('District', entity)).toBe(entity);
  });
});

describe('buildAbility', () => {
  it('builds an empty ability from no rules', () => {
    expect(buildAbility([]).can('read', 'Announcement')).toBe(false);
  });

  it('builds from rules as they arrive over the wire (JSON round trip)', () => {
    const ability = abilityOf(['ConferenceAdmin'], [perm('C1')]);
    const revived = buildAbility(JSON.parse(JSON.stringify(ability.rules)));
    expect(revived.can('update', scoped('District', { ancestorIds: ['C1', 'D1'] }))).toBe(true);
    expect(revived.can('update', scoped('District', { ancestorIds: ['C2', 'D3'] }))).toBe(false);
  });
});

describe('forbiddenMessage', () => {
  it('names the action and the subject type', () => {
    expect(forbiddenMessage('create', 'FormTemplate')).toBe('You cannot create FormTemplate.');
  });
});
