import * as z from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';
import { limitSchema, pageOf } from './list-query';

/**
 * The profile's tabs beside Profile (SPEC.md section 2): Documents, User Assignments and Forms,
 * for users allowed to update User (and the user themselves). A user's documents, assignments
 * and forms are read up to PROFILE_TAB_MAX in one Query and paged from there; the count is exact up to it.
 */
export const PROFILE_TAB_MAX = 100;

const tabQuery = z.object({
  limit: limitSchema,
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).max(PROFILE_TAB_MAX - 1, `offset must be below ${PROFILE_TAB_MAX}`).default(0),
});

/** A row of User Assignments: the participant (name links to their profile), the track and the role held there. */
export const assignmentRowSchema = z.object({
  trackInstanceId: z.string(),
  trackTemplateId: z.string(),
  participantId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  trackName: z.string(),
  roleName: z.string(),
});
export type AssignmentRow = z.infer<typeof assignmentRowSchema>;

/** A row of Documents: a file submitted in a step (title, date, the step by its template's name, download by key). */
export const documentRowSchema = z.object({
  key: z.string(),
  name: z.string(),
  createdAt: z.string(),
  stepInstanceId: z.string(),
  stepName: z.string(),
});
export type DocumentRow = z.infer<typeof documentRowSchema>;

/**
 * A row of Forms: a form instance's summary, never its answers. The title links to the step
 * unless `stepInactive` (SPEC.md section 2: the step's template is inactive, or gone).
 */
export const formTabRowSchema = z.object({
  id: z.string(),
  stepInstanceId: z.string(),
  title: z.string(),
  trackName: z.string(),
  stepName: z.string(),
  phaseName: z.string(),
  submitted: z.boolean(),
  submittedAt: z.string().optional(),
  stepInactive: z.boolean(),
});
export type FormTabRow = z.infer<typeof formTabRowSchema>;

export const userTabContracts = {
  assignedUsers: defineContract({
    id: 'user.assignedUsers', service: 'user', method: 'GET', path: '/api/user/{id}/assigned-users', access: 'session', can: ['read', 'User'],
    summary: "User Assignments: the participants a user is assigned to (advisor, interviewer ...), with track and role; for the user and for callers who may update User where the user is.",
    params: z.object({ id: idSchema }),
    query: tabQuery,
    response: pageOf(assignmentRowSchema),
  }),
};

export const fileTabContracts = {
  associatedFiles: defineContract({
    id: 'file.associatedFiles', service: 'file', method: 'GET', path: '/api/file/{userId}/associated-files', access: 'session', readLog: 'documents', can: ['read', 'User'],
    summary:
      "Documents: the files a participant submitted in steps; private content only for the participant, superadmins and holders of one of its approved roles. For the user and for callers who may update User where the user is.",
    params: z.object({ userId: idSchema }),
    query: tabQuery,
    response: pageOf(documentRowSchema),
  }),
};

export const formTabContracts = {
  userForms: defineContract({
    id: 'form.userForms', service: 'form', method: 'GET', path: '/api/form/forms/{userId}', access: 'session', can: ['read', 'User'],
    summary:
      "Forms: a participant's form instances as summaries (title, track, step, phase, submitted at), never answers. For the user and for callers who may update User where the user is.",
    params: z.object({ userId: idSchema }),
    query: tabQuery,
    response: pageOf(formTabRowSchema),
  }),
};
