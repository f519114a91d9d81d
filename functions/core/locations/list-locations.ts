import type { LocationKind } from '../../../shared/auth/vocabulary';
import type { SortDirection } from '../../../shared/api/list-query';
import { PAGE_SIZES } from '../../../shared/api/limits';
import type { LocationRow } from '../../../shared/schemas/location';
import { directoryLists } from '../../db/directory';
import { readCounts, type DirectoryPage } from '../../db/directory-read';
import type { AuthContext } from '../session/resolve-session';
import { locationListScopes, type ResolvedLocationScopes } from '../scope/list-scopes';
import { readSortedPageWithout, searchWithout, type HiddenRows } from '../scope/hidden-rows';
import { rowsOf } from './location-entries';
import { toLocationRow } from './location-view';

/** The list parameters the location contracts accept (already validated against the designed lists). */
export interface LocationFilter {
  name?: string;
  parentId?: string;
  active?: boolean;
}

export interface LocationListQuery {
  limit: number;
  offset?: number;
  orderBy?: { column: 'name' | 'parentName'; direction: SortDirection };
  where?: LocationFilter;
}

type Caller = Pick<AuthContext, 'isSuperadmin' | 'permissions' | 'roles'>;

/**
 * A page of the locations of `kind` the caller can see, from the designed lists: by name
 * (or parent name, then name), or, with `where.name`, those with a word starting with it
 * (in the order of the matching words; see directory-read.ts for the search count).
 */
export async function locationPage(auth: Caller, kind: LocationKind, query: LocationListQuery, withCount = false): Promise<{ data: LocationRow[]; count: number }> {
  const where = query.where ?? {};
  const scopes = await locationListScopes(auth, kind, where.parentId);
  const page = await readLocationPage(scopes, kind, { ...query, offset: query.offset ?? 0 }, withCount);
  return { data: page.rows.map((row) => toLocationRow(row.display)), count: page.count };
}

/** How many the caller sees: counters for a list; for a search, the count of its first page. */
export async function locationCount(auth: Caller, kind: LocationKind, where: LocationFilter = {}): Promise<number> {
  const scopes = await locationListScopes(auth, kind, where.parentId);
  if (searchText(where)) return (await readLocationPage(scopes, kind, { where, limit: PAGE_SIZES[0], offset: 0 }, true)).count;
  const list = directoryLists.locations(kind, where.active ?? true);
  const [counted, hidden] = await Promise.all([
    readCounts(scopes.listScopeIds.map((scopeId) => ({ scopeId, list }))),
    readCounts(scopes.denied.scopeIds.map((scopeId) => ({ scopeId, list }))),
  ]);
  const deniedRows = hiddenRows(scopes, list).rows.length;
  return counted - hidden - deniedRows + scopes.direct.filter((item) => rowsOf(item, list).length > 0).length;
}

function searchText(where: LocationFilter): string {
  return where.name?.trim() ?? '';
}

async function readLocationPage(scopes: ResolvedLocationScopes, kind: LocationKind, query: LocationListQuery & { offset: number }, withCount: boolean): Promise<DirectoryPage> {
  const where = query.where ?? {};
  const active = where.active ?? true;
  const bounds = { direction: query.orderBy?.direction ?? 'ASC', offset: query.offset, limit: query.limit } as const;
  const text = searchText(where);
  if (text) {
    const list = directoryLists.locationWords(kind, active);
    const sources = scopes.listScopeIds.map((scopeId) => ({ scopeId, list }));
    return searchWithout({ ...bounds, text, sources, extraRows: scopes.direct.flatMap((item) => rowsOf(item, list)) }, hiddenRows(scopes, list));
  }
  const countList = directoryLists.locations(kind, active);
  const list = query.orderBy?.column === 'parentName' ? directoryLists.locationsByParent(kind, active) : countList;
  return readSortedPageWithout(
    {
      ...bounds,
      withCount,
      sources: scopes.listScopeIds.map((scopeId) => ({ scopeId, list, countList })),
      extraRows: scopes.direct.flatMap((item) => rowsOf(item, list)),
    },
    hiddenRows(scopes, list),
  );
}

/** What the caller's denials hide from `list`: the denied locations' own lists and their own rows. */
function hiddenRows(scopes: ResolvedLocationScopes, list: string): HiddenRows {
  return { scopeIds: scopes.denied.scopeIds, rows: scopes.denied.items.flatMap((item) => rowsOf(item, list)) };
}
