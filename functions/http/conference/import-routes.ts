import type { ServiceRoutes } from '../../lib/http/service-handler';
import type { csvImportContracts } from '../../../shared/api/csv-import';
import { importConference } from '../../core/imports/import-access';
import { previewImport } from '../../core/imports/import-preview';
import { startImport } from '../../core/imports/import-start';

/** The conference service's CSV import routes (shared/api/csv-import.ts): the conference is checked before the body is read. */
export const importRoutes: ServiceRoutes<typeof csvImportContracts> = {
  importPreview: {
    authorize: async ({ auth, params }) => void (await importConference(auth, params.id)),
    handle: async ({ auth, params, body }) => previewImport(auth, params.id, body),
  },
  importStart: {
    authorize: async ({ auth, params }) => void (await importConference(auth, params.id)),
    handle: async ({ auth, params, body }) => startImport(auth, params.id, params.importId, body),
  },
};
