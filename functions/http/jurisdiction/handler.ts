import { createServiceHandler } from '../../lib/http/service-handler';
import { jurisdiction } from '../../../shared/api/jurisdiction';
import { locationSetRoutes } from '../location-set';

export const handler = createServiceHandler('jurisdiction', locationSetRoutes(jurisdiction, 'Jurisdiction'));
