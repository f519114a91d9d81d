import * as z from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';
import { jobStartedSchema } from '../schemas/job';
import { importPreviewBodySchema, importPreviewSchema, importStartBodySchema } from '../imports/csv-import';

/**
 * CSV import of people or enrolments into a conference (issue 27, item 4), routes of the
 * conference service: for those who may update the conference (its admins, superadmins);
 * docs/security.md "Imports".
 */
export const csvImportContracts = {
  importPreview: defineContract({
    id: 'conference.importPreview',
    service: 'conference',
    method: 'POST',
    path: '/api/conference/{id}/import/preview',
    summary:
      'Check a CSV of people or enrolments for the conference, every row, writing nothing but the checked rows: each row ready, unchanged (already there) or with its problems. The ready rows are kept for a day under the answer\'s importId.',
    access: 'session',
    can: ['update', 'Conference'],
    canAt: 'Conference',
    params: z.object({ id: idSchema }),
    body: importPreviewBodySchema,
    response: importPreviewSchema,
  }),
  importStart: defineContract({
    id: 'conference.importStart',
    service: 'conference',
    method: 'POST',
    path: '/api/conference/{id}/import/{importId}',
    summary:
      'Import the ready rows of a preview the caller made: a background job (answered: its id). The same preview imported again answers the same job; invitations go out only with sendInvitations.',
    access: 'session',
    can: ['update', 'Conference'],
    canAt: 'Conference',
    status: 202,
    params: z.object({ id: idSchema, importId: idSchema }),
    body: importStartBodySchema,
    response: jobStartedSchema,
  }),
};
