import { buildAbility } from '../../../shared/auth/ability';
import { rulesFor } from '../../../shared/auth/rules';
import { grantsAllowing, holdsPowerAt, holdsPowerOver } from '../../../shared/auth/role-scope';
import { SELF, abilityOf, at, chain, perm, systemRoles } from './fixtures';

/** J1 > EA1 > C1 > D1 > CH1, C1 > D2, EA1 > C2 > D3 (fixtures.ts). */
describe('role power applies only where the role governs (ARCHITECTURE.md section 7)', () => {
  // A sign-up gives a district and its conference (SPEC.md section 7): the district role stays a district role.
  const districtAdminWithConference = abilityOf(['DistrictAdmin'], [perm('D1'), perm('C1')]);

  it('a District Admin who also holds the conference cannot rename or deactivate it', () => {
    expect(districtAdminWithConference.can('update', at('Conference', 'C1'))).toBe(false);
    expect(districtAdminWithConference.can('deactivate', at('Conference', 'C1'))).toBe(false);
    expect(districtAdminWithConference.can('read', at('Conference', 'C1'))).toBe(true); // read upwards, as any district admin
  });

  it('... nor edit the other districts, their people or their permissions', () => {
    expect(districtAdminWithConference.can('update', at('District', 'D2'))).toBe(false);
    expect(districtAdminWithConference.can('update', at('User', 'D2'))).toBe(false);
    expect(districtAdminWithConference.can('create', at('Permission', 'D2'))).toBe(false);
    expect(districtAdminWithConference.can('update', at('User', 'C1'))).toBe(false); // conference-level people
  });

  it('... but administers their own district', () => {
    expect(districtAdminWithConference.can('update', at('District', 'D1'))).toBe(true);
    expect(districtAdminWithConference.can('update', at('User', 'CH1'))).toBe(true);
    expect(districtAdminWithConference.can('create', at('Permission', 'D1'))).toBe(true);
  });

  it('a District Superintendent holding a conference follows tracks of their district only', () => {
    const superintendent = abilityOf(['DistrictSuperintendent'], [perm('D1'), perm('C1')]);
    expect(superintendent.can('update', at('TrackInstance', 'D1'))).toBe(true);
    expect(superintendent.can('update', at('TrackInstance', 'D2'))).toBe(false);
    expect(superintendent.can('read', at('User', 'C1'))).toBe(false);
  });

  it('a Conference Admin who also holds a district of another conference does not administer it', () => {
    const ability = abilityOf(['ConferenceAdmin'], [perm('C1'), perm('D3')]);
    expect(ability.can('update', at('District', 'D2'))).toBe(true);
    expect(ability.can('update', at('District', 'D3'))).toBe(false);
    expect(ability.can('update', at('User', 'D3'))).toBe(false);
  });

  it("never combines one role's policy with another role's locations", () => {
    // Conference Admin at C1, District Admin at D3 (in C2): delete District is only the conference admin's.
    const ability = abilityOf(['ConferenceAdmin', 'DistrictAdmin'], [perm('C1'), perm('D3')]);
    expect(ability.can('delete', at('District', 'D2'))).toBe(true);
    expect(ability.can('update', at('District', 'D3'))).toBe(true); // the district admin's own power
    expect(ability.can('delete', at('District', 'D3'))).toBe(false);
    expect(ability.can('update', at('Conference', 'C2'))).toBe(false);
  });

  it('a custom role applies at every location its holder has', () => {
    const custom = { name: 'Church keeper', system: false, policies: [{ actions: ['update'], subjects: ['Church'] }] };
    const ability = buildAbility(rulesFor({ userId: SELF, roles: [custom], permissions: [perm('D1'), perm('C2')] }));
    expect(ability.can('update', at('Church', 'CH1'))).toBe(true);
    expect(ability.can('update', at('Church', 'D3'))).toBe(true);
    expect(ability.can('update', at('Church', 'D2'))).toBe(false);
  });

  it('a custom role named like a system role does not borrow its kind', () => {
    const impostor = { name: 'ConferenceAdmin', system: false, policies: [{ actions: ['update'], subjects: ['District'] }] };
    const ability = buildAbility(rulesFor({ userId: SELF, roles: [impostor], permissions: [perm('D1')] }));
    expect(ability.can('update', at('District', 'D1'))).toBe(true);
  });
});

describe('grantsAllowing: where a holder may act', () => {
  it("lists the governed permissions of the roles whose policy allows it", () => {
    const holder = { roles: systemRoles('DistrictAdmin', 'Advisor'), permissions: [perm('D1'), perm('C1'), perm('D3')] };
    const ids = (found: ReturnType<typeof grantsAllowing>) => (found === 'everywhere' ? found : found.map((p) => p.entityId).sort());
    expect(ids(grantsAllowing(holder, 'update', 'User'))).toEqual(['D1', 'D3']);
    expect(ids(grantsAllowing(holder, 'read', 'User'))).toEqual(['C1', 'D1', 'D3']); // Advisor reads users wherever they are
    expect(grantsAllowing({ roles: systemRoles('Superadmin'), permissions: [] }, 'delete', 'Conference')).toBe('everywhere');
  });
});

describe('holdsPowerOver: the test for granting', () => {
  const conferenceAdmin = { roles: systemRoles('ConferenceAdmin'), permissions: [perm('C1')] };

  it('holds power over its conference and everything below it', () => {
    expect(holdsPowerOver(conferenceAdmin, chain('C1'), 'update', 'User')).toBe(true);
    expect(holdsPowerOver(conferenceAdmin, chain('CH1'), 'delete', 'Church')).toBe(true);
  });

  it('not over another conference, nor over the area above', () => {
    expect(holdsPowerOver(conferenceAdmin, chain('C2'), 'update', 'User')).toBe(false);
    expect(holdsPowerOver(conferenceAdmin, chain('EA1'), 'read', 'Conference')).toBe(false);
  });

  it('not over a subtree that holds one of its denials, nor under a denied location', () => {
    const denied = { ...conferenceAdmin, permissions: [perm('C1'), perm('D1', { denial: true })] };
    expect(holdsPowerOver(denied, chain('C1'), 'update', 'User')).toBe(false);
    expect(holdsPowerOver(denied, chain('CH1'), 'update', 'User')).toBe(false);
    expect(holdsPowerOver(denied, chain('D2'), 'update', 'User')).toBe(true);
  });

  it('unscoped subjects need only the policy; all only a superadmin', () => {
    expect(holdsPowerOver(conferenceAdmin, chain('C2'), 'create', 'Role')).toBe(true);
    expect(holdsPowerOver(conferenceAdmin, chain('C1'), 'read', 'all')).toBe(false);
    expect(holdsPowerOver({ roles: systemRoles('Superadmin'), permissions: [] }, chain('C2'), 'delete', 'all')).toBe(true);
  });

  it('a district role held with a conference permission has no power over the conference', () => {
    const districtAdmin = { roles: systemRoles('DistrictAdmin'), permissions: [perm('D1'), perm('C1')] };
    expect(holdsPowerOver(districtAdmin, chain('C1'), 'update', 'User')).toBe(false);
    expect(holdsPowerOver(districtAdmin, chain('D1'), 'update', 'User')).toBe(true);
  });
});

describe('holdsPowerAt: power at a location whose denied places the work leaves out (publishing)', () => {
  const deniedInside = { roles: systemRoles('ConferenceAdmin'), permissions: [perm('C1'), perm('D1', { denial: true })] };

  it('a denial inside the location does not refuse it (its places are skipped), unlike holdsPowerOver', () => {
    expect(holdsPowerAt(deniedInside, chain('C1'), 'update', 'User')).toBe(true);
    expect(holdsPowerOver(deniedInside, chain('C1'), 'update', 'User')).toBe(false);
  });

  it('a denial at or above the location refuses it, and a role still governs only its own places', () => {
    expect(holdsPowerAt(deniedInside, chain('D1'), 'update', 'User')).toBe(false);
    expect(holdsPowerAt(deniedInside, chain('CH1'), 'update', 'User')).toBe(false);
    expect(holdsPowerAt(deniedInside, chain('C2'), 'update', 'User')).toBe(false);
    expect(holdsPowerAt({ roles: systemRoles('DistrictAdmin'), permissions: [perm('D1'), perm('C1')] }, chain('C1'), 'update', 'User')).toBe(false);
  });
});
