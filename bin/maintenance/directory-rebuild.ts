import { claimKey } from '../../functions/db/claims';
import { entryKey, type DirectoryEntryInput } from '../../functions/db/directory';
import { db } from '../../functions/db/service';
import { projectOrWait } from '../../functions/db/directory-projection';
import { projectLocation } from '../../functions/core/locations/location-projector';
import { nameClaimOf } from '../../functions/core/locations/location-writes';
import { roleNameClaim } from '../../functions/core/roles/role-editor';
import { projectUser } from '../../functions/core/users/user-projector';
import { projectEnrolment } from '../../functions/core/enrolments/enrolment-projector';
import { projectDashboard } from '../../functions/core/dashboard/dashboard-projector';
import { checkDirectory } from './directory-check';
import { tableSnapshot } from './table-snapshot';

/**
 * `npm run rebuild:directory [-- --scope <locationId>]`: what an operator runs after restoring
 * a backup (or when the drift check reports differences). Re-runs every projector over its
 * sources (locations top-down, then users, then enrolments), refreshes every copy of a name from its source,
 * re-takes the name claims, deletes entries no source wants, and recounts every counter from
 * the projection records. With a scope, only that location's subtree and its users. Run it
 * while writes are quiet: counters are set, not added to.
 */
export interface RebuildReport {
  locations: number;
  users: number;
  enrolments: number;
  copiesFixed: number;
  entriesDeleted: number;
  countersSet: number;
  claimsTaken: number;
  remaining: string[];
}

export async function rebuildDirectory(options: { scopeId?: string; log?: (line: string) => void } = {}): Promise<RebuildReport> {
  const log = options.log ?? (() => undefined);
  const inScope = (ancestorIds: string[] | undefined) => !options.scopeId || Boolean(ancestorIds?.includes(options.scopeId));
  const snapshot = await tableSnapshot(['location', 'user', 'permission', 'userRole', 'role', 'churchMembership', 'trackInstance']);
  const of = (name: string) => snapshot.get(name) ?? [];

  const locations = of('location').filter((item) => item.kind !== 'System' && inScope(item.ancestorIds));
  locations.sort((a, b) => a.ancestorIds.length - b.ancestorIds.length);
  for (const [index, item] of locations.entries()) {
    await projectOrWait(() => projectLocation(item.locationId, { rewrite: true }));
    if ((index + 1) % 500 === 0) log(`locations: ${index + 1} of ${locations.length}`);
  }
  const userIds = options.scopeId
    ? [...new Set(of('permission').filter((permission) => inScope(permission.ancestorIds)).map((permission) => permission.userId as string))]
    : of('user').map((user) => user.userId as string);
  for (const [index, userId] of userIds.entries()) {
    await projectOrWait(() => projectUser(userId, { rewrite: true }));
    if ((index + 1) % 500 === 0) log(`users: ${index + 1} of ${userIds.length}`);
  }
  const enrolmentIds = of('trackInstance')
    .filter((item) => inScope(item.ancestorIds?.length ? item.ancestorIds : [item.conferenceId, item.districtId]))
    .map((item) => item.trackInstanceId as string);
  for (const [index, trackInstanceId] of enrolmentIds.entries()) {
    await projectOrWait(() => projectEnrolment(trackInstanceId, { rewrite: true }));
    await projectOrWait(() => projectDashboard(trackInstanceId, { rewrite: true }));
    if ((index + 1) % 500 === 0) log(`enrolments: ${index + 1} of ${enrolmentIds.length}`);
  }

  const copiesFixed = await refreshCopies(snapshot, inScope);
  const claimsTaken = await retakeClaims(locations, options.scopeId ? [] : of('role'));
  const entriesDeleted = await deleteUnwantedEntries();
  const countersSet = await recountFromProjections(options.scopeId);
  const { differences } = await checkDirectory();
  return { locations: locations.length, users: userIds.length, enrolments: enrolmentIds.length, copiesFixed, entriesDeleted, countersSet, claimsTaken, remaining: differences };
}

/** Memberships' church names and chains, permissions' chains, holders' role names: set from the source. */
async function refreshCopies(snapshot: Map<string, Array<Record<string, any>>>, inScope: (ids: string[] | undefined) => boolean): Promise<number> {
  // Read again: the location projections above may have refreshed chains and names.
  const fresh = (await tableSnapshot(['location'])).get('location') ?? [];
  const locations = new Map(fresh.map((item) => [item.locationId as string, item]));
  const roles = new Map((snapshot.get('role') ?? []).map((role) => [role.roleId as string, role]));
  let fixed = 0;
  for (const permission of snapshot.get('permission') ?? []) {
    const place = locations.get(permission.entityId);
    if (place && inScope(place.ancestorIds) && String(place.ancestorIds) !== String(permission.ancestorIds)) {
      await db().entities.permission.patch({ userId: permission.userId, permissionId: permission.permissionId }).set({ ancestorIds: place.ancestorIds }).go();
      await projectOrWait(() => projectUser(permission.userId));
      fixed++;
    }
  }
  for (const membership of snapshot.get('churchMembership') ?? []) {
    const church = locations.get(membership.churchId);
    if (church && inScope(church.ancestorIds) && (church.name !== membership.churchName || String(church.ancestorIds) !== String(membership.ancestorIds))) {
      await db().entities.churchMembership.patch({ userId: membership.userId, membershipId: membership.membershipId }).set({ churchName: church.name, ancestorIds: church.ancestorIds }).go();
      fixed++;
    }
  }
  for (const held of snapshot.get('userRole') ?? []) {
    const role = roles.get(held.roleId);
    if (role && role.name !== held.roleName) {
      await db().entities.userRole.patch({ userId: held.userId, roleId: held.roleId }).set({ roleName: role.name }).go();
      // The holder's entries show the role by that copy of its name.
      await projectOrWait(() => projectUser(held.userId));
      fixed++;
    }
  }
  return fixed;
}

async function retakeClaims(locations: Array<Record<string, any>>, roles: Array<Record<string, any>>): Promise<number> {
  const claims = [...locations.map((item) => nameClaimOf(item as never)), ...roles.map((role) => roleNameClaim(role as never))];
  for (let start = 0; start < claims.length; start += 25) {
    const { unprocessed } = await db()
      .entities.claim.put(claims.slice(start, start + 25).map((claim) => ({ ...claimKey(claim), ownerId: claim.ownerId })))
      .go();
    if (unprocessed.length) throw new Error(`Claims: ${unprocessed.length} were not written`);
  }
  return claims.length;
}

/** Entries no projection wants (left by data from before projections, or a crashed old run). */
async function deleteUnwantedEntries(): Promise<number> {
  const snapshot = await tableSnapshot(['directoryEntry', 'projection']);
  const wanted = new Set((snapshot.get('projection') ?? []).flatMap((record) => [...(record.entries ?? [])]));
  const unwanted = (snapshot.get('directoryEntry') ?? []).filter((entry) => !wanted.has(entryKey(entry as DirectoryEntryInput)));
  for (let start = 0; start < unwanted.length; start += 25) {
    await db()
      .entities.directoryEntry.delete(unwanted.slice(start, start + 25).map(({ scopeId, list, term, targetId }) => ({ scopeId, list, term, targetId })))
      .go();
  }
  return unwanted.length;
}

/** Every counter := the number of projection records counted in it (the projectors' own ledger). */
async function recountFromProjections(scopeId?: string): Promise<number> {
  const snapshot = await tableSnapshot(['projection', 'directoryCount', 'scopeTally']);
  await refigureFromProjections(snapshot, scopeId);
  const counts = new Map<string, number>();
  for (const item of snapshot.get('directoryCount') ?? []) counts.set(`${item.scopeId}\u0000${item.list}`, 0);
  for (const record of snapshot.get('projection') ?? []) for (const key of record.counted ?? []) counts.set(key, (counts.get(key) ?? 0) + 1);
  const items = [...counts]
    .map(([key, count]) => {
      const [scope, list] = key.split('\u0000');
      return { scopeId: scope, list, count };
    })
    .filter((item) => !scopeId || item.scopeId === scopeId);
  for (let start = 0; start < items.length; start += 25) {
    await db().entities.directoryCount.put(items.slice(start, start + 25)).go();
  }
  return items.length;
}

/** The dashboards' figures set to the sums of the weights the projection records hold (a restore may have left a figure behind its records). */
async function refigureFromProjections(snapshot: Map<string, Array<Record<string, any>>>, scopeId?: string): Promise<void> {
  const figures = new Map<string, number>();
  for (const item of snapshot.get('scopeTally') ?? []) figures.set(`${item.scopeId}\u0000${item.metric}`, 0);
  for (const record of snapshot.get('projection') ?? []) {
    for (const key of record.tallied ?? []) {
      const [scope, metric, weight] = String(key).split('\u0000');
      figures.set(`${scope}\u0000${metric}`, (figures.get(`${scope}\u0000${metric}`) ?? 0) + Number(weight));
    }
  }
  const items = [...figures]
    .map(([key, count]) => {
      const [scope, metric] = key.split('\u0000');
      return { scopeId: scope, metric, count };
    })
    .filter((item) => !scopeId || item.scopeId === scopeId);
  for (let start = 0; start < items.length; start += 25) await db().entities.scopeTally.put(items.slice(start, start + 25)).go();
}
