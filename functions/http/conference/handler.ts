import { createServiceHandler, implement } from '../../lib/http/service-handler';
import { activeConferences as activeConferencesContract, conference, conferencesByIds, findManyConferences } from '../../../shared/api/conference';
import { activeConferences, findConferences } from '../../core/locations/conference-lists';
import { readableLocationsByIds } from '../../core/locations/locations-by-ids';
import { locationSetRoutes } from '../location-set';

export const handler = createServiceHandler('conference', [
  ...locationSetRoutes(conference, 'Conference'),
  implement(findManyConferences, async ({ auth, body }) => findConferences(auth, body)),
  implement(conferencesByIds, async ({ auth, params }) => readableLocationsByIds(auth, 'Conference', params.ids)),
  implement(activeConferencesContract, async ({ auth }) => activeConferences(auth)),
]);
