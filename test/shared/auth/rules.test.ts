import { rulesFor } from '../../../shared/auth/rules';
import { buildAbility, scoped } from '../../../shared/auth/ability';
import { abilityRuleSchema } from '../../../shared/schemas/ability';
import { ACTIONS, SUBJECTS } from '../../../shared/auth/vocabulary';
import { SELF, abilityOf, at, perm, systemRoles } from './fixtures';

describe('rulesFor: superadmin', () => {
  it('is manage all, unconditioned, whatever the permissions', () => {
    const rules = rulesFor({ userId: SELF, roles: systemRoles('Superadmin'), permissions: [perm('C1', { denial: true })] });
    expect(rules).toEqual([{ action: 'manage', subject: 'all' }]);
    const ability = buildAbility(rules);
    for (const action of ACTIONS) for (const subject of SUBJECTS) expect(ability.can(action, subject)).toBe(true);
    expect(ability.can('delete', at('District', 'D3'))).toBe(true);
    expect(ability.can('update', at('Conference', 'C1'))).toBe(true);
  });

  it('is not granted by a custom role that only borrows the name', () => {
    const impostor = [{ name: 'Superadmin', system: false, policies: [{ actions: ['read'], subjects: ['User'] }] }];
    const ability = buildAbility(rulesFor({ userId: SELF, roles: impostor, permissions: [] }));
    expect(ability.can('update', 'Conference')).toBe(false);
    expect(ability.can('read', at('User', 'D1'))).toBe(false);
  });
});

describe('rulesFor: participant', () => {
  const ability = abilityOf(['Participant', 'User'], [perm('D1')]);

  it('cannot change roles or open the track admin tabs (update TrackInstance)', () => {
    for (const action of ['update', 'delete'] as const) expect(ability.can(action, 'Role')).toBe(false);
    expect(ability.can('update', 'TrackInstance')).toBe(false);
  });

  it('reads track instances in their district but not in another', () => {
    expect(ability.can('read', at('TrackInstance', 'D1'))).toBe(true);
    expect(ability.can('read', at('TrackInstance', 'D2'))).toBe(false);
  });

  it('reads the track templates of its conference and system tracks, not those of another conference', () => {
    expect(ability.can('read', at('TrackTemplate', 'C1'))).toBe(true);
    expect(ability.can('read', scoped('TrackTemplate', { ancestorIds: ['system'] }))).toBe(true);
    expect(ability.can('read', at('TrackTemplate', 'C2'))).toBe(false);
    expect(ability.can('read', at('TrackTemplate', 'D2'))).toBe(false);
    expect(ability.can('update', scoped('TrackTemplate', { ancestorIds: ['system'] }))).toBe(false);
  });
});

describe('rulesFor: reading up the location chain', () => {
  // A custom role applies at every location its holder has: here a church only.
  const reader = { name: 'Church reader', system: false, policies: [{ actions: ['read'], subjects: ['District', 'Conference', 'User', 'TrackInstance'] }] };
  const ability = buildAbility(rulesFor({ userId: SELF, roles: [...systemRoles('Participant'), reader], permissions: [perm('CH1')] }));

  it('reads the locations and track designs located exactly above a permission', () => {
    expect(ability.can('read', at('District', 'D1'))).toBe(true);
    expect(ability.can('read', at('Conference', 'C1'))).toBe(true);
    expect(ability.can('read', at('Phase', 'C1'))).toBe(true);
    expect(ability.can('read', at('EpiscopalArea', 'EA1'))).toBe(false); // no role of theirs reads areas at all
    expect(abilityOf(['Bishop'], [perm('C1')]).can('read', at('EpiscopalArea', 'EA1'))).toBe(true);
  });

  it('does not reach siblings of those locations or anything inside them', () => {
    expect(ability.can('read', at('District', 'D2'))).toBe(false);
    expect(ability.can('read', at('Conference', 'C2'))).toBe(false);
    expect(ability.can('read', at('TrackTemplate', 'C2'))).toBe(false);
  });

  it('never reads people or instances upwards, and never writes upwards', () => {
    expect(ability.can('read', at('User', 'D1'))).toBe(false);
    expect(ability.can('read', at('TrackInstance', 'C1'))).toBe(false);
    expect(ability.can('update', at('District', 'D1'))).toBe(false);
  });
});

describe('rulesFor: conference admin', () => {
  const ability = abilityOf(['ConferenceAdmin'], [perm('C1')]);

  it('updates their own conference only', () => {
    expect(ability.can('update', at('Conference', 'C1'))).toBe(true);
    expect(ability.can('update', at('Conference', 'C2'))).toBe(false);
    expect(ability.can('update', at('EpiscopalArea', 'EA1'))).toBe(false);
  });

  it('may deactivate what they may update', () => {
    expect(ability.can('deactivate', at('User', 'CH1'))).toBe(true);
    expect(ability.can('deactivate', at('User', 'D3'))).toBe(false);
  });

  it('keeps the type-level answers without any location, but no instance passes', () => {
    const unplaced = abilityOf(['ConferenceAdmin'], []);
    expect(unplaced.can('update', 'Conference')).toBe(true);
    expect(unplaced.can('update', at('Conference', 'C1'))).toBe(false);
    expect(unplaced.can('read', at('User', 'D1'))).toBe(false);
  });
});

describe('rulesFor: district admin', () => {
  const ability = abilityOf(['DistrictAdmin'], [perm('D1')]);

  it('has the Users and Admin links but cannot change the conference', () => {
    expect(ability.can('update', 'Conference')).toBe(true);
    expect(ability.can('read', at('Conference', 'C1'))).toBe(true);
    expect(ability.can('update', at('Conference', 'C1'))).toBe(false);
  });

  it('manages people of their district, not of a sibling district', () => {
    expect(ability.can('update', at('User', 'CH1'))).toBe(true);
    expect(ability.can('read', at('User', 'D2'))).toBe(false);
    expect(ability.can('read', at('User', 'C1'))).toBe(false);
  });
});

describe('rulesFor: permissions that grant nothing', () => {
  it('opens no upward reads from a denied or inactive permission', () => {
    for (const flags of [{ denial: true }, { active: false }]) {
      const ability = abilityOf(['Participant'], [perm('D1', flags)]);
      expect(ability.can('read', at('TrackTemplate', 'C1'))).toBe(false);
      expect(ability.can('read', at('TrackInstance', 'D1'))).toBe(false);
    }
  });

  it('lets an active denial carve a location out of a wider grant', () => {
    const ability = abilityOf(['ConferenceAdmin'], [perm('C1'), perm('D1', { denial: true })]);
    expect(ability.can('update', at('District', 'D2'))).toBe(true);
    expect(ability.can('update', at('District', 'D1'))).toBe(false);
    expect(ability.can('read', at('User', 'CH1'))).toBe(false);
    expect(ability.can('update', 'Conference')).toBe(true);
  });

  it('ignores an inactive denial', () => {
    const ability = abilityOf(['ConferenceAdmin'], [perm('C1'), perm('D1', { denial: true, active: false })]);
    expect(ability.can('update', at('District', 'D1'))).toBe(true);
  });
});

describe('rulesFor: everyone', () => {
  const ability = abilityOf(['User'], [perm('D1', { denial: true })]);

  it('reads and updates their own user, even under a denial, but no one else', () => {
    expect(ability.can('read', scoped('User', { id: SELF, ancestorIds: ['J1', 'EA1', 'C1', 'D1'] }))).toBe(true);
    expect(ability.can('update', scoped('User', { id: SELF, ancestorIds: [] }))).toBe(true);
    expect(ability.can('read', scoped('User', { id: 'someone-else', ancestorIds: [] }))).toBe(false);
  });

  it('cannot deactivate their own account', () => {
    expect(ability.can('deactivate', scoped('User', { id: SELF, ancestorIds: [] }))).toBe(false);
  });

  it('reads their own notifications only', () => {
    expect(ability.can('read', scoped('Notification', { userId: SELF }))).toBe(true);
    expect(ability.can('update', scoped('Notification', { userId: SELF }))).toBe(true);
    expect(ability.can('read', scoped('Notification', { userId: 'someone-else' }))).toBe(false);
  });

  it('reads announcements and the role list', () => {
    expect(ability.can('read', 'Announcement')).toBe(true);
    expect(ability.can('read', 'Role')).toBe(true);
    expect(ability.can('create', 'Announcement')).toBe(false);
  });
});

describe('rulesFor: custom roles', () => {
  it('scopes a custom "all" policy and ignores unknown action and subject names', () => {
    const custom = [{ name: 'Helper', system: false, policies: [{ actions: ['update', 'fly'], subjects: ['all', 'Spaceship'] }] }];
    const ability = buildAbility(rulesFor({ userId: SELF, roles: custom, permissions: [perm('D1')] }));
    expect(ability.can('update', at('Church', 'CH1'))).toBe(true);
    expect(ability.can('update', at('Church', 'D2'))).toBe(false);
    expect(ability.can('update', 'Role')).toBe(true);
    expect(ability.can('read', 'Role')).toBe(false);
  });

  it('produces rules the ability schema accepts', () => {
    const rules = rulesFor({ userId: SELF, roles: systemRoles('DistrictAdmin', 'Mentor'), permissions: [perm('D1'), perm('CH1', { denial: true })] });
    for (const rule of rules) expect(abilityRuleSchema.safeParse(rule).success).toBe(true);
  });
});
