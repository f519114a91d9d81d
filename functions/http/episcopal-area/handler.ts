import { createServiceHandler } from '../../lib/http/service-handler';
import { episcopalArea } from '../../../shared/api/episcopal-area';
import { locationSetRoutes } from '../location-set';

export const handler = createServiceHandler('episcopal-area', locationSetRoutes(episcopalArea, 'EpiscopalArea'));
