import type { LocationKind } from '../../shared/auth/vocabulary';
import { SYSTEM_LOCATION_ID } from './entities/location';

/**
 * The designed lists behind paged, scoped, searchable tables (ARCHITECTURE.md section 5:
 * reads bounded by the page, counts kept as counters, search on designed items).
 *
 * A scope is a location id: a user appears in the scope of every location they hold an
 * active, non-denied permission on, and of each ancestor of it, and always in the System
 * root's scope (what a superadmin sees). A location appears in the scopes of its
 * ancestors and of the System root. Lists per scope:
 *   users                 users sorted by `last first`            (+ directoryCount)
 *   users:<roleId>        the same, holding that role              (+ directoryCount)
 *   userWords             `first last`, `last first`, email: begins_with search
 *   userWords:<roleId>    the same, holding that role
 *   locations:<Kind>      locations of a kind sorted by name       (+ directoryCount)
 *   locationWords:<Kind>  every word-start suffix of the name: begins_with search
 * Entries are derived: writers recompute them with these functions and replace the old
 * ones; the count of a list changes in the same transaction as a target's first or last entry.
 */
export interface DirectoryEntryInput {
  scopeId: string;
  list: string;
  term: string;
  targetId: string;
  display: Record<string, unknown>;
}

export const directoryLists = {
  users: (roleId?: string) => (roleId ? `users:${roleId}` : 'users'),
  userWords: (roleId?: string) => (roleId ? `userWords:${roleId}` : 'userWords'),
  locations: (kind: LocationKind) => `locations:${kind}`,
  locationWords: (kind: LocationKind) => `locationWords:${kind}`,
};

/** Lists whose entries are one per target, so they carry a count. */
export function isCountedList(list: string): boolean {
  return list === 'users' || list.startsWith('users:') || list.startsWith('locations:');
}

/** Lower-cased, single-spaced: terms compare the way people type. */
export function normaliseTerm(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** "North Georgia Conference" -> the full name, "georgia conference", "conference". */
export function wordStarts(text: string): string[] {
  const words = normaliseTerm(text).split(' ').filter(Boolean);
  return words.map((_, index) => words.slice(index).join(' '));
}

export interface DirectoryUser {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  inactive?: boolean;
}

/** Every directory entry of a user, given their role ids and the ancestor ids of their active, non-denied permissions. */
export function userDirectoryEntries(user: DirectoryUser, roleIds: string[], permissionAncestorIds: string[][]): DirectoryEntryInput[] {
  const scopes = new Set([SYSTEM_LOCATION_ID, ...permissionAncestorIds.flat()]);
  const display = { userId: user.userId, firstName: user.firstName, lastName: user.lastName, email: user.email, inactive: Boolean(user.inactive) };
  const sortTerm = normaliseTerm(`${user.lastName} ${user.firstName}`);
  const words = [...new Set([normaliseTerm(`${user.firstName} ${user.lastName}`), sortTerm, normaliseTerm(user.email)])];
  const roleKeys = [undefined, ...new Set(roleIds)];

  const entries: DirectoryEntryInput[] = [];
  for (const scopeId of scopes) {
    for (const roleId of roleKeys) {
      entries.push({ scopeId, list: directoryLists.users(roleId), term: sortTerm, targetId: user.userId, display });
      for (const term of words) entries.push({ scopeId, list: directoryLists.userWords(roleId), term, targetId: user.userId, display });
    }
  }
  return entries;
}

export interface DirectoryLocation {
  locationId: string;
  kind: LocationKind;
  name: string;
  active: boolean;
  parentName?: string;
  /** Outermost first, ending with the location itself. */
  ancestorIds: string[];
}

/** Every directory entry of a location: listed and searchable in the scope of each ancestor and of the System root. */
export function locationDirectoryEntries(location: DirectoryLocation): DirectoryEntryInput[] {
  const scopes = [SYSTEM_LOCATION_ID, ...location.ancestorIds.filter((id) => id !== location.locationId)];
  const display = { locationId: location.locationId, kind: location.kind, name: location.name, active: location.active, parentName: location.parentName };
  const entries: DirectoryEntryInput[] = [];
  for (const scopeId of scopes) {
    entries.push({ scopeId, list: directoryLists.locations(location.kind), term: normaliseTerm(location.name), targetId: location.locationId, display });
    for (const term of wordStarts(location.name)) {
      entries.push({ scopeId, list: directoryLists.locationWords(location.kind), term, targetId: location.locationId, display });
    }
  }
  return entries;
}

/** The counts a set of entries implies: distinct targets per counted (scope, list). */
export function directoryCountsOf(entries: DirectoryEntryInput[]): Array<{ scopeId: string; list: string; count: number }> {
  const targets = new Map<string, { scopeId: string; list: string; ids: Set<string> }>();
  for (const entry of entries) {
    if (!isCountedList(entry.list)) continue;
    const key = `${entry.scopeId}\u0000${entry.list}`;
    const bucket = targets.get(key) ?? { scopeId: entry.scopeId, list: entry.list, ids: new Set<string>() };
    bucket.ids.add(entry.targetId);
    targets.set(key, bucket);
  }
  return [...targets.values()].map(({ scopeId, list, ids }) => ({ scopeId, list, count: ids.size }));
}
