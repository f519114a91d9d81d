import { secondFactorRequired } from '../../../shared/auth/mfa';
import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';

describe('secondFactorRequired', () => {
  it('is true for superadmins and conference admins only', () => {
    const required = SYSTEM_ROLES.filter((role) => secondFactorRequired([{ name: role.name, system: true }])).map((role) => role.name);
    expect(required).toEqual(['Superadmin', 'ConferenceAdmin']);
  });

  it('counts any one such role among several', () => {
    expect(secondFactorRequired([{ name: 'Participant', system: true }, { name: 'ConferenceAdmin', system: true }])).toBe(true);
    expect(secondFactorRequired([{ name: 'Participant', system: true }, { name: 'Mentor', system: true }])).toBe(false);
    expect(secondFactorRequired([])).toBe(false);
  });

  it('ignores a custom role that merely shares the name', () => {
    expect(secondFactorRequired([{ name: 'Superadmin', system: false }])).toBe(false);
  });
});
