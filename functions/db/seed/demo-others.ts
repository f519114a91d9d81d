import { systemRoleByName } from '../../../shared/auth/system-roles';
import { db } from '../service';
import { demoLocation, DEMO_LOCATION_IDS } from './demo-organisation';

/**
 * Demo people who never sign in, so the users table shows every status: a deactivated member,
 * an invited one who has not signed in yet (no `cognitoUsername`), and two records of one person
 * (the same Salesforce ID) for Merge Users. All in High Plains District, outside Foothills
 * District and Blue Ridge Conference, where tests count the demo people.
 */
interface OtherPerson {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  inactive?: boolean;
  /** Invited only: not bound to a sign-in yet. */
  invited?: boolean;
  salesforceId?: string;
}

const HIGH_PLAINS_CHURCH = 'loc-prairie-light-church';

export const DEMO_OTHER_PEOPLE: readonly OtherPerson[] = [
  { id: 'demo-former-member', firstName: 'Ruth', lastName: 'Castellanos', email: 'ruth.castellanos@example.org', inactive: true },
  { id: 'demo-invited-member', firstName: 'Tomas', lastName: 'Herrera', email: 'tomas.herrera@example.org', invited: true },
  { id: 'demo-duplicate-robert', firstName: 'Robert', lastName: 'Okonkwo', email: 'robert.okonkwo@example.org', salesforceId: 'SF-0042001' },
  { id: 'demo-duplicate-bob', firstName: 'Bob', lastName: 'Okonkwo', email: 'bob.okonkwo@example.org', invited: true },
];

/** Writes the other demo people (user, email claim, Participant role, High Plains District and its church); returns their ids. */
export async function seedOtherPeople(seededAt: string): Promise<string[]> {
  const district = demoLocation(DEMO_LOCATION_IDS.district3);
  const church = demoLocation(HIGH_PLAINS_CHURCH);
  const participant = systemRoleByName('Participant');
  const entities = db().entities;
  await Promise.all(
    DEMO_OTHER_PEOPLE.map((person) =>
      Promise.all([
        entities.user
          .put({
            userId: person.id,
            firstName: person.firstName,
            lastName: person.lastName,
            email: person.email,
            inactive: Boolean(person.inactive),
            ...(person.invited ? {} : { cognitoUsername: person.id }),
            ...(person.salesforceId ? { salesforceId: person.salesforceId } : {}),
            createdAt: seededAt,
          })
          .go(),
        entities.userEmail.put({ email: person.email, userId: person.id, createdAt: seededAt }).go(),
        entities.userRole.put({ userId: person.id, roleId: participant.id, roleName: participant.name, createdAt: seededAt }).go(),
        entities.permission
          .put({ userId: person.id, permissionId: `${person.id}-permission-1`, entity: 'District', entityId: district.locationId, ancestorIds: district.ancestorIds, primary: true, createdAt: seededAt })
          .go(),
        entities.churchMembership
          .put({ userId: person.id, membershipId: `${person.id}-membership-1`, churchId: church.locationId, churchName: church.name, ancestorIds: church.ancestorIds, primary: true, constituent: true, createdAt: seededAt })
          .go(),
      ]),
    ),
  );
  return DEMO_OTHER_PEOPLE.map((person) => person.id);
}
