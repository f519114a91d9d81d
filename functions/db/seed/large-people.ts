import type { SystemRoleName } from '../../../shared/auth/vocabulary';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { demoPeople } from './demo-people';
import { FIRST_NAMES, LAST_NAMES } from './large-names';
import type { LargeOrganisation, LocationItem } from './large-organisation';
import { seededRandom } from './large-random';

/**
 * The large seed's generated people. Each has a conference and a district permission (the
 * district inside the conference; some also a church of that district) and one role:
 * mostly Participant or User, 1 in 25 an Advisor, 1 in 50 a Mentor, about 1 in 160 an
 * Interviewer and as many District Admins. Nobody gets a local account: they never sign in.
 */
export interface GeneratedPerson {
  user: { userId: string; firstName: string; lastName: string; email: string };
  roleId: string;
  roleName: SystemRoleName;
  permissions: Array<{ permissionId: string; entity: LocationItem['kind']; entityId: string; ancestorIds: string[]; primary: boolean }>;
}

const CHURCH_PERMISSION_SHARE = 0.3;

function roleOf(index: number, random: ReturnType<typeof seededRandom>): SystemRoleName {
  if (index % 25 === 3) return 'Advisor';
  if (index % 50 === 7) return 'Mentor';
  if (index % 160 === 11) return 'Interviewer';
  if (index % 160 === 91) return 'DistrictAdmin';
  return random.chance(0.7) ? 'Participant' : 'User';
}

const emailPart = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

/** How many people the large seed generates for a total of `users` (the demo people count). */
export function generatedPeopleCount(users: number): number {
  return Math.max(0, users - demoPeople().length);
}

/** The generated people in order, `gen-user-<n>`; the same on every run for the same organisation and seed. */
export function* largePeople(organisation: LargeOrganisation, users: number, seed = 20250107): Generator<GeneratedPerson> {
  const random = seededRandom(seed);
  const conferenceOf = new Map<string, LocationItem['ancestorIds']>();
  for (const district of organisation.districts) conferenceOf.set(district.locationId, district.ancestorIds.slice(0, -1));

  for (let index = 0; index < generatedPeopleCount(users); index++) {
    const userId = `gen-user-${String(index + 1).padStart(6, '0')}`;
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const roleName = roleOf(index, random);
    const district = random.pick(organisation.districts);
    const conferenceAncestorIds = conferenceOf.get(district.locationId)!;
    const permissions: GeneratedPerson['permissions'] = [
      { permissionId: `${userId}-permission-1`, entity: 'Conference', entityId: conferenceAncestorIds.at(-1)!, ancestorIds: conferenceAncestorIds, primary: true },
      { permissionId: `${userId}-permission-2`, entity: 'District', entityId: district.locationId, ancestorIds: district.ancestorIds, primary: false },
    ];
    const churches = organisation.churchesByDistrict.get(district.locationId) ?? [];
    if (churches.length && random.chance(CHURCH_PERMISSION_SHARE)) {
      const churchId = random.pick(churches);
      permissions.push({ permissionId: `${userId}-permission-3`, entity: 'Church', entityId: churchId, ancestorIds: [...district.ancestorIds, churchId], primary: false });
    }
    yield {
      user: { userId, firstName, lastName, email: `${emailPart(firstName)}.${emailPart(lastName)}.${index + 1}@example.org` },
      roleId: systemRoleByName(roleName).id,
      roleName,
      permissions,
    };
  }
}
