import { createServiceHandler } from '../../lib/http/service-handler';
import { conferenceApi } from '../../../shared/api/conference';
import { activeConferences, findConferences } from '../../core/locations/conference-lists';
import { readableLocationsByIds } from '../../core/locations/locations-by-ids';
import { locationSetRoutes } from '../location-set';
import { retentionRoutes } from './retention-routes';
import { transferRoutes } from './transfer-routes';
import { dashboardRoutes } from './dashboard-routes';
import { importRoutes } from './import-routes';

export const handler = createServiceHandler(conferenceApi, {
  ...locationSetRoutes('Conference'),
  findMany: async ({ auth, body }) => findConferences(auth, body),
  byIds: async ({ auth, params }) => readableLocationsByIds(auth, 'Conference', params.ids),
  active: async ({ auth }) => activeConferences(auth),
  ...retentionRoutes,
  ...transferRoutes,
  ...dashboardRoutes,
  ...importRoutes,
});
