import { createServiceHandler, implement } from '../../lib/http/service-handler';
import { getJob } from '../../../shared/api/job';
import { readJob } from '../../core/jobs/read-job';

export const handler = createServiceHandler('job', [implement(getJob, async ({ auth, params }) => readJob(auth, params.id))]);
