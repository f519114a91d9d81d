import { scoped } from '../../../shared/auth/ability';
import type { LocationRow } from '../../../shared/schemas/location';
import { directoryLists } from '../../db/directory';
import { searchDirectory } from '../../db/directory-read';
import { db } from '../../db/service';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';
import { getLocationOfKind } from '../../db/access/location-store';
import { locationRowOf, toLocationRow } from './location-view';

/**
 * A district's active churches for pickers: by name from the byParent index, or, with
 * `name`, those with a word starting with it from the district's word list. The caller
 * must be able to read the district.
 */
export async function churchesOfDistrict(auth: Pick<AuthContext, 'ability'>, districtId: string, query: { name?: string; limit: number }): Promise<LocationRow[]> {
  const district = await getLocationOfKind(districtId, 'District');
  if (!district) throw new NotFoundError();
  if (!auth.ability.can('read', scoped('District', { ancestorIds: district.ancestorIds }))) throw new ForbiddenError();

  const text = query.name?.trim();
  if (text) {
    const page = await searchDirectory({ sources: [{ scopeId: districtId, list: directoryLists.locationWords('Church') }], text, direction: 'ASC', offset: 0, limit: query.limit });
    return page.rows.map((row) => toLocationRow(row.display));
  }
  const { data } = await db()
    .entities.location.query.byParent({ parentId: districtId, kind: 'Church' })
    .where(({ active }, { eq }) => eq(active, true))
    .go({ limit: query.limit, count: query.limit });
  return data.map(locationRowOf);
}
