import { newJob } from '../../../functions/db/jobs';
import { transact } from '../../../functions/db/transact';
import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';
import { LOCATION_KINDS, type LocationKind } from '../../../shared/auth/vocabulary';
import { DEMO_LOCATION_IDS, DEMO_USERS } from '../../../functions/db/seed/demo';
import { addNotification, listNotifications } from '../../../functions/db/access/notifications';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { customRole, placeUser } from './access-fixtures';

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
  /** A background job this user started. */
  jobId: string;
  chain: Chain;
  /** A permission of `userId` that calls may toggle (primary) safely. */
  permissionId: string;
}

/**
 * One row of the matrix's people: who acts (`userId`, holding the roles of `baseRole` and
 * the permissions of its placement), what "own" means for them (another user and locations
 * inside their scope, never themselves), what "other" means (outside it), and the ids that
 * must never appear in an answer to them (`hidden`: the other side, less the caller's own
 * permissions). Extra actors inherit their base role's expected answers: the matrix proves
 * their extra permissions add nothing.
 */
export interface Actor {
  name: string;
  baseRole: string;
  userId: string;
  /** The actor's own notification and background job (both are only ever their owner's). */
  notificationId: string;
  jobId: string;
  own: Target;
  other: Target;
  hidden: string[];
}

export const OUTSIDER_ID = 'matrix-outsider';
export const NEIGHBOUR_ID = 'matrix-neighbour';
export const LAKESIDE_ID = 'matrix-lakeside';
export const MATRIX_ROLE_ID = 'matrix-custom-role';

/** A custom role only this target user holds (role edits are checked against where holders are). */
export function heldRoleId(userId: string): string {
  return `matrix-held-${userId}`;
}

const RIVERSIDE = 'loc-riverside-fellowship';

/**
 * Lakeside district (D2) and a church in it: beside Foothills, inside Blue Ridge. Above the
 * district, "other" takes the chain the actor's own side does not use, so no kind is aimed
 * at the same location in both columns.
 */
function lakesideChain(ownChain: Chain): Chain {
  const upper = ownChain === OWN_CHAIN ? OTHER_CHAIN : OWN_CHAIN;
  return { ...upper, District: DEMO_LOCATION_IDS.district2, Church: RIVERSIDE };
}

/** Where the matrix users of roles without a demo user sit. */
const MATRIX_ANCHORS: Record<string, string> = {
  Superadmin: DEMO_LOCATION_IDS.district1,
  Bishop: DEMO_LOCATION_IDS.episcopalArea1,
  DistrictSuperintendent: DEMO_LOCATION_IDS.district1,
  User: DEMO_LOCATION_IDS.district1,
};

/** The actors with partial or surprising permissions (ARCHITECTURE.md section 7). */
const EXTRA_ACTORS: Array<{ name: string; baseRole: string; locations: string[]; denied?: string[]; own: 'neighbour' | 'outsider'; other: 'outsider' | 'lakeside' }> = [
  // A sign-up gives a district and its conference: the district role must stay a district role.
  { name: 'DistrictAdmin+Conference', baseRole: 'DistrictAdmin', locations: [DEMO_LOCATION_IDS.district1, DEMO_LOCATION_IDS.conference1], own: 'neighbour', other: 'lakeside' },
  // A denial inside the granted conference: the denied district is "other".
  { name: 'ConferenceAdmin-denied', baseRole: 'ConferenceAdmin', locations: [DEMO_LOCATION_IDS.conference1], denied: [DEMO_LOCATION_IDS.district2], own: 'neighbour', other: 'lakeside' },
  // A conference role also placed in a district of another conference: the role does not reach it.
  { name: 'ConferenceAdmin+OtherDistrict', baseRole: 'ConferenceAdmin', locations: [DEMO_LOCATION_IDS.conference1, DEMO_LOCATION_IDS.district3], own: 'neighbour', other: 'outsider' },
  // A user in two conferences: "own" is their second conference.
  { name: 'Advisor-two-conferences', baseRole: 'Advisor', locations: [DEMO_LOCATION_IDS.district1, DEMO_LOCATION_IDS.district3], own: 'outsider', other: 'lakeside' },
];

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

const jobIds = new Map<string, string>();

/** One job per user (never run: its kind is unknown to the runner). */
async function jobOf(userId: string): Promise<string> {
  if (!jobIds.has(userId)) {
    const job = newJob({ kind: 'matrix.example', ownerId: userId, title: `Job of ${userId}`, input: {} });
    await transact([job.write]);
    jobIds.set(userId, job.jobId);
  }
  return jobIds.get(userId)!;
}

const notificationIds = new Map<string, string>();

/** One notification per user, made the first time it is asked for. */
async function notificationOf(userId: string): Promise<string> {
  if (!notificationIds.has(userId)) {
    await addNotification(userId, { message: `Hello ${userId}` });
    const { items } = await listNotifications(userId, { limit: 1, offset: 0 });
    notificationIds.set(userId, items[0].notificationId);
  }
  return notificationIds.get(userId)!;
}

async function target(side: Target['side'], userId: string, chain: Chain, permissionId: string): Promise<Target> {
  return { side, userId, notificationId: await notificationOf(userId), jobId: await jobOf(userId), chain, permissionId };
}

/** The ids of the other side (its locations and its user) that are not on the chain of one of the caller's own permissions. */
async function hiddenFrom(other: Target, callerId: string): Promise<string[]> {
  const { data } = await db().entities.permission.query.byUser({ userId: callerId }).go();
  const onCallerChains = new Set(data.flatMap((permission) => permission.ancestorIds));
  return [...Object.values(other.chain), other.userId].filter((id) => !onCallerChains.has(id));
}

/**
 * Seeds the actors (one per system role, plus EXTRA_ACTORS), the targets (a neighbour in
 * Foothills, a Lakeside user, an outsider in Prairie Rivers) and a custom role.
 */
export async function seedMatrixActors(): Promise<Map<string, Actor>> {
  const [neighbourPermissions, lakesidePermissions, outsiderPermissions] = await Promise.all([
    placeUser(NEIGHBOUR_ID, { roleIds: ['role-participant'], locations: [DEMO_LOCATION_IDS.district1] }),
    placeUser(LAKESIDE_ID, { roleIds: ['role-participant'], locations: [DEMO_LOCATION_IDS.district2] }),
    placeUser(OUTSIDER_ID, { roleIds: ['role-participant'], locations: [OTHER_CHAIN.District, OTHER_CHAIN.Conference] }),
  ]);
  const targets = {
    neighbour: (side: Target['side']) => target(side, NEIGHBOUR_ID, OWN_CHAIN, neighbourPermissions[DEMO_LOCATION_IDS.district1]),
    outsider: (side: Target['side']) => target(side, OUTSIDER_ID, OTHER_CHAIN, outsiderPermissions[OTHER_CHAIN.District]),
    lakeside: (side: Target['side'], ownChain: Chain = OWN_CHAIN) => target(side, LAKESIDE_ID, lakesideChain(ownChain), lakesidePermissions[DEMO_LOCATION_IDS.district2]),
  };
  // Notifications first, one per user, so the actors below can be placed at once.
  for (const userId of [NEIGHBOUR_ID, LAKESIDE_ID, OUTSIDER_ID]) await notificationOf(userId);

  const systemActors = SYSTEM_ROLES.map(async (role): Promise<Actor> => {
    let userId = DEMO_USERS.find((u) => u.role === role.name)?.id;
    if (!userId) {
      userId = `matrix-${role.id}`;
      await placeUser(userId, { roleIds: [role.id], locations: [MATRIX_ANCHORS[role.name]] });
    }
    const other = await targets.outsider('other');
    const hidden = role.name === 'Superadmin' ? [] : await hiddenFrom(other, userId);
    return { name: role.name, baseRole: role.name, userId, notificationId: await notificationOf(userId), jobId: await jobOf(userId), own: await targets.neighbour('own'), other, hidden };
  });
  const extraActors = EXTRA_ACTORS.map(async (extra): Promise<Actor> => {
    const userId = `matrix-${extra.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    await placeUser(userId, { roleIds: [SYSTEM_ROLES.find((r) => r.name === extra.baseRole)!.id], locations: extra.locations, denied: extra.denied });
    const own = await targets[extra.own]('own');
    const other = await targets[extra.other]('other', own.chain);
    return { name: extra.name, baseRole: extra.baseRole, userId, notificationId: await notificationOf(userId), jobId: await jobOf(userId), own, other, hidden: await hiddenFrom(other, userId) };
  });
  const actors = new Map((await Promise.all([...systemActors, ...extraActors])).map((actor) => [actor.name, actor]));

  await db().entities.role.create({ roleId: MATRIX_ROLE_ID, name: 'Matrix Church Reader', system: false, policies: [{ actions: ['read'], subjects: ['Church'] }] }).go();
  await Promise.all(
    [NEIGHBOUR_ID, LAKESIDE_ID, OUTSIDER_ID].map(async (userId) => {
      await customRole(heldRoleId(userId), [{ actions: ['read'], subjects: ['Church'] }]);
      await db().entities.userRole.create({ userId, roleId: heldRoleId(userId), roleName: heldRoleId(userId) }).go();
    }),
  );
  return actors;
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

/** A form a save call may change (version 1): a system one for the `other` side. */
export async function throwawayForm(tag: string, system: boolean): Promise<string> {
  const formId = `matrix-form-${newId().toLowerCase()}`;
  await db().entities.form.create({ formId, name: `Matrix form ${tag}`, system, currentVersion: 1, layout: [], fields: [] }).go();
  return formId;
}
