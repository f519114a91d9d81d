import * as z from 'zod';
import { defineContract } from './contract';
import { dashboardSchema } from '../schemas/dashboard';

/**
 * The registrar's dashboard (issue 27), a route of the conference service: for those who may
 * update a district or conference (superadmins: the organisation too), of a place at or below one
 * they govern (docs/security.md "Dashboards").
 */
export const dashboardContracts = {
  dashboard: defineContract({
    id: 'conference.dashboard',
    service: 'conference',
    method: 'GET',
    path: '/api/conference/dashboard/{scopeId}',
    summary: "A place's dashboard ('system': the organisation): enrolments by status, track and phase; steps by status and how long they wait; who has most open items; the last 12 months. Counters only: the same cost at any number of enrolments.",
    access: 'session',
    can: ['update', 'District'],
    canAt: 'District',
    params: z.object({ scopeId: z.string().min(1).max(100) }),
    response: dashboardSchema,
  }),
};
