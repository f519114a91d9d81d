import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';
import { LOCATION_KINDS, type LocationKind } from '../../../shared/auth/vocabulary';
import { DEMO_LOCATION_IDS, DEMO_USERS } from '../../../functions/db/seed/demo';
import { addNotification, listNotifications } from '../../../functions/db/access/notifications';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';

/**
 * The actors and targets of the authorization matrix. Every actor sits in the Blue Ridge
 * chain (their own scope); the outsider and the Prairie Rivers chain are everyone's "other".
 */
export type Chain = Record<LocationKind, string>;

export const OWN_CHAIN: Chain = {
  Jurisdiction: DEMO_LOCATION_IDS.jurisdiction1,
  EpiscopalArea: DEMO_LOCATION_IDS.episcopalArea1,
  Conference: DEMO_LOCATION_IDS.conference1,
  District: DEMO_LOCATION_IDS.district1,
  Church: DEMO_LOCATION_IDS.church1,
};

export const OTHER_CHAIN: Chain = {
  Jurisdiction: DEMO_LOCATION_IDS.jurisdiction2,
  EpiscopalArea: DEMO_LOCATION_IDS.episcopalArea2,
  Conference: DEMO_LOCATION_IDS.conference2,
  District: DEMO_LOCATION_IDS.district3,
  Church: 'loc-prairie-light-church',
};

export interface Target {
  side: 'own' | 'other';
  userId: string;
  notificationId: string;
  chain: Chain;
  /** A permission of `userId` that calls may toggle (primary) safely. */
  permissionId: string;
}

export const OUTSIDER_ID = 'matrix-outsider';
export const MATRIX_ROLE_ID = 'matrix-custom-role';

/** Where the matrix users of roles without a demo user sit. */
const MATRIX_ANCHORS: Record<string, string> = {
  Superadmin: DEMO_LOCATION_IDS.district1,
  Bishop: DEMO_LOCATION_IDS.episcopalArea1,
  DistrictSuperintendent: DEMO_LOCATION_IDS.district1,
  User: DEMO_LOCATION_IDS.district1,
};

async function location(locationId: string) {
  const { data } = await db().entities.location.get({ locationId }).go();
  if (!data) throw new Error(`No location ${locationId}`);
  return data;
}

/** A permission written straight to the table (the routes under test are not used to set up). */
export async function grantPermission(userId: string, locationId: string, primary = false): Promise<string> {
  const place = await location(locationId);
  const permissionId = newId();
  await db()
    .entities.permission.create({ userId, permissionId, entity: place.kind as LocationKind, entityId: locationId, ancestorIds: place.ancestorIds, primary })
    .go();
  return permissionId;
}

async function firstPermission(userId: string): Promise<string> {
  const { data } = await db().entities.permission.query.byUser({ userId }).go();
  return data[0].permissionId;
}

/** Seeds the actors (one per system role), the outsider, and a custom role; returns each role's own target and the other target. */
export async function seedMatrixActors(): Promise<{ actors: Map<string, Target>; outsider: Target }> {
  const actors = new Map<string, Target>();
  for (const role of SYSTEM_ROLES) {
    let userId = DEMO_USERS.find((u) => u.role === role.name)?.id;
    if (!userId) {
      userId = `matrix-${role.id}`;
      await db().entities.user.create({ userId, firstName: 'Matrix', lastName: role.label, email: `${userId}@example.org` }).go();
      await db().entities.userRole.create({ userId, roleId: role.id, roleName: role.name }).go();
    }
    const anchor = MATRIX_ANCHORS[role.name];
    const permissionId = anchor ? await grantPermission(userId, anchor, true) : await firstPermission(userId);
    actors.set(role.name, { side: 'own', userId, notificationId: await notificationOf(userId), chain: OWN_CHAIN, permissionId });
  }

  await db().entities.user.create({ userId: OUTSIDER_ID, firstName: 'Olive', lastName: 'Outsider', email: 'outsider@example.org' }).go();
  await db().entities.userRole.create({ userId: OUTSIDER_ID, roleId: 'role-participant', roleName: 'Participant' }).go();
  const outsiderPermission = await grantPermission(OUTSIDER_ID, OTHER_CHAIN.District, true);
  await grantPermission(OUTSIDER_ID, OTHER_CHAIN.Conference, true);
  const outsider: Target = { side: 'other', userId: OUTSIDER_ID, notificationId: await notificationOf(OUTSIDER_ID), chain: OTHER_CHAIN, permissionId: outsiderPermission };

  await db().entities.role.create({ roleId: MATRIX_ROLE_ID, name: 'Matrix Church Reader', system: false, policies: [{ actions: ['read'], subjects: ['Church'] }] }).go();
  return { actors, outsider };
}

async function notificationOf(userId: string): Promise<string> {
  await addNotification(userId, { message: `Hello ${userId}` });
  const { items } = await listNotifications(userId, { limit: 1, offset: 0 });
  return items[0].notificationId;
}

/** The kind above each kind: where a new location of that kind hangs. */
export function parentIn(chain: Chain, kind: LocationKind): string | undefined {
  const depth = LOCATION_KINDS.indexOf(kind);
  return depth === 0 ? undefined : chain[LOCATION_KINDS[depth - 1]];
}

/** A throwaway location of `kind` under `chain`, for calls that deactivate. */
export async function throwawayLocation(kind: LocationKind, chain: Chain, tag: string): Promise<string> {
  const parentId = parentIn(chain, kind);
  const parent = parentId ? await location(parentId) : { ancestorIds: [] as string[], name: 'System', locationId: 'system' };
  const locationId = `matrix-${kind.toLowerCase()}-${newId().toLowerCase()}`;
  await db()
    .entities.location.create({ locationId, kind, name: `Matrix ${kind} ${tag}`, parentId: parentId ?? 'system', parentName: parent.name, ancestorIds: [...parent.ancestorIds, locationId], active: true })
    .go();
  return locationId;
}

export async function versionOf(locationId: string): Promise<number> {
  return (await location(locationId)).version ?? 1;
}

export async function roleVersion(roleId: string): Promise<number> {
  const { data } = await db().entities.role.get({ roleId }).go();
  return data?.version ?? 1;
}

/** A custom role that a delete call may remove. */
export async function throwawayRole(tag: string): Promise<string> {
  const roleId = `matrix-role-${newId().toLowerCase()}`;
  await db().entities.role.create({ roleId, name: `Matrix throwaway ${tag}`, system: false, policies: [{ actions: ['read'], subjects: ['Church'] }] }).go();
  return roleId;
}
