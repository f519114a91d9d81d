import { createServiceHandler, implement } from '../../lib/http/service-handler';
import { district, districtsByIds } from '../../../shared/api/district';
import { readableLocationsByIds } from '../../core/locations/locations-by-ids';
import { locationSetRoutes } from '../location-set';

export const handler = createServiceHandler('district', [
  ...locationSetRoutes(district, 'District'),
  implement(districtsByIds, async ({ auth, params }) => readableLocationsByIds(auth, 'District', params.districtIds)),
]);
