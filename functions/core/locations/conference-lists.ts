import type { LocationRow } from '../../../shared/schemas/location';
import { directoryLists } from '../../db/directory';
import { readSortedPageWithout, searchWithout } from '../scope/hidden-rows';
import { db } from '../../db/service';
import type { AuthContext } from '../session/resolve-session';
import { heldLocationScopes, locationListScopes } from '../scope/list-scopes';
import { rowsOf } from './location-entries';
import { locationRowOf, toLocationRow } from './location-view';

type Caller = Pick<AuthContext, 'isSuperadmin' | 'permissions' | 'roles'>;

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
  const hidden = { scopeIds: scopes.denied.scopeIds, rows: scopes.denied.items.flatMap((item) => lists.flatMap((list) => rowsOf(item, list))) };
  const page = text ? await searchWithout({ ...bounds, text, sources, extraRows }, hidden) : await readSortedPageWithout({ ...bounds, sources, extraRows }, hidden);
  return page.rows.map((row) => toLocationRow(row.display));
}

/** The organisation's conferences are few; a picker shows at most this many. */
const ACTIVE_CONFERENCES_MAX = 100;

/** The active conferences the caller works in, by name, whatever their roles (superadmin: all of them, from the byKind index). */
export async function activeConferences(auth: Caller): Promise<LocationRow[]> {
  if (auth.isSuperadmin) {
    const { data } = await db()
      .entities.location.query.byKind({ kind: 'Conference' })
      .where(({ active }, { eq }) => eq(active, true))
      .go({ limit: ACTIVE_CONFERENCES_MAX, count: ACTIVE_CONFERENCES_MAX });
    return data.map(locationRowOf);
  }
  const scopes = await heldLocationScopes(auth, 'Conference');
  const list = directoryLists.locations('Conference');
  const page = await readSortedPageWithout(
    {
      direction: 'ASC',
      offset: 0,
      limit: ACTIVE_CONFERENCES_MAX,
      sources: scopes.listScopeIds.map((scopeId) => ({ scopeId, list })),
      extraRows: scopes.direct.flatMap((item) => rowsOf(item, list)),
    },
    { scopeIds: scopes.denied.scopeIds, rows: scopes.denied.items.flatMap((item) => rowsOf(item, list)) },
  );
  return page.rows.map((row) => toLocationRow(row.display));
}
