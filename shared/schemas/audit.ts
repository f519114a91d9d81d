import * as z from 'zod';

/**
 * The audit trail's vocabulary (issue 25), shared by the server and the History pages: which
 * records keep a chain of entries, the kinds a History filters by, and the shape of one entry.
 */

/**
 * Records with a History, named as the permission subjects that govern them: a track template's
 * chain holds its phases and steps, a track instance's (an enrolment) its assignees and the work
 * on its steps, a form template's its versions.
 */
export const AUDIT_CHAIN_KINDS = ['User', 'Location', 'Role', 'Announcement', 'TrackTemplate', 'FormTemplate', 'TrackInstance', 'UserGroup'] as const;
export type AuditChainKind = (typeof AUDIT_CHAIN_KINDS)[number];

/** The History's kind filter, per record kind. */
export const AUDIT_KINDS = {
  User: ['created', 'profile', 'roles', 'locations', 'memberships', 'tags', 'aliases', 'comments', 'mentors', 'activation', 'merge', 'retention'],
  /** `notifications`: a message published to the location's people. */
  Location: ['created', 'details', 'activation', 'move', 'notifications', 'retention'],
  Role: ['created', 'details', 'policies', 'deleted'],
  Announcement: ['created', 'details', 'deleted'],
  TrackTemplate: ['created', 'details', 'activation', 'phases', 'steps', 'deleted'],
  FormTemplate: ['created', 'details', 'versions', 'deleted'],
  /** `content`: tasks, uploads and forms of its steps; `actions`: approvals, signatures and their decisions. */
  TrackInstance: ['enrolment', 'assignees', 'status', 'content', 'actions', 'files', 'retention', 'transfer'],
  UserGroup: ['created', 'details', 'members', 'deleted'],
} as const satisfies Record<AuditChainKind, readonly string[]>;

export type AuditKind<K extends AuditChainKind = AuditChainKind> = (typeof AUDIT_KINDS)[K][number];

/** Every kind of every record, for the organisation page's filter. */
export const ALL_AUDIT_KINDS = [...new Set(Object.values(AUDIT_KINDS).flat())] as [string, ...string[]];

/** A before or after value is cut to this many characters. */
export const AUDIT_VALUE_MAX = 500;
/** Fields one entry lists (a profile save changes at most a couple of dozen). */
export const AUDIT_CHANGES_MAX = 40;
/** Entries one History page returns, at most (and its default). */
export const AUDIT_PAGE_MAX = 50;
export const AUDIT_PAGE_DEFAULT = 25;
/**
 * With a kind or author filter the page is read with a FilterExpression: at most this many
 * entries are read for one page; a page left short by it comes back with a cursor to read on.
 */
export const AUDIT_FILTER_READ_MAX = 200;
/** Rows one CSV export holds at most; larger exports are a background job (later). */
export const AUDIT_CSV_ROWS_MAX = 5_000;

/** One field of a change: a public value before and after, or only that a private one changed. */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.string().optional(),
  after: z.string().optional(),
  /** A private value (a comment's text, a date of birth ...) changed; its value is never recorded. */
  changed: z.boolean().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/**
 * One audit entry as the History and the organisation page show it. `actorId` is the user who
 * made the change, or `job:<jobId>` when a background job wrote it, with `onBehalfOf` the user
 * who started that job. `actorName` and `subject` are the names at the time of the change.
 * `sealed`: the stream's sealer has chained it (normally within seconds).
 */
export const auditEntrySchema = z.object({
  id: z.string(),
  chainKind: z.enum(AUDIT_CHAIN_KINDS),
  recordId: z.string(),
  at: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  onBehalfOf: z.string().optional(),
  action: z.string(),
  kind: z.string(),
  subject: z.string(),
  changes: z.array(auditChangeSchema),
  sealed: z.boolean(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** A page of entries, newest first; `cursor` reads the next (older) page, null at the end. */
export const auditPageSchema = z.object({ data: z.array(auditEntrySchema), cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
