import { createServiceHandler } from '../../lib/http/service-handler';
import { churchApi } from '../../../shared/api/church';
import { churchesOfDistrict } from '../../core/locations/church-filter';
import { locationSetRoutes } from '../location-set';
import { addMemberships, deactivateMembership, listMemberships, setConstituent } from '../../core/people/church-memberships';

export const handler = createServiceHandler(churchApi, {
  ...locationSetRoutes('Church'),
  filter: async ({ auth, params, query }) => churchesOfDistrict(auth, params.districtId, query),
  memberships: async ({ auth, params }) => listMemberships(auth, params.userId),
  addMemberships: async ({ auth, body }) => addMemberships(auth, body),
  deactivateMembership: async ({ auth, params }) => deactivateMembership(auth, params.id),
  setConstituent: async ({ auth, params }) => setConstituent(auth, params.id, params.isConstituent),
});
