import { createServiceHandler } from '../../lib/http/service-handler';
import { episcopalAreaApi } from '../../../shared/api/episcopal-area';
import { locationSetRoutes } from '../location-set';

export const handler = createServiceHandler(episcopalAreaApi, locationSetRoutes('EpiscopalArea'));
