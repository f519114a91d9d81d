import { LOCATION_KINDS, type LocationKind } from '../../shared/auth/vocabulary';
import { SYSTEM_LOCATION_ID } from './entities/location';

/**
 * The designed lists behind paged, scoped, searchable tables (ARCHITECTURE.md section 5:
 * reads bounded by the page, counts kept as counters, search on designed items).
 *
 * A scope is a location id: a user appears in the scope of every location they hold an
 * active, non-denied permission on, and of each ancestor of it, and always in the System
 * root's scope (what a superadmin sees). A location appears in the scopes of its
 * ancestors and of the System root. Lists per scope:
 *   users                 active users sorted by `last first`     (+ directoryCount)
 *   users:<roleId>        the same, holding that role              (+ directoryCount)
 *   usersByEmail[:<roleId>]    the same users sorted by email (the users table's sorts)
 *   usersByCreated[:<roleId>]  the same users sorted by creation time
 *   userWords             `first last` and `last first`: begins_with name search (people search)
 *   userWords:<roleId>    the same, holding that role
 *   userEmails[:<roleId>] the same users' emails: the users table's search reads them beside
 *                         the names (people search matches names only, so it reads no email)
 *   ...:inactive          each user list again for deactivated users (the users table's
 *                         status filter; people search reads only the active lists)
 *   locations:<Kind>          active locations of a kind sorted by name            (+ directoryCount)
 *   locationsByParent:<Kind>  the same sorted by parent name, then name (the second column)
 *   locationWords:<Kind>      every word-start suffix of the name: begins_with search
 *   ...:inactive              each location list again for deactivated locations, so the
 *                             Active / Inactive filter is a choice of list, never a filter
 *   enrolments:<trackTemplateId>[:<status>]           a track's enrolments by `sortName`, in the
 *                             System root's scope (the whole track: ENROLMENTS_OF_TRACK_SCOPE) and
 *                             in the enrolment's district's (see enrolmentDirectoryEntries)
 *   enrolmentFirstNames:<trackTemplateId>[:<status>]  the same by first name: prefix search
 *   enrolmentEmails:<trackTemplateId>[:<status>]      the same by email: prefix search
 *   stuck                     steps of Open enrolments someone must act on, by when they started
 *                             waiting (oldest first), in the organisation and every place of the
 *                             enrolment's chain: the dashboard's "who is stuck" (core/dashboard/stuck-entries.ts)
 *   placeEnrolments[:<status>]  every enrolment by when it was made, or those of a status (an ended one by
 *                             when it ended), oldest first, in the organisation and every place of the
 *                             enrolment's chain: the lists behind a dashboard's enrolment and month
 *                             figures (core/dashboard/enrolled-entries.ts)
 *   phaseEnrolments:<trackTemplateId>:<phaseId>  Open enrolments in that current phase, the same way:
 *                             the list behind a dashboard's phase figures
 * Entries are derived: the projectors (./directory-projection.ts) compute them with these
 * functions from the source's current state; a counted list's count moves with the
 * projection record that counts a target in it.
 */
export interface DirectoryEntryInput {
  scopeId: string;
  list: string;
  term: string;
  targetId: string;
  display: Record<string, unknown>;
}

/**
 * The registry of designed lists: every list a table or search reads is one family here,
 * named `family` or `family:<qualifier>` (a role id, a location kind, `:inactive`). A family
 * says whether it is counted (one entry per target, with a directoryCount beside it) and
 * whether its terms are search words (begins_with) or a sort order. Projectors derive entries
 * for these lists only; readers name lists through `directoryLists`.
 */
export const directoryRegistry = {
  /** Users sorted by `last first`; one per user: counted. */
  users: { counted: true, search: false },
  /** The same users sorted by email. */
  usersByEmail: { counted: false, search: false },
  /** The same users sorted by creation time. */
  usersByCreated: { counted: false, search: false },
  /** `first last` and `last first` of users: name search (a target matches a prefix on at most both). */
  userWords: { counted: false, search: true, termsPerTarget: 2 },
  /** Users' emails: the users table's search reads them beside userWords. */
  userEmails: { counted: false, search: true, termsPerTarget: 1 },
  /** Active (or `:inactive`) locations of a kind sorted by name; counted. */
  locations: { counted: true, search: false },
  /** The same sorted by parent name, then name (the second column). */
  locationsByParent: { counted: false, search: false },
  /** Every word-start suffix of location names: word search. */
  locationWords: { counted: false, search: true },
  /** A track's enrolments (`enrolments:<trackTemplateId>[:<status>]`) by `sortName`: the participants table's deep pages and last-name prefix. */
  enrolments: { counted: false, search: false },
  /** The same enrolments by participant first name (then `sortName`): the first-name filter. */
  enrolmentFirstNames: { counted: false, search: true },
  /** The same enrolments by participant email: the email filter. */
  enrolmentEmails: { counted: false, search: true },
  /** Waiting steps of Open enrolments by the time they started waiting: the dashboard's "who is stuck" (oldest first). */
  stuck: { counted: false, search: false },
  /** A place's enrolments by when they were made, or of one status (ended ones by when they ended): the lists behind the dashboard's enrolment and month figures. */
  placeEnrolments: { counted: false, search: false },
  /** A place's Open enrolments in one current phase of a track, the same way: the list behind its phase figures. */
  phaseEnrolments: { counted: false, search: false },
} as const;

export type DirectoryListFamily = keyof typeof directoryRegistry;

/**
 * The most entries one target has in a word list of this family (undefined: no fixed bound, as a
 * location name has a word start per word). A search reading `n` targets' worth of rows times this
 * finds `n` distinct targets in one Query (directory-read.ts).
 */
export function termsPerTarget(list: string): number | undefined {
  const family = directoryRegistry[listFamily(list)];
  return 'termsPerTarget' in family ? family.termsPerTarget : undefined;
}

export const directoryLists = {
  users: (roleId?: string, active = true) => listName('users', roleId, active ? undefined : INACTIVE),
  usersByEmail: (roleId?: string, active = true) => listName('usersByEmail', roleId, active ? undefined : INACTIVE),
  usersByCreated: (roleId?: string, active = true) => listName('usersByCreated', roleId, active ? undefined : INACTIVE),
  userWords: (roleId?: string, active = true) => listName('userWords', roleId, active ? undefined : INACTIVE),
  userEmails: (roleId?: string, active = true) => listName('userEmails', roleId, active ? undefined : INACTIVE),
  locations: (kind: LocationKind, active = true) => listName('locations', kind, active ? undefined : INACTIVE),
  locationsByParent: (kind: LocationKind, active = true) => listName('locationsByParent', kind, active ? undefined : INACTIVE),
  locationWords: (kind: LocationKind, active = true) => listName('locationWords', kind, active ? undefined : INACTIVE),
  enrolments: (trackTemplateId: string, status?: string) => listName('enrolments', trackTemplateId, status),
  enrolmentFirstNames: (trackTemplateId: string, status?: string) => listName('enrolmentFirstNames', trackTemplateId, status),
  enrolmentEmails: (trackTemplateId: string, status?: string) => listName('enrolmentEmails', trackTemplateId, status),
  stuck: () => listName('stuck'),
  placeEnrolments: (status?: string) => listName('placeEnrolments', status),
  phaseEnrolments: (trackTemplateId: string, phaseId: string) => listName('phaseEnrolments', trackTemplateId, phaseId),
};

/** The lists a users table search reads (name or email, SPEC.md section 2's quick search); people search reads only `userWords`. */
export function userSearchLists(roleId?: string, active = true): string[] {
  return [directoryLists.userWords(roleId, active), directoryLists.userEmails(roleId, active)];
}

export type EnrolmentListFamily = 'enrolments' | 'enrolmentFirstNames' | 'enrolmentEmails';

const INACTIVE = 'inactive';

function listName(family: DirectoryListFamily, ...qualifiers: Array<string | undefined>): string {
  return [family, ...qualifiers.filter(Boolean)].join(':');
}

/** The family a list name belongs to (throws on a list nobody declared). */
export function listFamily(list: string): DirectoryListFamily {
  const family = list.split(':', 1)[0];
  if (!(family in directoryRegistry)) throw new Error(`Unknown directory list ${list}`);
  return family as DirectoryListFamily;
}

/** Sorts after every letter, so "Grace" under "Blue Ridge" sorts by parent first, then name. */
const PARENT_NAME_SEPARATOR = '\u0001';

export function parentSortTerm(parentName: string | undefined, name: string): string {
  return `${normaliseTerm(parentName ?? '')}${PARENT_NAME_SEPARATOR}${normaliseTerm(name)}`;
}

/** Lists whose entries are one per target, so they carry a count. */
export function isCountedList(list: string): boolean {
  return directoryRegistry[listFamily(list)].counted;
}

/** Identity of an entry (its table key). */
export function entryKey(entry: Pick<DirectoryEntryInput, 'scopeId' | 'list' | 'term' | 'targetId'>): string {
  return [entry.scopeId, entry.list, entry.term, entry.targetId].join('\u0000');
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
  createdAt?: string;
}

/**
 * The location of `kind` on an ancestor chain (outermost first): chains start at a
 * jurisdiction under the System root, so each kind sits at its depth.
 */
export function chainLocation(chain: readonly string[], kind: LocationKind): string | undefined {
  return chain[LOCATION_KINDS.indexOf(kind)];
}

/**
 * The names a user's entries show beside the ids (the users table's role, conference and
 * district columns): role id -> the role's name as shown (its holder's `userRole.roleName`
 * copy, system roles by their label), location id -> name. Carried in the entries so a page of
 * the table is its list Query alone (ARCHITECTURE.md section 12: at most 3 requests); a rename
 * re-projects the holders (the role-names job through `userRole`, the location-copies job
 * through the location's own `users` lists).
 */
export interface DirectoryNames {
  roles: ReadonlyMap<string, string>;
  locations: ReadonlyMap<string, string>;
}

/** A conference or district a user's entry names: its id, name and ancestor chain (the reader's visibility check). */
export interface NamedPlace {
  id: string;
  name: string;
  ancestorIds: string[];
}

/** The conferences and districts on a user's permission chains, each with its chain up to it (outermost first). */
export function placesOnChains(permissionAncestorIds: string[][], kind: 'Conference' | 'District'): Array<{ id: string; ancestorIds: string[] }> {
  const found = new Map<string, string[]>();
  for (const chain of permissionAncestorIds) {
    const id = chainLocation(chain, kind);
    if (id && !found.has(id)) found.set(id, chain.slice(0, chain.indexOf(id) + 1));
  }
  return [...found].map(([id, ancestorIds]) => ({ id, ancestorIds }));
}

/**
 * Every directory entry of a user, given their role ids, the ancestor ids of their active,
 * non-denied permissions and the names to show. The display carries what the users table
 * shows: the roles and the conferences and districts by id and name (a place with its chain,
 * for the reader's visibility check), so a page needs no further read. A role or place with no
 * name given (deleted) is left out, as the table leaves it out.
 */
export function userDirectoryEntries(user: DirectoryUser, roleIds: string[], permissionAncestorIds: string[][], shown: DirectoryNames): DirectoryEntryInput[] {
  const scopes = new Set([SYSTEM_LOCATION_ID, ...permissionAncestorIds.flat()]);
  const roleKeys = [undefined, ...new Set(roleIds)];
  const named = (kind: 'Conference' | 'District'): NamedPlace[] =>
    placesOnChains(permissionAncestorIds, kind).flatMap(({ id, ancestorIds }) => {
      const name = shown.locations.get(id);
      return name === undefined ? [] : [{ id, name, ancestorIds }];
    });
  const display = {
    userId: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    inactive: Boolean(user.inactive),
    createdAt: user.createdAt ?? '',
    roles: [...new Set(roleIds)].flatMap((id) => {
      const name = shown.roles.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    conferences: named('Conference'),
    districts: named('District'),
  };
  const sortTerm = normaliseTerm(`${user.lastName} ${user.firstName}`);
  const names = [...new Set([normaliseTerm(`${user.firstName} ${user.lastName}`), sortTerm])];
  const active = !user.inactive;

  const entries: DirectoryEntryInput[] = [];
  const add = (scopeId: string, list: string, term: string) => entries.push({ scopeId, list, term, targetId: user.userId, display });
  for (const scopeId of scopes) {
    for (const roleId of roleKeys) {
      add(scopeId, directoryLists.users(roleId, active), sortTerm);
      add(scopeId, directoryLists.usersByEmail(roleId, active), normaliseTerm(user.email));
      add(scopeId, directoryLists.usersByCreated(roleId, active), display.createdAt);
      for (const term of names) add(scopeId, directoryLists.userWords(roleId, active), term);
      add(scopeId, directoryLists.userEmails(roleId, active), normaliseTerm(user.email));
    }
  }
  return entries;
}

export interface DirectoryLocation {
  locationId: string;
  kind: LocationKind;
  name: string;
  active: boolean;
  parentId?: string;
  parentName?: string;
  /** Episcopal areas: their active conferences' names (the table's comma-joined column). */
  childNames?: string[];
  /** Outermost first, ending with the location itself. */
  ancestorIds: string[];
}

/** Every directory entry of a location: listed and searchable in the scope of each ancestor and of the System root. */
export function locationDirectoryEntries(location: DirectoryLocation): DirectoryEntryInput[] {
  const scopes = [SYSTEM_LOCATION_ID, ...location.ancestorIds.filter((id) => id !== location.locationId)];
  const display = {
    locationId: location.locationId,
    kind: location.kind,
    name: location.name,
    active: location.active,
    parentId: location.parentId,
    parentName: location.parentName,
    ...(location.childNames ? { childNames: location.childNames } : {}),
  };
  const { kind, active, locationId: targetId } = location;
  const entries: DirectoryEntryInput[] = [];
  for (const scopeId of scopes) {
    entries.push({ scopeId, list: directoryLists.locations(kind, active), term: normaliseTerm(location.name), targetId, display });
    entries.push({ scopeId, list: directoryLists.locationsByParent(kind, active), term: parentSortTerm(location.parentName, location.name), targetId, display });
    for (const term of wordStarts(location.name)) {
      entries.push({ scopeId, list: directoryLists.locationWords(kind, active), term, targetId, display });
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

export interface DirectoryEnrolment {
  trackInstanceId: string;
  trackTemplateId: string;
  districtId?: string;
  status: string;
  /** `last first`, lower-cased (the table's order). */
  sortName: string;
  participant?: { firstName?: string; email?: string };
}

/**
 * The scope of a track's lists of all its enrolments (what its administrators read). The list's
 * name already names the track, so the scope is the same for every track: not the track's
 * conference, which an edit may change while people are enrolled (their copies keep the old one).
 */
export const ENROLMENTS_OF_TRACK_SCOPE = SYSTEM_LOCATION_ID;

/** Sorts before every letter and space: a first name's matches list by first name, then by `sortName`. */
const FIRST_NAME_SEPARATOR = '\u0001';

/** The term an enrolment has in a family's lists (the participants table also orders its assigned rows by it). */
export function enrolmentTerm(family: EnrolmentListFamily, enrolment: Pick<DirectoryEnrolment, 'sortName' | 'participant'>): string {
  if (family === 'enrolmentFirstNames') return `${normaliseTerm(enrolment.participant?.firstName ?? '')}${FIRST_NAME_SEPARATOR}${enrolment.sortName}`;
  if (family === 'enrolmentEmails') return normaliseTerm(enrolment.participant?.email ?? '');
  return enrolment.sortName;
}

/**
 * Every directory entry of an enrolment (the participants table's keyed lists, SPEC.md section 2:
 * status, first name, last name and email at the same cost at any track size). Each family once
 * for the whole track and once for its status, in the whole track's scope (ENROLMENTS_OF_TRACK_SCOPE:
 * what its administrators read; a denied district's own lists are read alongside and their rows
 * dropped) and in the enrolment's district's (what a district admin reads). The sorted list's entries carry
 * nothing else, so the rows before a deep page cost little; the word lists carry the other two
 * filters' text for a combination no key serves (a bounded filter).
 */
export function enrolmentDirectoryEntries(enrolment: DirectoryEnrolment): DirectoryEntryInput[] {
  const scopes = [...new Set([ENROLMENTS_OF_TRACK_SCOPE, enrolment.districtId].filter((id): id is string => Boolean(id)))];
  const words = { sortName: enrolment.sortName, firstName: normaliseTerm(enrolment.participant?.firstName ?? ''), email: normaliseTerm(enrolment.participant?.email ?? '') };
  const families: EnrolmentListFamily[] = ['enrolments', 'enrolmentFirstNames', 'enrolmentEmails'];
  const entries: DirectoryEntryInput[] = [];
  for (const scopeId of scopes) {
    for (const family of families) {
      const term = enrolmentTerm(family, enrolment);
      if (!term) continue;
      const display = family === 'enrolments' ? {} : words;
      for (const status of [undefined, enrolment.status]) {
        entries.push({ scopeId, list: directoryLists[family](enrolment.trackTemplateId, status), term, targetId: enrolment.trackInstanceId, display });
      }
    }
  }
  return entries;
}
