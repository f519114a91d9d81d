import type { LocationKind } from '../../shared/auth/vocabulary';
import type { LocationSet } from '../../shared/api/location-set';
import type { ServiceRoutes } from '../lib/http/service-handler';
import { createLocation, createLocations } from '../core/locations/create-location';
import { locationCount, locationPage } from '../core/locations/list-locations';
import { deactivateLocation, readLocation, updateLocation } from '../core/locations/update-location';

/** The generic set (SPEC.md section 7) of one location kind: every location service starts from these routes. */
export function locationSetRoutes(kind: LocationKind): ServiceRoutes<LocationSet> {
  return {
    create: async ({ auth, body }) => createLocation(auth, kind, body),
    bulk: async ({ auth, body }) => createLocations(auth, kind, body),
    list: async ({ auth, query }) => (await locationPage(auth, kind, query)).data,
    quickSearch: async ({ auth, query }) => locationPage(auth, kind, query, true),
    query: async ({ auth, body }) => (await locationPage(auth, kind, body)).data,
    search: async ({ auth, body }) => (await locationPage(auth, kind, body)).data,
    count: async ({ auth, query }) => locationCount(auth, kind, query.where),
    get: async ({ auth, params }) => readLocation(auth, kind, params.id),
    update: async ({ auth, body }) => updateLocation(auth, kind, body.id, body),
    updateById: async ({ auth, params, body }) => updateLocation(auth, kind, params.id, body),
    remove: async ({ auth, body }) => deactivateLocation(auth, kind, body.id),
    removeById: async ({ auth, params }) => deactivateLocation(auth, kind, params.id),
  };
}
