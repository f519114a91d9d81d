import * as z from 'zod';
import { idSchema } from '../api/id-list';
import { fileKeySchema, uploadFileViewSchema } from '../files/stored-files';
import { STEP_STATUSES } from '../tracks/statuses';
import { SELECTABLE_STEP_STATUSES } from '../tracks/step-status';
import { ACTION_TYPES, CONTENT_TYPES, UPLOAD_TYPES, stepAttachmentViewSchema } from './step';
import { committeeVoteViewSchema } from './committee-vote';

/**
 * The step page (`GET step/step-instance/{id}`, SPEC.md sections 2 to 6) and the writes on it.
 * Private content the caller may not view comes with `hidden` and the SPEC's message only:
 * none of its data is in the answer.
 */
export const STEP_UPLOAD_FILES_MAX = 20;

const personSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const contentInstanceViewSchema = z.object({
  id: z.string(),
  contentTemplateId: z.string(),
  version: z.number().int(),
  type: z.enum(CONTENT_TYPES),
  name: z.string(),
  /** The role that completes it (SPEC's "Completed by"): 'Currently in progress by {role}' for the others. */
  roleName: z.string(),
  isPrivate: z.boolean(),
  /** Private and not for this viewer: only the message, no data. */
  hidden: z.boolean(),
  /** Whether the caller is responsible for it and the step is open for work. */
  canChange: z.boolean(),
  /** Task completed, upload or form submitted. */
  done: z.boolean(),
  task: z.object({ name: z.string(), description: z.string(), completed: z.boolean(), completedAt: z.string().optional() }).optional(),
  upload: z
    .object({
      name: z.string(), multiple: z.boolean(), type: z.enum(UPLOAD_TYPES), instructions: z.string(),
      submitted: z.boolean(), submittedAt: z.string().optional(), files: z.array(uploadFileViewSchema),
    })
    .optional(),
  form: z.object({ formInstanceId: z.string(), formId: z.string(), formVersion: z.number().int(), version: z.number().int(), submitted: z.boolean(), submittedAt: z.string().optional() }).optional(),
});
export type ContentInstanceView = z.infer<typeof contentInstanceViewSchema>;

export const actionInstanceViewSchema = z.object({
  id: z.string(),
  actionTemplateId: z.string(),
  version: z.number().int(),
  type: z.enum(ACTION_TYPES),
  name: z.string(),
  roleName: z.string(),
  /** SPEC's approved: null pending, true approved, false denied. */
  approved: z.boolean().nullable(),
  user: personSchema.nullable(),
  updatedAt: z.string().optional(),
  /**
   * The caller is responsible for it (an assignee holding its role, or an override), it is pending
   * and the step is open. The page's `contentDone` says whether it can be decided yet.
   */
  canDecide: z.boolean(),
  /** A committee vote as the caller may see it (shared/schemas/committee-vote.ts); null for other actions and for the participant. */
  vote: committeeVoteViewSchema.nullable(),
});
export type ActionInstanceView = z.infer<typeof actionInstanceViewSchema>;

export const stepInstancePageSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.enum(STEP_STATUSES),
  dueAt: z.string().optional(),
  stepTemplateId: z.string(),
  trackInstanceId: z.string(),
  trackTemplateId: z.string(),
  trackName: z.string(),
  name: z.string(),
  /** Sanitised when the step was saved. */
  description: z.string(),
  attachments: z.array(stepAttachmentViewSchema),
  /** The status selector: the participant's advisor or a track-override role, never the participant. */
  canChangeStatus: z.boolean(),
  /** Every content item done: actions may be decided. */
  contentDone: z.boolean(),
  contents: z.array(contentInstanceViewSchema),
  actions: z.array(actionInstanceViewSchema),
});
export type StepInstancePage = z.infer<typeof stepInstancePageSchema>;

const version = z.number({ error: 'version is required' }).int().min(1);

/** `PATCH step/instance/content/{id}`: the content instance's version read, and the change by its type. */
export const contentChangeSchema = z.discriminatedUnion(
  'instanceType',
  [
    z.object({ instanceType: z.literal('Task'), version, completed: z.boolean({ error: 'completed is required' }) }),
    z.object({
      instanceType: z.literal('Upload'),
      version,
      addFiles: z.array(z.object({ key: fileKeySchema })).min(1).max(STEP_UPLOAD_FILES_MAX, `At most ${STEP_UPLOAD_FILES_MAX} files.`).optional(),
      removeFileId: idSchema.optional(),
      submitted: z.boolean().optional(),
    }).refine((c) => [c.addFiles, c.removeFileId, c.submitted].filter((x) => x !== undefined).length === 1, { message: 'Give one of addFiles, removeFileId or submitted.', path: ['submitted'] }),
    z.object({ instanceType: z.literal('Form'), version, submitted: z.boolean({ error: 'submitted is required' }) }),
  ],
  { error: 'instanceType must be Task, Upload or Form.' },
);
export type ContentChange = z.infer<typeof contentChangeSchema>;

export const versionBodySchema = z.object({ version });
export const selectableStatusSchema = z.enum(SELECTABLE_STEP_STATUSES, 'Status must be Ready, PendingReview or Completed.');
export const approvedParamSchema = z.enum(['true', 'false'], 'approved must be true or false.').transform((v) => v === 'true');
