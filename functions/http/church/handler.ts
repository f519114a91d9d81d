import { createServiceHandler, implement } from '../../lib/http/service-handler';
import { church, churchesOfDistrict as churchesOfDistrictContract } from '../../../shared/api/church';
import { churchesOfDistrict } from '../../core/locations/church-filter';
import { locationSetRoutes } from '../location-set';

export const handler = createServiceHandler('church', [
  ...locationSetRoutes(church, 'Church'),
  implement(churchesOfDistrictContract, async ({ auth, params, query }) => churchesOfDistrict(auth, params.districtId, query)),
]);
