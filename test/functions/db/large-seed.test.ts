import { directoryLists } from '../../../functions/db/directory';
import { SYSTEM_LOCATION_ID } from '../../../functions/db/entities/location';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { demoLocationItems } from '../../../functions/db/seed/demo-organisation';
import { largeSeedPresent, seedLarge, type LargeSizes } from '../../../functions/db/seed/large';
import { largeOrganisation } from '../../../functions/db/seed/large-organisation';
import { largePeople } from '../../../functions/db/seed/large-people';
import { db } from '../../../functions/db/service';
import { projectLocation } from '../../../functions/core/locations/location-projector';
import { projectUser } from '../../../functions/core/users/user-projector';
import { claimKey } from '../../../functions/db/claims';
import { nameClaimOf } from '../../../functions/core/locations/location-writes';
import { checkDirectory } from '../../../bin/maintenance/directory-check';
import { LOCATION_KINDS, type LocationKind } from '../../../shared/auth/vocabulary';
import { systemRoleByName } from '../../../shared/auth/system-roles';

/** About 1/500 of the benchmark's organisation, with every level generated. */
const SIZES: LargeSizes = { jurisdictions: 4, episcopalAreas: 5, conferences: 7, districts: 13, churches: 66, users: 107 };
const blueRidge = DEMO_LOCATION_IDS.conference1;

async function storedCount(scopeId: string, list: string): Promise<number> {
  const { data } = await db().entities.directoryCount.get({ scopeId, list }).go({ consistent: true });
  return data?.count ?? 0;
}

async function listedTargets(scopeId: string, list: string): Promise<Set<string>> {
  const { data } = await db().entities.directoryEntry.query.byList({ scopeId, list }).go({ pages: 'all', consistent: true });
  return new Set(data.map((entry) => entry.targetId));
}

/** Every location the seed should have written, read by id (consistent reads; indexes may lag). */
async function seededLocations() {
  const ids = [...demoLocationItems(), ...largeOrganisation(SIZES).generated].map(({ locationId }) => ({ locationId }));
  const { data, unprocessed } = await db().entities.location.get(ids).go({ consistent: true });
  expect(unprocessed).toEqual([]);
  expect(data).toHaveLength(ids.length);
  return data;
}

describe('large seed (small sizes)', () => {
  let fullRunItems = 0;
  beforeAll(async () => {
    expect(await largeSeedPresent(SIZES)).toBe(false);
    // Few transactions in flight: DynamoDB Local makes them wait for locks under a busy run.
    const result = await seedLarge({ sizes: SIZES, concurrency: 4 });
    expect(result.items).toBeGreaterThan(SIZES.users * 10);
    fullRunItems = result.items;
  });

  it('reaches the requested totals, demo organisation included, and says it is complete', async () => {
    const expected: Record<LocationKind, number> = { Jurisdiction: 4, EpiscopalArea: 5, Conference: 7, District: 13, Church: 66 };
    const locations = await seededLocations();
    for (const kind of LOCATION_KINDS) {
      expect(locations.filter((location) => location.kind === kind).length, kind).toBe(expected[kind]);
      expect((await listedTargets(SYSTEM_LOCATION_ID, directoryLists.locations(kind))).size, kind).toBe(expected[kind]);
      expect(await storedCount(SYSTEM_LOCATION_ID, directoryLists.locations(kind)), kind).toBe(expected[kind]);
    }
    expect(await storedCount(SYSTEM_LOCATION_ID, directoryLists.users())).toBe(SIZES.users);
    expect(await largeSeedPresent(SIZES)).toBe(true);
  });

  it('keeps every stored count equal to the entries of its list, in scopes shared with the demo too', async () => {
    const advisor = systemRoleByName('Advisor').id;
    const lists: Array<[string, string]> = [
      [SYSTEM_LOCATION_ID, directoryLists.users()],
      [SYSTEM_LOCATION_ID, directoryLists.users(advisor)],
      [SYSTEM_LOCATION_ID, directoryLists.locations('Church')],
      [blueRidge, directoryLists.users()],
      [blueRidge, directoryLists.locations('District')],
      [blueRidge, directoryLists.locations('Church')],
      [DEMO_LOCATION_IDS.district1, directoryLists.users()],
      [DEMO_LOCATION_IDS.jurisdiction1, directoryLists.locations('EpiscopalArea')],
    ];
    for (const [scopeId, list] of lists) {
      const targets = await listedTargets(scopeId, list);
      expect(targets.size, `${scopeId} ${list}`).toBeGreaterThan(0);
      expect(await storedCount(scopeId, list), `${scopeId} ${list}`).toBe(targets.size);
    }
    // Generated districts, churches and people sit under the demo conference admin's conference.
    expect((await listedTargets(blueRidge, directoryLists.locations('District'))).size).toBeGreaterThan(2);
    expect((await listedTargets(blueRidge, directoryLists.users())).size).toBeGreaterThan(6);
  });

  it("resolves every church's ancestor chain to locations of the right kinds, each the child of the one before", async () => {
    const all = await seededLocations();
    const byId = new Map(all.map((location) => [location.locationId, location]));
    const churches = all.filter((location) => location.kind === 'Church');
    for (const church of churches) {
      expect(church.ancestorIds.at(-1)).toBe(church.locationId);
      const chain = church.ancestorIds.map((id) => byId.get(id));
      expect(chain.map((location) => location?.kind), church.locationId).toEqual([...LOCATION_KINDS]);
      chain.forEach((location, index) => {
        expect(location!.parentId).toBe(index === 0 ? SYSTEM_LOCATION_ID : chain[index - 1]!.locationId);
        expect(location!.ancestorIds).toEqual(church.ancestorIds.slice(0, index + 1));
      });
      expect(church.parentName).toBe(chain[3]!.name);
      expect(church.ancestors).toEqual({ jurisdictionId: chain[0]!.locationId, episcopalAreaId: chain[1]!.locationId, conferenceId: chain[2]!.locationId, districtId: chain[3]!.locationId });
    }
  });

  it("lists a generated user in their district's users, with their role and permissions stored", async () => {
    const person = [...largePeople(largeOrganisation(SIZES), SIZES.users)].find((candidate) => candidate.permissions[0].entityId === blueRidge)!;
    const district = person.permissions.find((permission) => permission.entity === 'District')!;
    expect((await listedTargets(district.entityId, directoryLists.users())).has(person.user.userId)).toBe(true);
    expect((await listedTargets(blueRidge, directoryLists.users(person.roleId))).has(person.user.userId)).toBe(true);

    const { data: permissions } = await db().entities.permission.query.byUser({ userId: person.user.userId }).go();
    expect(permissions.map((permission) => permission.entityId).sort()).toEqual(person.permissions.map((permission) => permission.entityId).sort());
    const { data: role } = await db().entities.userRole.get({ userId: person.user.userId, roleId: person.roleId }).go();
    expect(role?.roleName).toBe(person.roleName);
  });

  it("gives half the people a home church in their district, listed among that church's members", async () => {
    const people = [...largePeople(largeOrganisation(SIZES), SIZES.users)];
    const members = people.filter((person) => person.church);
    expect(members.length).toBeGreaterThan(people.length / 3);
    const [person] = members;
    const district = person.permissions.find((permission) => permission.entity === 'District')!;
    expect(person.church!.ancestorIds.at(-2)).toBe(district.entityId);
    const { data } = await db().entities.churchMembership.query.byChurch({ churchId: person.church!.locationId }).go({ pages: 'all' });
    expect(data.find((membership) => membership.userId === person.user.userId)).toMatchObject({ churchName: person.church!.name, active: true, primary: true, constituent: true });
  });

  it('leaves what the app itself would have: no drift, projection records and name claims included', async () => {
    expect((await checkDirectory()).differences).toEqual([]);
    const church = largeOrganisation(SIZES).generated.find((location) => location.kind === 'Church')!;
    const { data: claim } = await db().entities.claim.get(claimKey(nameClaimOf(church))).go();
    expect(claim?.ownerId).toBe(church.locationId);
  });

  it("lets the app's projectors take over generated targets without counting them twice", async () => {
    const keys: Array<[string, string]> = [
      [SYSTEM_LOCATION_ID, directoryLists.users()],
      [SYSTEM_LOCATION_ID, directoryLists.locations('Church')],
      [blueRidge, directoryLists.users()],
    ];
    const before = await Promise.all(keys.map(([scopeId, list]) => storedCount(scopeId, list)));
    const organisation = largeOrganisation(SIZES);
    const churches = organisation.generated.filter((location) => location.kind === 'Church').slice(0, 5);
    const people = [...largePeople(organisation, SIZES.users)].slice(0, 5);
    const outcomes = await Promise.all([...churches.map((church) => projectLocation(church.locationId)), ...people.map((person) => projectUser(person.user.userId))]);
    expect(outcomes.every((outcome) => outcome === 'projected')).toBe(true);
    expect(await Promise.all(keys.map(([scopeId, list]) => storedCount(scopeId, list)))).toEqual(before);
    expect((await checkDirectory()).differences).toEqual([]);
  });

  it('can run again (with BatchWrite this time) without changing a count', async () => {
    const keys: Array<[string, string]> = [
      [SYSTEM_LOCATION_ID, directoryLists.users()],
      [blueRidge, directoryLists.users()],
      [SYSTEM_LOCATION_ID, directoryLists.locations('Church')],
    ];
    const before = await Promise.all(keys.map(([scopeId, list]) => storedCount(scopeId, list)));
    await seedLarge({ sizes: SIZES, mode: 'batch', concurrency: 4 });
    expect(await Promise.all(keys.map(([scopeId, list]) => storedCount(scopeId, list)))).toEqual(before);
    expect((await listedTargets(SYSTEM_LOCATION_ID, directoryLists.locations('Church'))).size).toBe(SIZES.churches);
    expect((await checkDirectory()).differences).toEqual([]);
  }, 600_000);

  it('resumes an interrupted seed where it stopped: what was written is skipped, what was lost is written again', async () => {
    // An interruption part way through the people: the last person's items (their projection record is
    // the last of their batch) and the completion marker never arrived.
    const people = [...largePeople(largeOrganisation(SIZES), SIZES.users)];
    const last = people.at(-1)!.user.userId;
    await db().entities.projection.delete({ source: 'user', targetId: last }).go();
    await db().entities.directoryCount.delete({ scopeId: SYSTEM_LOCATION_ID, list: directoryLists.users() }).go();
    expect(await largeSeedPresent(SIZES)).toBe(false);

    const result = await seedLarge({ sizes: SIZES, concurrency: 4, resume: true, resumeWindow: 10 });
    // The locations were found and skipped; the people's batch, whose last item was lost, and all after it were written.
    expect(result.skipped).toBeGreaterThan(0);
    expect(result.items + result.skipped).toBe(fullRunItems);
    const { data: projection } = await db().entities.projection.get({ source: 'user', targetId: last }).go({ consistent: true });
    expect(projection?.targetId).toBe(last);
    expect(await largeSeedPresent(SIZES)).toBe(true);
    expect(await storedCount(SYSTEM_LOCATION_ID, directoryLists.users())).toBe(SIZES.users);
    expect((await checkDirectory()).differences).toEqual([]);
  }, 600_000);
});
