import { createServiceHandler } from '../../lib/http/service-handler';
import { jobApi } from '../../../shared/api/job';
import { readJob } from '../../core/jobs/read-job';

export const handler = createServiceHandler(jobApi, { get: async ({ auth, params }) => readJob(auth, params.id) });
