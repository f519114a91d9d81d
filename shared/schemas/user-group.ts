import * as z from 'zod';
import { ID_MAX_LENGTH, idOf } from '../api/id-list';
import { NO_CONFERENCE_ID, phaseDescriptionSchema, phaseNameSchema } from './track';
import { personSchema } from './mentors';

/** Members of one interview group: a save replaces them in one transaction with the group (adds and removes, 100 items at most). */
export const USER_GROUP_MEMBERS_MAX = 40;
/** Groups on one track's Interviewer Groups tab: the tab and the generic lists read them in one bounded Query. */
export const USER_GROUPS_PER_TRACK_MAX = 50;

/** SPEC.md sections 5 and 8. */
export const NO_ASSIGNED_LOCATION = 'No assigned location';
export const NO_INTERVIEWERS_AVAILABLE = 'Sorry, no available users with Interviewer role for the current conference.';
export const deleteGroupQuestion = (group: string) => `Are you sure you want to delete the ${group} group? This action cannot be undone.`;

export const MEMBER_NEEDS_INTERVIEWER = 'Members must be active users with the Interviewer role.';
export const MEMBER_OUTSIDE_CONFERENCE = "Members must hold a location in the group's conference.";
export const GROUP_CONFERENCE_OF_TRACK = "The group's conference must be the track's conference.";
export const CHAIR_MUST_BE_MEMBER = 'The chair must be a member of the group.';
export const GROUPS_PER_TRACK_FULL = `A track holds at most ${USER_GROUPS_PER_TRACK_MAX} interview groups.`;

/**
 * A member row of Manage Interview Group: a row whose user id is empty is dropped (SPEC.md
 * section 5), so the id may be blank here; the server keeps the distinct non-empty ones.
 */
const memberRowSchema = z.object({ id: z.string().trim().max(ID_MAX_LENGTH, `At most ${ID_MAX_LENGTH} characters.`) });

/** Add / Manage Interview Group (SPEC.md sections 3 and 5): name, description, conference ('0': no assigned location) and members. */
export const userGroupInputSchema = z.object({
  name: phaseNameSchema,
  description: phaseDescriptionSchema.default(''),
  conferenceId: idOf('Conference is required.').default(NO_CONFERENCE_ID),
  users: z
    .array(memberRowSchema)
    .max(USER_GROUP_MEMBERS_MAX, `A group holds at most ${USER_GROUP_MEMBERS_MAX} interviewers.`)
    .default([])
    .transform((rows) => [...new Set(rows.map((row) => row.id).filter(Boolean))]),
  /** The member who opens and closes the group's committee votes (issue 26); '' for none. */
  chairId: z.string().trim().max(ID_MAX_LENGTH, `At most ${ID_MAX_LENGTH} characters.`).default(''),
})
  .refine((group) => !group.chairId || group.users.includes(group.chairId), { message: CHAIR_MUST_BE_MEMBER, path: ['chairId'] });
export type UserGroupInput = z.input<typeof userGroupInputSchema>;

export const userGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  trackTemplateId: z.string(),
  /** Absent: 'No assigned location'. */
  conference: z.object({ id: z.string(), name: z.string() }).nullable(),
  memberCount: z.number().int(),
  users: z.array(personSchema),
  /** Opens and closes the group's committee votes; null: none chosen. */
  chair: personSchema.nullable(),
  version: z.number().int(),
  /** Whether the caller may edit and delete it (the card's buttons). */
  canManage: z.boolean(),
});
export type UserGroupView = z.infer<typeof userGroupSchema>;
