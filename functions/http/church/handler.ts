import { createServiceHandler } from '../../lib/http/service-handler';
import { churchApi } from '../../../shared/api/church';
import { churchesOfDistrict } from '../../core/locations/church-filter';
import { locationSetRoutes } from '../location-set';

export const handler = createServiceHandler(churchApi, {
  ...locationSetRoutes('Church'),
  filter: async ({ auth, params, query }) => churchesOfDistrict(auth, params.districtId, query),
});
