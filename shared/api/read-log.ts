import * as z from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';
import { READ_LOG_PAGE_DEFAULT, READ_LOG_PAGE_MAX, readLogPageSchema } from '../schemas/read-log';

/**
 * The read-access log's reader (issue 25, item 2; docs/security.md "Read-access log"): who has read
 * a person's confidential material, newest first. Served by the audit function (read-only): the
 * entries are written by the routes that reveal the material. `cursor` (the last entry's id of a
 * page) reads the next, older, page.
 */
export const readLogQuerySchema = z.object({
  cursor: z.string().max(26, 'Invalid cursor.').regex(/^[0-9A-Za-z]{26}$/, 'Invalid cursor.').optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(READ_LOG_PAGE_MAX, `limit must be at most ${READ_LOG_PAGE_MAX}`).default(READ_LOG_PAGE_DEFAULT),
});

export const readLogContracts = {
  readLog: defineContract({
    id: 'audit.readLog',
    service: 'audit',
    method: 'GET',
    path: '/api/audit/read-log/{userId}',
    summary:
      "Who has read a person's confidential material (private step content, uploaded files, forms, the Documents list), newest first, at most 50 a page: for superadmins and those who may update one of the person's conferences (its conference admins); never advisors, mentors, peers or district admins. Unseen people 404, seen but not governed 403; a caller who may update no conference anywhere is refused before any read.",
    access: 'session',
    can: ['update', 'Conference'],
    params: z.object({ userId: idSchema }),
    query: readLogQuerySchema,
    response: readLogPageSchema,
  }),
};
