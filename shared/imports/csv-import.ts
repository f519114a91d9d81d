import * as z from 'zod';
import { TRACK_INSTANCE_STATUSES } from '../tracks/statuses';

/**
 * CSV import of people or enrolments into one conference (issue 27, items 4 and 6; README
 * "Importing people and enrolments"). The browser sends the file's text to the preview route,
 * which parses and checks every row and keeps the rows that are ready; Import starts a job over
 * exactly those rows (docs/data-model.md "Imports").
 */
export const IMPORT_KINDS = ['people', 'enrolments'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Bytes of a file the browser reads (the request body, JSON-escaped, stays under the API's 1 MiB). */
export const IMPORT_MAX_BYTES = 700 * 1024;
/** Data rows of one file, the header not counted. */
export const IMPORT_MAX_ROWS = 5000;
/** Characters of one cell (names and emails are shorter; a longer cell is a mistake). */
export const IMPORT_CELL_MAX = 254;
/** Roles one person may be given in one cell, split by semicolons. */
export const IMPORT_ROLES_MAX = 10;

/** The columns of each kind, as the header must name them (case and spaces around them do not matter). */
export const IMPORT_COLUMNS = {
  people: ['First name', 'Last name', 'Email', 'Phone', 'District or church', 'Roles'],
  enrolments: ['Person email', 'Track', 'Advisor email', 'Status', 'Current step'],
} as const satisfies Record<ImportKind, readonly string[]>;

/** Columns a row must fill (the others may be empty). */
export const IMPORT_REQUIRED = {
  people: ['First name', 'Last name', 'Email'],
  enrolments: ['Person email', 'Track', 'Advisor email'],
} as const satisfies Record<ImportKind, readonly string[]>;

/** An example row of each kind for the template download. */
export const IMPORT_EXAMPLES: Record<ImportKind, string[]> = {
  people: ['Ada', 'Lovelace', 'ada@example.org', '+1 555 010 0199', 'North District', 'Advisor; Mentor'],
  enrolments: ['ada@example.org', 'Candidacy Pathway', 'advisor@example.org', 'Open', 'Readiness interview'],
};

/**
 * What Current step means (the Import tab says it; README "Import"): the enrolment starts as Add
 * Participant starts it, then every step before the named one in the track's order is set
 * Completed as the participant's advisor or a track administrator would set it, which opens the
 * steps that wait on them; the named step is left as that leaves it (normally Ready).
 */
export const CURRENT_STEP_HELP =
  'Current step: empty to start at the beginning, or an active step of the track (write "Phase / Step" when two phases have a step of that name): every step before it is set Completed, as their advisor or a track administrator would set it, without notifying the participant.';

/** Statuses an imported enrolment may have (Unavailable is the system's own). */
export const IMPORT_STATUSES = TRACK_INSTANCE_STATUSES.filter((status) => status !== 'Unavailable');

export const importFileMessages = {
  empty: 'The file is empty. Choose a CSV file with a header row and at least one row.',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024} KB. Split it into smaller files.`,
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`,
  noRows: 'The file has a header row but no rows to import.',
  notText: 'The file is not a CSV text file. Save it from your spreadsheet as "CSV (comma delimited)".',
  columns: (kind: ImportKind) => `The header row must name these columns: ${IMPORT_COLUMNS[kind].join(', ')}.`,
} as const;

/**
 * A cell a spreadsheet would run as a formula (`=HYPERLINK(...)`, `+cmd`, `-2+3`, `@SUM`) is
 * refused, never stored: the row names the column and asks for plain text.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;
export const formulaMessage = (column: string) => `${column} starts with =, +, - or @, which a spreadsheet would run as a formula. Write it as plain text.`;

export const importPreviewBodySchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: 'Choose People or Enrolments.' }),
  /** The file's text as read by the browser. */
  csv: z.string({ error: importFileMessages.empty }).max(IMPORT_MAX_BYTES, importFileMessages.tooLarge),
});

export const IMPORT_ROW_STATUSES = ['ready', 'unchanged', 'problem'] as const;

export const importRowSchema = z.object({
  /** The line of the file the row starts on (the header is line 1). */
  line: z.number().int().positive(),
  /** Who or what the row is about: `Ada Lovelace <ada@example.org>`, `ada@example.org in Licensed Local Pastor`. */
  label: z.string(),
  status: z.enum(IMPORT_ROW_STATUSES),
  messages: z.array(z.string()),
});
export type ImportRowView = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  /** The checked file's id: Import names it, so the rows imported are the ones shown. Absent when nothing is ready. */
  importId: z.string().optional(),
  kind: z.enum(IMPORT_KINDS),
  rows: z.array(importRowSchema),
  summary: z.object({ rows: z.number().int(), ready: z.number().int(), unchanged: z.number().int(), problems: z.number().int() }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importStartBodySchema = z.object({ sendInvitations: z.boolean().default(false) });

/** The job's result: rows written, rows found already done, rows refused while importing (their lines and why). */
export const importResultSchema = z.object({
  imported: z.number().int(),
  unchanged: z.number().int(),
  failed: z.array(z.object({ line: z.number().int(), message: z.string() })),
  /** Failures past the ones listed. */
  moreFailed: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const IMPORT_NOT_FOUND = 'This preview was not found or has expired. Choose the file again.';
export const IMPORT_NOTHING_READY = 'No row is ready to import.';
