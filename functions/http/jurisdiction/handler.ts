import { createServiceHandler } from '../../lib/http/service-handler';
import { jurisdictionApi } from '../../../shared/api/jurisdiction';
import { locationSetRoutes } from '../location-set';

export const handler = createServiceHandler(jurisdictionApi, locationSetRoutes('Jurisdiction'));
