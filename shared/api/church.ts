import * as z from 'zod';
import { defineContract } from './contract';
import { locationSetContracts } from './location-set';
import { limitSchema, searchTextSchema } from './list-query';
import { idOf, idSchema } from './id-list';
import { BULK_MAX } from './limits';
import { churchMembershipSchema } from '../schemas/church-membership';
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
  memberships: defineContract({
    id: 'church.memberships', service: 'church', method: 'GET', path: '/api/church/church-memberships/{userId}', access: 'session', can: ['read', 'ChurchMembership'],
    summary: "A user's church memberships, active first (the profile's card), as far as the caller may read memberships of those churches; a user the caller cannot see is a 404.",
    params: z.object({ userId: idSchema }),
    response: z.array(churchMembershipSchema),
  }),
  addMemberships: defineContract({
    id: 'church.addMemberships', service: 'church', method: 'POST', path: '/api/church/add-church-memberships', access: 'session', can: ['create', 'ChurchMembership'], status: 201,
    summary: `Add Membership: makes up to ${BULK_MAX} users members of a church ('Home' defaults to true); an inactive membership of that church is reactivated, an active one kept. A user's first active membership is primary.`,
    body: z.object({
      userIds: z.array(idSchema).min(1, 'Select at least one user.').max(BULK_MAX, `At most ${BULK_MAX} users at once.`),
      churchId: idOf('Location is required'),
      constituent: z.boolean().default(true),
    }),
    response: z.array(churchMembershipSchema),
  }),
  deactivateMembership: defineContract({
    id: 'church.deactivateMembership', service: 'church', method: 'PATCH', path: '/api/church/church-membership-deactivate/{id}', access: 'session', can: ['update', 'ChurchMembership'],
    summary: 'Removes a membership: it becomes not active, not primary and not Home (only an active one); primary passes to another active membership.',
    params: z.object({ id: idSchema }),
    response: churchMembershipSchema,
  }),
  setConstituent: defineContract({
    id: 'church.setConstituent', service: 'church', method: 'PATCH', path: '/api/church/church-membership-constituent/{id}/{isConstituent}', access: 'session', can: ['update', 'ChurchMembership'],
    summary: "Turns 'Home' on or off for an active membership (Superadmin, Conference Admin and District Admin only).",
    params: z.object({ id: idSchema, isConstituent: z.enum(['true', 'false']).transform((value) => value === 'true') }),
    response: churchMembershipSchema,
  }),
};
