import { createServiceHandler } from '../../lib/http/service-handler';
import { jobApi } from '../../../shared/api/job';
import { readJob } from '../../core/jobs/read-job';
import { tableExportLink } from '../../core/exports/table-export';

/** A job's progress, and the download link of a finished table export. */
export const handler = createServiceHandler(jobApi, {
  get: async ({ auth, params }) => readJob(auth, params.id),
  tableExportLink: async ({ auth, params }) => tableExportLink(auth, params.id),
});
