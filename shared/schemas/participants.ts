import * as z from 'zod';
import { TRACK_INSTANCE_STATUSES } from '../tracks/statuses';
import { idArray, idOf, idSchema } from '../api/id-list';
import { searchTextSchema } from '../api/list-query';
import { PAGE_SIZES } from '../api/limits';

/** The roles a track instance is assigned to people in (SPEC.md section 3: assignees, 'Advisors / Interviewers'). */
export const ASSIGNEE_ROLE_IDS = { Advisor: 'role-advisor', Interviewer: 'role-interviewer' } as const;
export const ASSIGNEE_ROLE_ID_LIST = Object.values(ASSIGNEE_ROLE_IDS);

/** Most people one instance has in one role: Manage Participant's rows (a handful in practice), bounding every assignment write. */
export const ASSIGNEES_PER_ROLE_MAX = 10;
/** Instances one removeAdvisorFromInstances call touches: three items each (the instance, the assignee, the audit entry) in one transaction. */
export const REMOVE_ADVISOR_INSTANCES_MAX = 25;

/** A person named on a participants row (advisors, interviewers). */
export const assigneeRefSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
export type AssigneeRef = z.infer<typeof assigneeRefSchema>;

/** One row of /tracks/{id}/participants (SPEC.md section 2): the instance, its participant, assignees and assigned date. */
export const participantRowSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.enum(TRACK_INSTANCE_STATUSES),
  participant: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  advisors: z.array(assigneeRefSchema),
  interviewers: z.array(assigneeRefSchema),
  /** The enrolment's date (ISO); the table shows it as a UTC string. */
  createdAt: z.string(),
});
export type ParticipantRow = z.infer<typeof participantRowSchema>;

/**
 * A page of the table. `count` is exact up to the page, plus one while more rows exist (the pager
 * offers a next page exactly when there is one). `partial`: a search no key serves (a first name
 * or email together with another text filter; the overdue filter) looked at its bounded number of
 * rows without filling the page (docs/data-model.md, participants table).
 */
export const participantPageSchema = z.object({ data: z.array(participantRowSchema), count: z.number().int(), partial: z.boolean() });
export type ParticipantPage = z.infer<typeof participantPageSchema>;

/** The table's filters: status, and prefixes of first name, last name and email (case-insensitive). */
export const participantFilterSchema = z.strictObject(
  {
    status: z.enum(TRACK_INSTANCE_STATUSES, `status is one of ${TRACK_INSTANCE_STATUSES.join(', ')}`).optional(),
    firstName: searchTextSchema.optional(),
    lastName: searchTextSchema.optional(),
    email: searchTextSchema.optional(),
    /** Only enrolments with an Overdue step (the escalation digest's "and N more" link). */
    overdue: z.literal(true, 'overdue is true or left out').optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'where accepts status, firstName, lastName, email, overdue' : undefined) },
);
export type ParticipantFilter = z.infer<typeof participantFilterSchema>;

const roleIdSchema = z.enum(ASSIGNEE_ROLE_ID_LIST, 'Assign people as Advisor or Interviewer.');
const assigneeIds = idArray('Choose at least one person.').max(ASSIGNEES_PER_ROLE_MAX, `At most ${ASSIGNEES_PER_ROLE_MAX} people in one role.`);
/** The instance version the client read: a change made since then is refused (409) rather than overwritten. */
const instanceVersion = z.number({ error: 'version is required' }).int().min(1);

/** POST track/assign: adds people to an instance in one role (those already there stay). */
export const assignBodySchema = z.object({ trackInstanceId: idSchema, assigneeIds, roleId: roleIdSchema, version: instanceVersion.optional() });
/** PATCH track/reassign: the role's people become exactly this list (Manage Participant's save; empty removes all). */
export const reassignBodySchema = z.object({
  trackInstanceId: idSchema,
  roleId: roleIdSchema,
  assigneeIds: z.array(idSchema).max(ASSIGNEES_PER_ROLE_MAX, `At most ${ASSIGNEES_PER_ROLE_MAX} people in one role.`),
  version: instanceVersion,
});
/** DELETE track/{id}/unassign: takes people off the instance in one role. */
export const unassignBodySchema = z.object({ assigneeIds, roleId: roleIdSchema, version: instanceVersion.optional() });
/** DELETE track/removeAdvisorFromInstances: one advisor off several instances. */
export const removeAdvisorBodySchema = z.object({
  advisorId: idSchema,
  trackInstanceIds: idArray('Choose at least one participant.').max(REMOVE_ADVISOR_INSTANCES_MAX, `At most ${REMOVE_ADVISOR_INSTANCES_MAX} participants at once.`),
});

/** An instance's assignees after a change, or as track-assignees/{ids} lists them. */
export const instanceAssigneesSchema = z.object({
  trackInstanceId: z.string(),
  version: z.number().int(),
  /** The instance's status on that version (Manage Participant's status selector starts from it). */
  status: z.enum(TRACK_INSTANCE_STATUSES),
  assignees: z.array(assigneeRefSchema.extend({ roleId: z.string(), roleName: z.string() })),
});
export type InstanceAssignees = z.infer<typeof instanceAssigneesSchema>;

/** SPEC.md section 8: Manage Participant's Cancel. */
export const CANCEL_ASSIGNING_MESSAGE = 'Are you sure you want to cancel assigning participants to an advisor? All your progress will be lost and this cannot be undone.';
export const NO_PARTICIPANTS_MESSAGE = 'No participants enrolled in track.';
/** A page answered `partial` (a search stopped at its bound before the page was full; not a SPEC message). */
export const PARTIAL_PARTICIPANTS_MESSAGE =
  'This page may be missing participants: the search stopped after 1,000 participants. Narrow the filters to see them all.';

/** Enrolments one bulk action takes: the rows selected on one page of the table (SPEC.md section 9: pages of at most 50). */
export const PARTICIPANT_BULK_MAX = Math.max(...PAGE_SIZES);
/** Each selected row with the version the table showed: a row changed since is reported stale, never overwritten. */
const bulkRows = z
  .array(z.object({ id: idSchema, version: z.number({ error: 'version is required' }).int().min(1) }), 'Choose at least one participant.')
  .min(1, 'Choose at least one participant.')
  .max(PARTICIPANT_BULK_MAX, `At most ${PARTICIPANT_BULK_MAX} participants at once.`);

/**
 * POST track/{trackTemplateId}/instances/bulk: the participants table's Actions on the selected
 * rows, run by a background job on the server (each row checked and written on its own).
 */
export const participantBulkBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('setStatus'), rows: bulkRows, status: z.enum(TRACK_INSTANCE_STATUSES, `status is one of ${TRACK_INSTANCE_STATUSES.join(', ')}`) }),
    z.object({ action: z.literal('assignAdvisor'), rows: bulkRows, advisorId: idOf('Advisor is required') }),
    z.object({ action: z.literal('remove'), rows: bulkRows }),
  ],
  { error: 'action is one of setStatus, assignAdvisor, remove' },
);
export type ParticipantBulkBody = z.infer<typeof participantBulkBodySchema>;
export type ParticipantBulkAction = ParticipantBulkBody['action'];

/** A row changed since the table showed it: the bulk action leaves it as it is (409 per row). */
export const BULK_ROW_STALE_MESSAGE = 'Changed by someone else since the table was loaded: not changed. Reload and try again.';

/** The bulk job's result: how many enrolments are as asked (changed, or already so), and each refused one with why (`stale`: changed since shown). */
export const participantBulkResultSchema = z.object({
  succeeded: z.number().int(),
  failed: z.array(z.object({ trackInstanceId: z.string(), message: z.string(), stale: z.boolean().optional() })),
});
export type ParticipantBulkResult = z.infer<typeof participantBulkResultSchema>;
