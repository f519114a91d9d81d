import * as z from 'zod';
import { defineContract } from './contract';
import { jobSchema } from '../schemas/job';
import { idSchema } from './id-list';

export const jobApi = {
  get: defineContract({
    id: 'job.get',
    service: 'job',
    method: 'GET',
    path: '/api/job/{id}',
    summary: 'A background job with its progress: its owner or a superadmin only.',
    access: 'session',
    params: z.object({ id: idSchema }),
    response: jobSchema,
  }),
  tableExportLink: defineContract({
    id: 'job.tableExportLink',
    service: 'job',
    method: 'GET',
    path: '/api/job/{id}/table-export',
    summary:
      "The caller's finished table export (a participants, users or audit export made by a job): a download link that works for 15 minutes; the file itself is deleted 7 days after the export. Only the person who started it (anyone else 404, as for none), whose right to the table is checked again; still running 409; expired 404 with a message.",
    access: 'session',
    params: z.object({ id: idSchema }),
    response: z.object({ url: z.string(), name: z.string() }),
  }),
};
