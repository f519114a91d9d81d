import * as z from 'zod';
import { defineContract } from './contract';
import { locationSetContracts } from './location-set';
import { idListParam } from './id-list';
import { AUTOCOMPLETE_LIMITS } from './limits';
import { searchTextSchema } from './list-query';
import { locationRowSchema, locationSchema } from '../schemas/location';
import { retentionContracts } from './retention';
import { transferContracts } from './transfer';
import { dashboardContracts } from './dashboard';
import { csvImportContracts } from './csv-import';

export const conferenceApi = {
  ...locationSetContracts({ service: 'conference', kind: 'Conference', plural: 'conferences', sortable: ['name', 'parentName'], hasParent: true, messagingSettings: true }),
  findMany: defineContract({
    id: 'conference.findMany',
    service: 'conference',
    method: 'POST',
    path: '/api/conference/find-many',
    summary: 'Conferences the caller can see whose name has a word starting with `name` (the conference picker, 10 by default).',
    access: 'session',
    can: ['read', 'Conference'],
    body: z.object({
      name: searchTextSchema.optional(),
      limit: z.number().int().min(1).max(50).default(AUTOCOMPLETE_LIMITS.conference),
      includeInactive: z.boolean().default(false),
    }),
    response: z.array(locationRowSchema),
  }),
  byIds: defineContract({
    id: 'conference.byIds',
    service: 'conference',
    method: 'GET',
    path: '/api/conference/conferences/{ids}',
    summary: 'The conferences named by a comma-separated id list that the caller can see (others are left out).',
    access: 'session',
    can: ['read', 'Conference'],
    params: z.object({ ids: idListParam }),
    response: z.array(locationSchema),
  }),
  active: defineContract({
    id: 'conference.active',
    service: 'conference',
    method: 'GET',
    path: '/api/conference/active-conferences',
    summary: "The active conferences the caller can see, by name (at most 100: the organisation's conferences are few).",
    access: 'session',
    response: z.array(locationRowSchema),
  }),
  ...retentionContracts,
  ...transferContracts,
  ...dashboardContracts,
  ...csvImportContracts,
};
