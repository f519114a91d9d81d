import type { LocationKind } from '../../shared/auth/vocabulary';
import type { LocationSet } from '../../shared/api/location-set';
import { implement, type BoundRoute } from '../lib/http/service-handler';
import { createLocation, createLocations } from '../core/locations/create-location';
import { locationCount, locationPage } from '../core/locations/list-locations';
import { deactivateLocation, readLocation, updateLocation } from '../core/locations/update-location';

/** The generic set (SPEC.md section 7) of one location kind: every location service starts from these routes. */
export function locationSetRoutes(set: LocationSet, kind: LocationKind): BoundRoute[] {
  return [
    implement(set.create, async ({ auth, body }) => createLocation(auth, kind, body)),
    implement(set.bulk, async ({ auth, body }) => createLocations(auth, kind, body)),
    implement(set.list, async ({ auth, query }) => (await locationPage(auth, kind, query)).data),
    implement(set.quickSearch, async ({ auth, query }) => locationPage(auth, kind, query, true)),
    implement(set.query, async ({ auth, body }) => (await locationPage(auth, kind, body)).data),
    implement(set.search, async ({ auth, body }) => (await locationPage(auth, kind, body)).data),
    implement(set.count, async ({ auth, query }) => locationCount(auth, kind, query.where)),
    implement(set.get, async ({ auth, params }) => readLocation(auth, kind, params.id)),
    implement(set.update, async ({ auth, body }) => updateLocation(auth, kind, body.id, body)),
    implement(set.updateById, async ({ auth, params, body }) => updateLocation(auth, kind, params.id, body)),
    implement(set.remove, async ({ auth, body }) => deactivateLocation(auth, kind, body.id)),
    implement(set.removeById, async ({ auth, params }) => deactivateLocation(auth, kind, params.id)),
  ];
}
