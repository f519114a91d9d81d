import type { LocationKind } from '../../../shared/auth/vocabulary';
import { desiredUserEntries } from '../../../functions/core/users/user-projector';
import { applyCountDeltas, directoryChanges, writeDirectoryEntries } from '../../support/directory-writes';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { openSession } from '../../../functions/core/session/open-session';
import { sessionCookieName } from '../../../functions/lib/http/cookies';

/**
 * People placed straight in the table for access tests (the routes under test are not used
 * to set up): a profile, roles, location permissions (some of them denials) and the
 * directory entries and counts those imply, as the write path would leave them.
 */
export interface Placement {
  roleIds: string[];
  /** Locations granted. */
  locations: string[];
  /** Locations denied. */
  denied?: string[];
  firstName?: string;
}

async function location(locationId: string) {
  const { data } = await db().entities.location.get({ locationId }).go();
  if (!data) throw new Error(`No location ${locationId}`);
  return data;
}

/** Places a user; returns the permission id of each location (granted and denied). */
export async function placeUser(userId: string, placement: Placement): Promise<Record<string, string>> {
  const user = { userId, firstName: placement.firstName ?? 'Test', lastName: userId, email: `${userId}@example.org` };
  const all = [...placement.locations.map((id) => ({ id, denial: false })), ...(placement.denied ?? []).map((id) => ({ id, denial: true }))];
  const places = await Promise.all(all.map(async ({ id, denial }) => ({ place: await location(id), denial, permissionId: newId() })));
  await Promise.all([
    db().entities.user.create(user).go(),
    ...placement.roleIds.map(async (roleId) => {
      const { data: role } = await db().entities.role.get({ roleId }).go();
      await db().entities.userRole.create({ userId, roleId, roleName: role?.name ?? roleId }).go();
    }),
    ...places.map(({ place, denial, permissionId }) =>
      db()
        .entities.permission.create({ userId, permissionId, entity: place.kind as LocationKind, entityId: place.locationId, ancestorIds: place.ancestorIds, primary: false, denial })
        .go(),
    ),
  ]);
  // The entries the projector derives from what was just written (names included), written straight to the table.
  const changes = directoryChanges([], (await desiredUserEntries(userId)).entries);
  await applyCountDeltas(changes);
  await writeDirectoryEntries(changes);
  return Object.fromEntries(places.map(({ place, permissionId }) => [place.locationId, permissionId]));
}

/** A custom role written straight to the table. */
export async function customRole(roleId: string, policies: Array<{ actions: string[]; subjects: string[] }>): Promise<void> {
  await db().entities.role.create({ roleId, name: `Custom ${roleId}`, system: false, policies: policies as never }).go();
}

/** A session as after a sign-in that proved a second factor: these tests are about access, not about sign-in. */
export async function cookieOf(userId: string): Promise<string> {
  return `${sessionCookieName()}=${(await openSession(userId, { secondFactor: true })).token}`;
}
