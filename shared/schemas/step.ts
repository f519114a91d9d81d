import * as z from 'zod';
import { idOf, idSchema } from '../api/id-list';
import { STEP_ATTACHMENTS_MAX, STEP_PARTS_MAX } from '../api/limits';
import { fileKeySchema } from '../files/stored-files';
import { TRACK_DESCRIPTION_MAX, TRACK_NAME_MAX, stepHeaderSchema } from './track';
import { COMMITTEE_VOTE, committeeVoteRuleSchema, VOTE_RULE_ONLY_FOR_VOTES, VOTE_RULE_REQUIRED } from './committee-vote';

/** SPEC.md section 8. */
export const CONTENT_OR_ACTIONS_REQUIRED = 'Content or Actions are required';
export const APPROVED_ROLES_NEED_PRIVATE = 'Please provide private content with approved roles.';
export const PRIVATE_NEEDS_APPROVED_ROLES = 'Please provide approved roles to private content.';

/** Defaults (SPEC.md section 2): a participant completes content, an advisor signs or approves. */
export const DEFAULT_CONTENT_ROLE_ID = 'role-participant';
export const DEFAULT_ACTION_ROLE_ID = 'role-advisor';

/** Most prerequisites one step names (its contents and actions together: STEP_PARTS_MAX, one transaction with the step). */
export const PREREQUISITES_MAX = 100;
/** A step's description (rich text, as its editor writes it). */
export const STEP_DESCRIPTION_MAX = 20_000;
export const STEP_PARTS_MESSAGE = `A step holds at most ${STEP_PARTS_MAX} contents and actions together.`;
export const UPLOAD_TYPES = ['Audio', 'Document', 'Image', 'Any'] as const;
export const CONTENT_TYPES = ['Task', 'Upload', 'Form'] as const;
export const ACTION_TYPES = ['Signature', 'Approval', 'Committee Vote'] as const;

const required = (label: string) => z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(TRACK_NAME_MAX, `${label} must be at most ${TRACK_NAME_MAX} characters.`);
const longText = (label: string) => z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(TRACK_DESCRIPTION_MAX, `${label} must be at most ${TRACK_DESCRIPTION_MAX} characters.`);
const roleIds = z.array(idSchema).max(STEP_PARTS_MAX, `At most ${STEP_PARTS_MAX} roles.`);

const contentBase = {
  /** An existing content of the step being edited (kept, so its instances stay linked); none for a new one. */
  id: idSchema.optional(),
  name: required('Name'),
  roleId: idOf('Completed by is required.').default(DEFAULT_CONTENT_ROLE_ID),
  isPrivate: z.boolean().default(false),
  approvedRoles: roleIds.default([]),
};

/** A step's content (SPEC.md section 5): a task, an upload or a form, each completed by a role. */
export const contentInputSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('Task'), ...contentBase, task: z.object({ name: required('Task name'), description: longText('Task description') }) }),
    z.object({
      type: z.literal('Upload'),
      ...contentBase,
      upload: z.object({ name: required('Name'), multiple: z.boolean().default(false), type: z.enum(UPLOAD_TYPES, 'Upload type must be Audio, Document, Image or Any.').default('Any'), instructions: longText('Instructions') }),
    }),
    z.object({ type: z.literal('Form'), ...contentBase, formId: idOf('Form is required.') }),
  ], { error: 'Content type must be Task, Upload or Form.' })
  .superRefine((content, ctx) => {
    if (content.isPrivate && content.approvedRoles.length === 0) ctx.addIssue({ code: 'custom', path: ['approvedRoles'], message: PRIVATE_NEEDS_APPROVED_ROLES });
    if (!content.isPrivate && content.approvedRoles.length > 0) ctx.addIssue({ code: 'custom', path: ['isPrivate'], message: APPROVED_ROLES_NEED_PRIVATE });
  });
export type ContentInput = z.infer<typeof contentInputSchema>;

/**
 * A signature or an approval, by a role (Advisor by default), or a committee vote of one of the
 * track's interview groups (shared/schemas/committee-vote.ts: its rule; the role names who sees it awaited).
 */
export const actionInputSchema = z
  .object({
    /** An existing action of the step being edited; none for a new one. */
    id: idSchema.optional(),
    type: z.enum(ACTION_TYPES, 'Action type must be Signature, Approval or Committee Vote.'),
    name: required('Name'),
    roleId: idOf('Role is required.').default(DEFAULT_ACTION_ROLE_ID),
    vote: committeeVoteRuleSchema.nullish(),
  })
  .superRefine((action, ctx) => {
    if (action.type === COMMITTEE_VOTE && !action.vote) ctx.addIssue({ code: 'custom', path: ['vote'], message: VOTE_RULE_REQUIRED });
    if (action.type !== COMMITTEE_VOTE && action.vote) ctx.addIssue({ code: 'custom', path: ['vote'], message: VOTE_RULE_ONLY_FOR_VOTES });
  });
export type ActionInput = z.infer<typeof actionInputSchema>;

export const STEP_ATTACHMENTS_MESSAGE = `A step holds at most ${STEP_ATTACHMENTS_MAX} attachments.`;

/**
 * A step's attachments as the editor sends them: keys only (name, size and type are the
 * stored file's). A new key must be a file the caller uploaded and confirmed for the step's
 * phase; the server refuses any other.
 */
const attachmentsInput = z
  .array(z.object({ key: fileKeySchema }))
  .max(STEP_ATTACHMENTS_MAX, STEP_ATTACHMENTS_MESSAGE)
  .refine((files) => new Set(files.map((file) => file.key)).size === files.length, 'A file is attached once.')
  .default([]);

/** A step's due period: days after it becomes Ready (shared/tracks/due-date.ts); none, no due date. */
export const STEP_DUE_DAYS_MAX = 365;
export const STEP_DUE_DAYS_MESSAGE = `Due in days must be a whole number from 1 to ${STEP_DUE_DAYS_MAX}.`;
const dueDaysInput = z.number({ error: STEP_DUE_DAYS_MESSAGE }).int(STEP_DUE_DAYS_MESSAGE).min(1, STEP_DUE_DAYS_MESSAGE).max(STEP_DUE_DAYS_MAX, STEP_DUE_DAYS_MESSAGE).nullable().default(null);

const stepFields = z.object({
  name: required('Name'),
  /** Rich text; the server sanitises it before it is stored. */
  description: z.string().trim().max(STEP_DESCRIPTION_MAX, `Description must be at most ${STEP_DESCRIPTION_MAX} characters.`).default(''),
  required: z.boolean().default(false),
  inactive: z.boolean().default(false),
  dueDays: dueDaysInput,
  contents: z.array(contentInputSchema).max(STEP_PARTS_MAX, `At most ${STEP_PARTS_MAX} contents.`).default([]),
  actions: z.array(actionInputSchema).max(STEP_PARTS_MAX, `At most ${STEP_PARTS_MAX} actions.`).default([]),
  attachments: attachmentsInput,
});

/** SPEC.md section 5: at least one content or action; all of them fit the step's one transaction. */
function stepRules(step: { contents: unknown[]; actions: unknown[] }, ctx: z.RefinementCtx) {
  const parts = step.contents.length + step.actions.length;
  if (parts === 0) ctx.addIssue({ code: 'custom', path: ['contents'], message: CONTENT_OR_ACTIONS_REQUIRED });
  if (parts > STEP_PARTS_MAX) ctx.addIssue({ code: 'custom', path: ['contents'], message: STEP_PARTS_MESSAGE });
}

/** The step page's form: the same rules the server applies. */
export const stepFormSchema = stepFields.superRefine(stepRules);
export type StepFormInput = z.input<typeof stepFormSchema>;
export type StepFormValues = z.output<typeof stepFormSchema>;

/** Create step: the step's fields and the phase it joins. */
export const stepInputSchema = stepFields.extend({ phaseId: idOf('Phase is required.') }).superRefine(stepRules);
export type StepInput = z.infer<typeof stepInputSchema>;

/** Edit step: the fields on the version the client read; contents and actions are replaced (those named by id kept). */
const stepVersion = { version: z.number({ error: 'version is required' }).int().min(1) };
export const stepUpdateSchema = stepFields.extend({ id: idSchema, ...stepVersion }).superRefine(stepRules);
export type StepUpdate = z.infer<typeof stepUpdateSchema>;
/** The same edit when the step is named in the path (PATCH /step/{id}). */
export const stepEditSchema = stepFields.extend(stepVersion).superRefine(stepRules);

export const prerequisitesInputSchema = z.object({
  prerequisites: z.array(idSchema).max(PREREQUISITES_MAX, `At most ${PREREQUISITES_MAX} prerequisites.`),
});

export const contentViewSchema = z.object({
  id: z.string(),
  stepTemplateId: z.string(),
  type: z.enum(CONTENT_TYPES),
  name: z.string(),
  roleId: z.string(),
  isPrivate: z.boolean(),
  approvedRoles: z.array(z.string()),
  task: z.object({ name: z.string(), description: z.string() }).nullable(),
  upload: z.object({ name: z.string(), multiple: z.boolean(), type: z.enum(UPLOAD_TYPES), instructions: z.string() }).nullable(),
  formId: z.string().nullable(),
});
export type ContentView = z.infer<typeof contentViewSchema>;

export const actionViewSchema = z.object({ id: z.string(), stepTemplateId: z.string(), type: z.enum(ACTION_TYPES), name: z.string(), roleId: z.string(), vote: committeeVoteRuleSchema.nullable() });
export type ActionView = z.infer<typeof actionViewSchema>;

/** A task or an upload of a content, by the content's id (`step-task-template(s)`, `step-upload-template(s)`). */
export const taskViewSchema = z.object({ id: z.string(), stepTemplateId: z.string(), name: z.string(), description: z.string() });
export const uploadViewSchema = z.object({ id: z.string(), stepTemplateId: z.string(), name: z.string(), multiple: z.boolean(), type: z.enum(UPLOAD_TYPES), instructions: z.string() });
export type TaskView = z.infer<typeof taskViewSchema>;
export type UploadView = z.infer<typeof uploadViewSchema>;

/** An attached file as the step shows it; its link comes from the step's attachment route (readers only). */
export const stepAttachmentViewSchema = z.object({ key: z.string(), name: z.string(), size: z.number().int(), contentType: z.string() });
export type StepAttachmentView = z.infer<typeof stepAttachmentViewSchema>;

/** A step with its contents, actions and attachments (the step page's one Query). */
export const stepDetailSchema = stepHeaderSchema.extend({
  trackTemplateId: z.string(),
  description: z.string(),
  /** Days after the step becomes Ready until it is late; null: no due date. */
  dueDays: z.number().int().nullable(),
  contents: z.array(contentViewSchema),
  actions: z.array(actionViewSchema),
  attachments: z.array(stepAttachmentViewSchema),
});
export type StepDetail = z.infer<typeof stepDetailSchema>;
