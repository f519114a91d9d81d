import { z } from 'zod';
import { defineContract } from './contract';
import { locationSetContracts } from './location-set';
import { limitSchema } from './list-query';
import { locationRowSchema } from '../schemas/location';

export const church = locationSetContracts({ service: 'church', kind: 'Church', plural: 'churches', sortable: ['name', 'parentName'], hasParent: true });

export const churchesOfDistrict = defineContract({
  id: 'church.filter',
  service: 'church',
  method: 'GET',
  path: '/api/church/{districtId}/filter',
  summary: "A district's active churches by name, optionally those with a word starting with `name` (pickers).",
  access: 'session',
  can: ['read', 'Church'],
  params: z.object({ districtId: z.string().min(1) }),
  query: z.object({ name: z.string().trim().max(120).optional(), limit: limitSchema }),
  response: z.array(locationRowSchema),
});

export const churchContracts = [...Object.values(church), churchesOfDistrict];
