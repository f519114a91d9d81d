import type { LocationKind } from '../../../shared/auth/vocabulary';
import { scoped } from '../../../shared/auth/ability';
import type { LocationView } from '../../../shared/schemas/location';
import type { AuthContext } from '../session/resolve-session';
import { getLocations } from '../../db/access/location-store';
import { toLocationView } from './location-view';

/** The named locations of `kind` the caller may read, in the order named; others are left out, not refused. */
export async function readableLocationsByIds(auth: Pick<AuthContext, 'ability'>, kind: LocationKind, ids: string[]): Promise<LocationView[]> {
  const found = await getLocations(ids);
  return found.filter((item) => item.kind === kind && auth.ability.can('read', scoped(kind, { ancestorIds: item.ancestorIds }))).map(toLocationView);
}
