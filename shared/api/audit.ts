import * as z from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';
import { readLogContracts } from './read-log';
import { EXPORT_ROWS_MAX, SMALL_EXPORT_ROWS, exportAnswerSchema, exportFormatSchema } from '../schemas/table-export';
import { ALL_AUDIT_KINDS, AUDIT_CHAIN_KINDS, AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, auditPageSchema } from '../schemas/audit';

/**
 * The audit trail's readers (issue 25; docs/security.md "Audit trail"): a record's History and
 * the organisation-wide page with its CSV export. Entries come newest first; `cursor` (the last
 * entry's id of a page) reads the next, older, page.
 */

/** An entry id (a ULID) the previous page ended on. */
const cursorSchema = z.string().max(26, 'Invalid cursor.').regex(/^[0-9A-Za-z]{26}$/, 'Invalid cursor.').optional();
const limitSchema = z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT);
const kindSchema = z.enum(ALL_AUDIT_KINDS).optional();
/** A user id: entries that user made, or that a job they started made. */
const authorSchema = idSchema.optional();
/** A date (`2026-01-31`) or a time with its offset; at most 40 characters. */
const dateSchema = z.iso.datetime({ offset: true }).max(40).or(z.iso.date().max(10)).optional();

export const historyQuerySchema = z.object({ cursor: cursorSchema, kind: kindSchema, author: authorSchema, limit: limitSchema });

export const organisationQuerySchema = z.object({
  /** A conference id, or `system` for records above conferences (roles, jurisdictions, episcopal areas, everyone's announcements). */
  scopeId: idSchema,
  cursor: cursorSchema,
  kind: kindSchema,
  author: authorSchema,
  /** Entries at or after this time (a date: its start, UTC). */
  from: dateSchema,
  /** Entries at or before this time (a date: its end, UTC). */
  to: dateSchema,
  limit: limitSchema,
});

export const auditApi = {
  history: defineContract({
    id: 'audit.history',
    service: 'audit',
    method: 'GET',
    path: '/api/audit/history/{chainKind}/{id}',
    summary:
      "A record's History, newest first, one page (at most 50) per call: readable by those who may update the record (a person: update User where they are, not the person themself; a location: update at its kind there; a role: update Role; an announcement: those who manage it). Unknown or unseen records 404, seen but not governed 403. A kind or author filter reads at most 200 entries for a page and answers a cursor to read on.",
    access: 'session',
    params: z.object({ chainKind: z.enum(AUDIT_CHAIN_KINDS), id: idSchema }),
    query: historyQuerySchema,
    response: auditPageSchema,
  }),
  organisation: defineContract({
    id: 'audit.organisation',
    service: 'audit',
    method: 'GET',
    path: '/api/audit/organisation',
    summary:
      "Every audited change in one scope, newest first: a conference's (its people, places, announcements and notifications) for a superadmin or whoever may update that conference (its conference admins), or `system` (roles, places above conferences, everyone's announcements) for superadmins. Filters: kind, author, from and to; pages of at most 50.",
    access: 'session',
    can: ['update', 'Conference'],
    query: organisationQuerySchema,
    response: auditPageSchema,
  }),
  organisationCsv: defineContract({
    id: 'audit.organisationCsv',
    service: 'audit',
    method: 'GET',
    path: '/api/audit/organisation/csv',
    summary:
      'The organisation page as a CSV file (same scope, access and filters; no paging): at most 5,000 rows, newest first; a larger export says so in its last row. Rate limited.',
    access: 'session',
    can: ['update', 'Conference'],
    rateLimit: 'auditExport',
    query: organisationQuerySchema.omit({ cursor: true, limit: true }),
    response: z.string(),
  }),
  organisationExport: defineContract({
    id: 'audit.organisationExport',
    service: 'audit',
    method: 'GET',
    path: '/api/audit/organisation/export',
    summary: `The organisation page as CSV or XLSX (\`format\`; same scope, access and filters): up to ${SMALL_EXPORT_ROWS} rows in the answer (\`{ kind: 'file', ... }\`), more by a background job (202 \`{ kind: 'job', jobId }\`), at most ${EXPORT_ROWS_MAX} rows. Rate limited.`,
    access: 'session',
    can: ['update', 'Conference'],
    rateLimit: 'auditExport',
    query: organisationQuerySchema.omit({ cursor: true, limit: true }).extend({ format: exportFormatSchema }),
    response: exportAnswerSchema,
  }),
  ...readLogContracts,
};
