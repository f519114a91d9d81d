import { createServiceHandler } from '../../lib/http/service-handler';
import { districtApi } from '../../../shared/api/district';
import { readableLocationsByIds } from '../../core/locations/locations-by-ids';
import { locationSetRoutes } from '../location-set';

export const handler = createServiceHandler(districtApi, {
  ...locationSetRoutes('District'),
  byIds: async ({ auth, params }) => readableLocationsByIds(auth, 'District', params.districtIds),
});
