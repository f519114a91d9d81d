import { call } from '../api/client';
import { routes } from '../api/routes';

/** The caller's finished table export: a download link that works for minutes, read at the press. */
export const tableExportLink = (jobId: string) => call(routes.job.tableExportLink, { params: { id: jobId } });
