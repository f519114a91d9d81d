import * as z from 'zod';
import { defineContract } from './contract';
import { locationSetContracts } from './location-set';
import { idListParam } from './id-list';
import { locationSchema } from '../schemas/location';

export const districtApi = {
  ...locationSetContracts({ service: 'district', kind: 'District', plural: 'districts', sortable: ['name', 'parentName'], hasParent: true }),
  byIds: defineContract({
    id: 'district.byIds',
    service: 'district',
    method: 'POST',
    path: '/api/district/getDistrictsByIds/{districtIds}',
    summary: 'The districts named by a comma-separated id list that the caller can see (others are left out).',
    access: 'session',
    can: ['read', 'District'],
    params: z.object({ districtIds: idListParam }),
    response: z.array(locationSchema),
  }),
};
