import * as z from 'zod';
import { defineContract } from './contract';
import { dashboardSchema, enrolledPageSchema, enrolledQuerySchema, waitingPageSchema, waitingQuerySchema } from '../schemas/dashboard';
import { exportAnswerSchema, exportFormatSchema } from '../schemas/table-export';

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
  dashboardWaiting: defineContract({
    id: 'conference.dashboardWaiting',
    service: 'conference',
    method: 'GET',
    path: '/api/conference/dashboard/{scopeId}/waiting',
    summary:
      "The steps behind a dashboard's waiting figures: a place's steps someone must act on (Ready, Resubmit, Pending Review, Overdue), longest waiting first, with whom each waits on; narrowed by `status`, `olderThanDays` or `userId` (the person they wait on). 25 a page, `cursor` for the next. Same access as the dashboard.",
    access: 'session',
    can: ['update', 'District'],
    canAt: 'District',
    params: z.object({ scopeId: z.string().min(1).max(100) }),
    query: waitingQuerySchema,
    response: waitingPageSchema,
  }),
  dashboardEnrolments: defineContract({
    id: 'conference.dashboardEnrolments',
    service: 'conference',
    method: 'GET',
    path: '/api/conference/dashboard/{scopeId}/enrolments',
    summary:
      "The enrolments behind a dashboard's enrolment and phase figures: a place's enrolments of one `status`, or its Open enrolments in one current phase (`trackTemplateId` and `phaseId`), oldest enrolment first, each with its participant, track, status and current phase. 25 a page, `cursor` for the next. Same access as the dashboard.",
    access: 'session',
    can: ['update', 'District'],
    canAt: 'District',
    params: z.object({ scopeId: z.string().min(1).max(100) }),
    query: enrolledQuerySchema,
    response: enrolledPageSchema,
  }),
  dashboardExport: defineContract({
    id: 'conference.dashboardExport',
    service: 'conference',
    method: 'GET',
    path: '/api/conference/dashboard/{scopeId}/export',
    summary: "A place's dashboard figures as CSV or XLSX (`?format=`): each of the page's tables (enrolments by status, by track, open by phase; steps by status and waiting; who is stuck; workload; the last 12 months) a sheet, or a section of the CSV. Same access as the dashboard; always in the answer (`{ kind: 'file', ... }`).",
    access: 'session',
    can: ['update', 'District'],
    canAt: 'District',
    rateLimit: 'tableExport',
    params: z.object({ scopeId: z.string().min(1).max(100) }),
    query: z.object({ format: exportFormatSchema }),
    response: exportAnswerSchema,
  }),
};
