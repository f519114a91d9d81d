import type { LocationRow } from '../../../shared/schemas/location';
import { directoryLists } from '../../db/directory';
import { readSortedPage, searchDirectory } from '../../db/directory-read';
import { db } from '../../db/service';
import type { AuthContext } from '../session/resolve-session';
import { locationListScopes } from '../scope/list-scopes';
import { rowsOf } from './location-entries';
import { locationRowOf, toLocationRow } from './location-view';

type Caller = Pick<AuthContext, 'isSuperadmin' | 'permissions'>;

/**
 * The conference picker: the caller's conferences by name, or those with a word starting
 * with `name`; `includeInactive` reads the deactivated lists as well and merges them.
 */
export async function findConferences(auth: Caller, query: { name?: string; limit: number; includeInactive: boolean }): Promise<LocationRow[]> {
  const scopes = await locationListScopes(auth, 'Conference');
  const states = query.includeInactive ? [true, false] : [true];
  const text = query.name?.trim();
  const listsOf = (listFor: (active: boolean) => string) => states.map(listFor);
  const bounds = { direction: 'ASC', offset: 0, limit: query.limit } as const;

  const lists = text ? listsOf((active) => directoryLists.locationWords('Conference', active)) : listsOf((active) => directoryLists.locations('Conference', active));
  const sources = scopes.listScopeIds.flatMap((scopeId) => lists.map((list) => ({ scopeId, list })));
  const extraRows = scopes.direct.flatMap((item) => lists.flatMap((list) => rowsOf(item, list)));
  const page = text ? await searchDirectory({ ...bounds, text, sources, extraRows }) : await readSortedPage({ ...bounds, sources, extraRows });
  return page.rows.map((row) => toLocationRow(row.display));
}

/** The organisation's conferences are few; a picker shows at most this many. */
const ACTIVE_CONFERENCES_MAX = 100;

/** The active conferences the caller can see, by name (superadmin: all of them, from the byKind index). */
export async function activeConferences(auth: Caller): Promise<LocationRow[]> {
  if (auth.isSuperadmin) {
    const { data } = await db()
      .entities.location.query.byKind({ kind: 'Conference' })
      .where(({ active }, { eq }) => eq(active, true))
      .go({ limit: ACTIVE_CONFERENCES_MAX, count: ACTIVE_CONFERENCES_MAX });
    return data.map(locationRowOf);
  }
  const scopes = await locationListScopes(auth, 'Conference');
  const list = directoryLists.locations('Conference');
  const page = await readSortedPage({
    direction: 'ASC',
    offset: 0,
    limit: ACTIVE_CONFERENCES_MAX,
    sources: scopes.listScopeIds.map((scopeId) => ({ scopeId, list })),
    extraRows: scopes.direct.flatMap((item) => rowsOf(item, list)),
  });
  return page.rows.map((row) => toLocationRow(row.display));
}
