import type { SystemRoleName } from '../../../shared/auth/vocabulary';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { demoPeople } from './demo-people';
import { DEMO_OTHER_PEOPLE } from './demo-others';
import { FIRST_NAMES, LAST_NAMES } from './large-names';
import type { ChurchRef, LargeOrganisation, LocationItem } from './large-organisation';
import { seededRandom } from './large-random';

/**
 * The large seed's generated people. Each has a conference and a district permission (the
 * district inside the conference; some also a church of that district) and one role:
 * mostly Participant or User, 1 in 25 an Advisor, 1 in 50 a Mentor, about 1 in 160 an
 * Interviewer and as many District Admins. Half belong to a church of their district (their home,
 * primary and constituent membership). Nobody gets a local account: they never sign in.
 */
export interface GeneratedPerson {
  user: { userId: string; firstName: string; lastName: string; email: string };
  roleId: string;
  roleName: SystemRoleName;
  permissions: Array<{ permissionId: string; entity: LocationItem['kind']; entityId: string; ancestorIds: string[]; primary: boolean }>;
  /** Their church membership (half of the people, where their district has churches). */
  church?: ChurchRef;
  /** Tags carried (a third of the people, one each). */
  tags: LargeTag[];
  /** A comment about them by the last Advisor generated before them (a quarter of participants). */
  commentBy?: GeneratedPerson['user'];
  /** Their mentor: the last Mentor generated before them (a tenth of participants). */
  mentor?: GeneratedPerson['user'];
}

export interface LargeTag {
  tagId: string;
  name: string;
}

/** The large seed's tags: a few hundred, so tag search reads one page of many. */
export const LARGE_TAGS: LargeTag[] = Array.from({ length: 300 }, (_, index) => ({ tagId: `gen-tag-${String(index + 1).padStart(3, '0')}`, name: `Cohort ${String(index + 1).padStart(3, '0')}` }));

const CHURCH_PERMISSION_SHARE = 0.3;

function roleOf(index: number, random: ReturnType<typeof seededRandom>): SystemRoleName {
  if (index % 25 === 3) return 'Advisor';
  if (index % 50 === 7) return 'Mentor';
  if (index % 160 === 11) return 'Interviewer';
  if (index % 160 === 91) return 'DistrictAdmin';
  return random.chance(0.7) ? 'Participant' : 'User';
}

const emailPart = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

/**
 * How many people the large seed generates for a total of `users` listed in the directory: the demo
 * people count, those who sign in and those who never do, but not the deactivated (the lists leave them out).
 */
export function generatedPeopleCount(users: number): number {
  const listedOthers = DEMO_OTHER_PEOPLE.filter((person) => !person.inactive).length;
  return Math.max(0, users - demoPeople().length - listedOthers);
}

/** The generated people in order, `gen-user-<n>`; the same on every run for the same organisation and seed. */
export function* largePeople(organisation: LargeOrganisation, users: number, seed = 20250107): Generator<GeneratedPerson> {
  const random = seededRandom(seed);
  const conferenceOf = new Map<string, LocationItem['ancestorIds']>();
  for (const district of organisation.districts) conferenceOf.set(district.locationId, district.ancestorIds.slice(0, -1));

  let lastAdvisor: GeneratedPerson['user'] | undefined;
  let lastMentor: GeneratedPerson['user'] | undefined;
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
      const church = random.pick(churches);
      permissions.push({ permissionId: `${userId}-permission-3`, entity: 'Church', entityId: church.locationId, ancestorIds: church.ancestorIds, primary: false });
    }
    const user = { userId, firstName, lastName, email: `${emailPart(firstName)}.${emailPart(lastName)}.${index + 1}@example.org` };
    const participant = roleName === 'Participant';
    yield {
      user,
      roleId: systemRoleByName(roleName).id,
      roleName,
      permissions,
      // By index, not the generator: adding memberships left every other generated value as it was.
      church: churches.length && index % 2 === 0 ? churches[index % churches.length] : undefined,
      tags: index % 3 === 0 ? [LARGE_TAGS[index % LARGE_TAGS.length]] : [],
      commentBy: participant && index % 4 === 0 ? lastAdvisor : undefined,
      mentor: participant && index % 10 === 0 ? lastMentor : undefined,
    };
    if (roleName === 'Advisor') lastAdvisor = user;
    if (roleName === 'Mentor') lastMentor = user;
  }
}
