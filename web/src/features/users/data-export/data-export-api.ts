import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';

/** Starts a person's data export (202: the job to follow). */
export const startDataExport = (userId: string) => call(routes.user.startDataExport, { params: { userId } });

/** The caller's finished export of this person: a short-lived download link. */
export const dataExportLink = (userId: string) => call(routes.user.dataExportLink, { params: { userId } });
