import * as z from 'zod';

/**
 * The read-access log (issue 25, item 2; docs/security.md "Read-access log"): who opened someone's
 * private material, when, what and through which screen.
 */

/** What was read: private step content, an uploaded file (a download), a form instance, a list of someone's documents, a data export's archive (its download link), a candidate packet (its download link). */
export const READ_KINDS = ['stepContent', 'file', 'form', 'documents', 'export', 'packet'] as const;
export type ReadKind = (typeof READ_KINDS)[number];

export const READ_KIND_LABELS: Record<ReadKind, string> = {
  stepContent: 'Private step content',
  file: 'Uploaded file',
  form: 'Form',
  documents: 'Documents list',
  export: 'Data export',
  packet: 'Candidate packet',
};

/**
 * Screens the web may name in the `x-read-screen` header of a call that reveals private material;
 * the server keeps the value only when it is one of these.
 */
export const READ_SCREENS = ['step-page', 'form-view', 'profile-documents', 'profile-forms', 'file-link', 'data-export', 'candidate-packet'] as const;
export type ReadScreen = (typeof READ_SCREENS)[number];
export const READ_SCREEN_HEADER = 'x-read-screen';

export const READ_SCREEN_LABELS: Record<ReadScreen, string> = {
  'step-page': 'Step page',
  'form-view': 'Form',
  'profile-documents': 'Profile: Documents',
  'profile-forms': 'Profile: Forms',
  'file-link': 'File link',
  'data-export': 'Data export',
  'candidate-packet': 'Candidate packet',
};

export const READ_LOG_PAGE_DEFAULT = 25;
export const READ_LOG_PAGE_MAX = 50;

export const readEntryViewSchema = z.object({
  id: z.string(),
  at: z.string(),
  readerId: z.string(),
  readerName: z.string(),
  kind: z.enum(READ_KINDS),
  objectId: z.string(),
  label: z.string().optional(),
  route: z.string(),
  screen: z.enum(READ_SCREENS).optional(),
  trackInstanceId: z.string().optional(),
});
export type ReadEntryView = z.infer<typeof readEntryViewSchema>;

export const readLogPageSchema = z.object({ data: z.array(readEntryViewSchema), cursor: z.string().nullable() });
export type ReadLogPage = z.infer<typeof readLogPageSchema>;
