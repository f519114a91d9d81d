import { z } from 'zod';
import { defineContract } from './contract';
import { locationSetContracts } from './location-set';
import { limitSchema, searchTextSchema } from './list-query';
import { idSchema } from './id-list';
import { locationRowSchema } from '../schemas/location';

export const churchApi = {
  ...locationSetContracts({ service: 'church', kind: 'Church', plural: 'churches', sortable: ['name', 'parentName'], hasParent: true }),
  filter: defineContract({
    id: 'church.filter',
    service: 'church',
    method: 'GET',
    path: '/api/church/{districtId}/filter',
    summary: "A district's active churches by name, optionally those with a word starting with `name` (pickers).",
    access: 'session',
    can: ['read', 'Church'],
    params: z.object({ districtId: idSchema }),
    query: z.object({ name: searchTextSchema.optional(), limit: limitSchema }),
    response: z.array(locationRowSchema),
  }),
};
