import { directoryCountsOf, enrolmentDirectoryEntries, entryKey, userDirectoryEntries, type DirectoryEntryInput } from '../../functions/db/directory';
import { entriesOf } from '../../functions/core/locations/location-entries';
import { userDirectoryState } from '../../functions/core/users/user-directory';
import { tableSnapshot } from './table-snapshot';
import { talliesOfItems } from '../../functions/core/dashboard/tally-metrics';
import { committeesOfActions } from '../../functions/core/dashboard/stuck-entries';
import { dashboardEntries } from '../../functions/core/dashboard/dashboard-entries';
import { talliedKeysOf, type TallyInput } from '../../functions/db/directory-projection';

/**
 * `npm run check:directory`: compares every directory entry and counter, and every copy of a
 * name, with what the sources say they should be (the same derivations the projectors use),
 * and lists the differences. 0 differences is the only healthy answer.
 */
export interface DriftReport {
  entriesChecked: number;
  countersChecked: number;
  copiesChecked: number;
  differences: string[];
}

const SOURCES = ['location', 'user', 'userRole', 'permission', 'role', 'churchMembership', 'trackInstance', 'stepInstance', 'phaseTemplate', 'stepActionTemplate', 'directoryEntry', 'directoryCount', 'scopeTally', 'projection'];

export async function checkDirectory(): Promise<DriftReport> {
  const snapshot = await tableSnapshot(SOURCES);
  const of = (name: string) => snapshot.get(name) ?? [];
  const differences: string[] = [];

  const locations = new Map(of('location').map((item) => [item.locationId as string, item]));
  const wanted: DirectoryEntryInput[] = [];
  /** Each target's wanted entries, by `source NUL targetId`, to compare with its projection record. */
  const wantedByTarget = new Map<string, DirectoryEntryInput[]>();
  const want = (source: string, targetId: string, entries: DirectoryEntryInput[]) => {
    wanted.push(...entries);
    wantedByTarget.set(`${source}\u0000${targetId}`, entries);
  };
  for (const item of locations.values()) if (item.kind !== 'System') want('location', item.locationId, entriesOf(item as never));
  const byUser = new Map<string, { roles: any[]; permissions: any[] }>();
  const partOf = (userId: string) => byUser.get(userId) ?? byUser.set(userId, { roles: [], permissions: [] }).get(userId)!;
  for (const role of of('userRole')) partOf(role.userId).roles.push(role);
  for (const permission of of('permission')) partOf(permission.userId).permissions.push(permission);
  // Users' entries carry the names of their roles (their userRole copies, checked below) and of their conferences and districts.
  const locationNames = new Map([...locations.values()].map((item) => [item.locationId as string, item.name as string]));
  for (const user of of('user')) {
    const state = userDirectoryState({ user: user as never, ...partOf(user.userId), locationNames });
    want('user', user.userId, userDirectoryEntries(state.user, state.roleIds, state.permissionAncestorIds, state.names));
  }
  for (const enrolment of of('trackInstance')) want('enrolment', enrolment.trackInstanceId, enrolmentDirectoryEntries(enrolment as never));
  // The dashboards' lists ("who is stuck", the enrolments behind the figures), under each enrolment's dashboard record.
  const committees = committeesOfActions(of('stepActionTemplate') as never);
  const listed = talliesOfItems(of('trackInstance') as never, of('stepInstance') as never, of('phaseTemplate') as never, (enrolment, steps, phaseOrder) =>
    dashboardEntries(enrolment as never, steps as never, phaseOrder, committees),
  );
  for (const [trackInstanceId, entries] of listed) want('dashboard', trackInstanceId, entries);

  const actual = new Map(of('directoryEntry').map((entry) => [entryKey(entry as DirectoryEntryInput), entry]));
  const wantedByKey = new Map(wanted.map((entry) => [entryKey(entry), entry]));
  const show = (key: string) => key.replaceAll('\u0000', ' | ').replaceAll('\u0001', ' > ');
  for (const [key, entry] of wantedByKey) {
    const found = actual.get(key);
    if (!found) differences.push(`missing entry ${show(key)}`);
    else if (JSON.stringify(sorted(found.display)) !== JSON.stringify(sorted(entry.display))) differences.push(`stale row ${show(key)}`);
  }
  for (const key of actual.keys()) if (!wantedByKey.has(key)) differences.push(`extra entry ${show(key)}`);

  const counts = new Map(of('directoryCount').map((item) => [`${item.scopeId}\u0000${item.list}`, item.count as number]));
  const wantedCounts = new Map(directoryCountsOf(wanted).map((item) => [`${item.scopeId}\u0000${item.list}`, item.count]));
  for (const key of new Set([...counts.keys(), ...wantedCounts.keys()])) {
    const is = counts.get(key) ?? 0;
    const should = wantedCounts.get(key) ?? 0;
    if (is !== should) differences.push(`count ${show(key)} is ${is}, should be ${should}`);
  }

  differences.push(...recordDifferences(of('projection'), wantedByTarget));

  // The dashboards' figures: each place's sums of what its enrolments count in, and each enrolment's record of them.
  const tallies = talliesOfItems(of('trackInstance') as never, of('stepInstance') as never, of('phaseTemplate') as never);
  const tallied = new Map(of('scopeTally').map((item) => [`${item.scopeId}\u0000${item.metric}`, item.count as number]));
  const wantedTallies = new Map<string, number>();
  for (const figures of tallies.values()) {
    for (const tally of figures) wantedTallies.set(`${tally.scopeId}\u0000${tally.metric}`, (wantedTallies.get(`${tally.scopeId}\u0000${tally.metric}`) ?? 0) + (tally.weight ?? 1));
  }
  for (const key of new Set([...tallied.keys(), ...wantedTallies.keys()])) {
    const is = tallied.get(key) ?? 0;
    const should = wantedTallies.get(key) ?? 0;
    if (is !== should) differences.push(`figure ${show(key)} is ${is}, should be ${should}`);
  }
  differences.push(...talliedDifferences(of('projection'), tallies));

  let copiesChecked = 0;
  for (const item of locations.values()) {
    if (item.parentId && item.kind !== 'Jurisdiction') {
      copiesChecked++;
      const parent = locations.get(item.parentId);
      if (parent && parent.name !== item.parentName) differences.push(`location ${item.locationId} shows parent name "${item.parentName}", should be "${parent.name}"`);
      if (parent && String(parent.ancestorIds) !== String(item.ancestorIds.slice(0, -1))) differences.push(`location ${item.locationId} has a stale ancestor chain`);
    }
    if (item.kind === 'EpiscopalArea') {
      copiesChecked++;
      const names = [...locations.values()].filter((c) => c.parentId === item.locationId && c.kind === 'Conference' && c.active).map((c) => c.name).sort((a, b) => a.localeCompare(b));
      if (String(names) !== String(item.childNames ?? [])) differences.push(`episcopal area ${item.locationId} lists [${item.childNames ?? []}], should list [${names}]`);
    }
  }
  for (const permission of of('permission')) {
    copiesChecked++;
    const place = locations.get(permission.entityId);
    if (place && String(place.ancestorIds) !== String(permission.ancestorIds)) differences.push(`permission ${permission.permissionId} has a stale ancestor chain`);
  }
  for (const membership of of('churchMembership')) {
    copiesChecked++;
    const church = locations.get(membership.churchId);
    if (church && church.name !== membership.churchName) differences.push(`membership ${membership.membershipId} shows "${membership.churchName}", should show "${church.name}"`);
  }
  const roles = new Map(of('role').map((role) => [role.roleId as string, role]));
  for (const held of of('userRole')) {
    copiesChecked++;
    const role = roles.get(held.roleId);
    if (role && role.name !== held.roleName) differences.push(`user ${held.userId} shows role "${held.roleName}", should show "${role.name}"`);
  }

  return { entriesChecked: wantedByKey.size + actual.size, countersChecked: wantedCounts.size + wantedTallies.size, copiesChecked, differences };
}

/**
 * A projection record must name exactly the entries and counted lists its target has: a
 * record that says less makes the next run count the target again, one that says more
 * makes it uncount what was never counted.
 */
function recordDifferences(records: Array<Record<string, any>>, wantedByTarget: Map<string, DirectoryEntryInput[]>): string[] {
  const differences: string[] = [];
  const byTarget = new Map(records.map((record) => [`${record.source}\u0000${record.targetId}`, record]));
  const sameSet = (actual: unknown, expected: Set<string>) => {
    const values = new Set(actual instanceof Set ? [...actual] : ((actual as string[] | undefined) ?? []));
    return values.size === expected.size && [...expected].every((value) => values.has(value));
  };
  for (const [target, entries] of wantedByTarget) {
    const record = byTarget.get(target);
    const label = target.replace('\u0000', ' ');
    if (!record) {
      if (entries.length) differences.push(`${label} has no projection record`);
      continue;
    }
    if (!sameSet(record.entries, new Set(entries.map(entryKey)))) differences.push(`${label}: projection record lists other entries`);
    const counted = new Set(directoryCountsOf(entries).map(({ scopeId, list }) => `${scopeId}\u0000${list}`));
    if (!sameSet(record.counted, counted)) differences.push(`${label}: projection record counts other lists`);
  }
  return differences;
}

/** Each enrolment's dashboard record must name exactly the figures it counts in (with their weights). */
function talliedDifferences(records: Array<Record<string, any>>, tallies: Map<string, TallyInput[]>): string[] {
  const byTarget = new Map(records.filter((record) => record.source === 'dashboard').map((record) => [record.targetId as string, record]));
  const differences: string[] = [];
  for (const [trackInstanceId, figures] of tallies) {
    const held = new Set(byTarget.get(trackInstanceId)?.tallied ?? []);
    const wanted = talliedKeysOf(figures);
    if (held.size !== wanted.size || [...wanted].some((key) => !held.has(key))) differences.push(`dashboard ${trackInstanceId}: projection record counts other figures`);
  }
  return differences;
}

/** Keys in order at every depth: the table returns a map's keys in no particular order (the names an entry carries are lists of maps). */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, sorted(v)]),
  );
}
