import { z } from 'zod';
import { idOf, idSchema } from '../api/id-list';
import { TRACK_DESCRIPTION_MAX, TRACK_NAME_MAX, stepHeaderSchema } from './track';

/** SPEC.md section 8. */
export const CONTENT_OR_ACTIONS_REQUIRED = 'Content or Actions are required';
export const APPROVED_ROLES_NEED_PRIVATE = 'Please provide private content with approved roles.';
export const PRIVATE_NEEDS_APPROVED_ROLES = 'Please provide approved roles to private content.';

/** Defaults (SPEC.md section 2): a participant completes content, an advisor signs or approves. */
export const DEFAULT_CONTENT_ROLE_ID = 'role-participant';
export const DEFAULT_ACTION_ROLE_ID = 'role-advisor';

/** Most contents, actions or prerequisites one step holds: a step and its parts are one transaction. */
export const STEP_PARTS_MAX = 20;
export const PREREQUISITES_MAX = 100;

const required = (label: string) => z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(TRACK_NAME_MAX, `${label} must be at most ${TRACK_NAME_MAX} characters.`);
const longText = (label: string) => z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(TRACK_DESCRIPTION_MAX, `${label} must be at most ${TRACK_DESCRIPTION_MAX} characters.`);
const roleIds = z.array(idSchema).max(STEP_PARTS_MAX, `At most ${STEP_PARTS_MAX} roles.`);

const contentBase = {
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
      upload: z.object({ name: required('Name'), multiple: z.boolean().default(false), type: z.enum(['Audio', 'Document', 'Image', 'Any']).default('Any'), instructions: longText('Instructions') }),
    }),
    z.object({ type: z.literal('Form'), ...contentBase, formId: idOf('Form is required.') }),
  ], { error: 'Content type must be Task, Upload or Form.' })
  .superRefine((content, ctx) => {
    if (content.isPrivate && content.approvedRoles.length === 0) ctx.addIssue({ code: 'custom', path: ['approvedRoles'], message: PRIVATE_NEEDS_APPROVED_ROLES });
    if (!content.isPrivate && content.approvedRoles.length > 0) ctx.addIssue({ code: 'custom', path: ['isPrivate'], message: APPROVED_ROLES_NEED_PRIVATE });
  });
export type ContentInput = z.infer<typeof contentInputSchema>;

/** A signature or an approval, by a role (Advisor by default). */
export const actionInputSchema = z.object({
  type: z.enum(['Signature', 'Approval'], 'Action type must be Signature or Approval.'),
  name: required('Name'),
  roleId: idOf('Role is required.').default(DEFAULT_ACTION_ROLE_ID),
});
export type ActionInput = z.infer<typeof actionInputSchema>;

/** Create step (SPEC.md section 5): a name, and at least one content or action. */
export const stepInputSchema = z
  .object({
    phaseId: idOf('Phase is required.'),
    name: required('Name'),
    required: z.boolean().default(false),
    inactive: z.boolean().default(false),
    contents: z.array(contentInputSchema).max(STEP_PARTS_MAX, `At most ${STEP_PARTS_MAX} contents.`).default([]),
    actions: z.array(actionInputSchema).max(STEP_PARTS_MAX, `At most ${STEP_PARTS_MAX} actions.`).default([]),
  })
  .refine((step) => step.contents.length + step.actions.length > 0, { path: ['contents'], message: CONTENT_OR_ACTIONS_REQUIRED });
export type StepInput = z.infer<typeof stepInputSchema>;

export const prerequisitesInputSchema = z.object({
  prerequisites: z.array(idSchema).max(PREREQUISITES_MAX, `At most ${PREREQUISITES_MAX} prerequisites.`),
});

const contentViewSchema = z.object({
  id: z.string(),
  type: z.enum(['Task', 'Upload', 'Form']),
  name: z.string(),
  roleId: z.string(),
  isPrivate: z.boolean(),
  approvedRoles: z.array(z.string()),
  task: z.object({ name: z.string(), description: z.string() }).nullable(),
  upload: z.object({ name: z.string(), multiple: z.boolean(), type: z.string(), instructions: z.string() }).nullable(),
  formId: z.string().nullable(),
});

/** A step with its contents and actions (the step page's one Query). */
export const stepDetailSchema = stepHeaderSchema.extend({
  trackTemplateId: z.string(),
  contents: z.array(contentViewSchema),
  actions: z.array(z.object({ id: z.string(), type: z.enum(['Signature', 'Approval']), name: z.string(), roleId: z.string() })),
});
export type StepDetail = z.infer<typeof stepDetailSchema>;
