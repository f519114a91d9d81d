import type { ImportKind } from '@shared/imports/csv-import';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';

/** Checks every row of the file's text for the conference (nothing imported yet). */
export const previewImport = (conferenceId: string, kind: ImportKind, csv: string) => call(routes.conference.importPreview, { params: { id: conferenceId }, body: { kind, csv } });

/** Imports a preview's ready rows (202: the job to follow). */
export const startImport = (conferenceId: string, importId: string, sendInvitations: boolean) => call(routes.conference.importStart, { params: { id: conferenceId, importId }, body: { sendInvitations } });
