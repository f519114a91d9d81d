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
};
