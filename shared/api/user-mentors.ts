import * as z from 'zod';
import { defineContract } from './contract';
import { idArray, idListParam, idSchema } from './id-list';
import { searchTextSchema } from './list-query';
import { mentorLinkSchema, PEOPLE_SEARCH_PURPOSES, personSchema } from '../schemas/mentors';

const userParams = z.object({ userId: idSchema });
const removed = z.object({ removed: z.number().int() });

/** People search and mentor links (SPEC.md sections 3 to 7); shared/api/user.ts adds these to userApi. */
export const userMentorContracts = {
  peopleSearch: defineContract({
    id: 'user.peopleSearch', service: 'user', method: 'GET', path: '/api/user/people-search', access: 'session', can: ['read', 'User'], rateLimit: 'search',
    summary:
      "People search (SPEC.md section 5): active users the caller can see whose name, first or last name starts with `text` (word prefixes), nothing before text is typed; `purpose` sets SPEC.md section 9's limit (user 15, advisor 15, interviewer 15, merge 100, mentor 15, role assignment 20) and the role held (advisor, interviewer, mentor; role assignment names `roleId`); `exclude` leaves out people already chosen; `conferenceId` keeps people placed in that conference (Manage Interview Group's members).",
    query: z.object({
      text: searchTextSchema.optional(),
      purpose: z.enum(PEOPLE_SEARCH_PURPOSES, 'Unknown search purpose.').optional(),
      roleId: idSchema.optional(),
      exclude: idListParam.optional(),
      conferenceId: idSchema.optional(),
    }),
    response: z.array(personSchema),
  }),
  mentors: defineContract({
    id: 'user.mentors', service: 'user', method: 'GET', path: '/api/user/{userId}/mentors', access: 'session', can: ['read', 'User'],
    summary: "A user's mentors (one Query of the mentee's partition), by name; one's own need read on MentorAssignment, someone else's read where they are.",
    params: userParams,
    response: z.array(mentorLinkSchema),
  }),
  mentees: defineContract({
    id: 'user.mentees', service: 'user', method: 'GET', path: '/api/user/{userId}/mentees', access: 'session', can: ['read', 'User'],
    summary: "A mentor's mentees (one Query of the byMentor index), by name.",
    params: userParams,
    response: z.array(mentorLinkSchema),
  }),
  mentorOptions: defineContract({
    id: 'user.mentorOptions', service: 'user', method: 'POST', path: '/api/user/get-mentor-options', access: 'session', can: ['read', 'MentorAssignment'],
    summary: "Add Mentor's options: people holding Mentor whose name starts with `mentorSearch`, less the mentee and their mentors (limit 15).",
    body: z.object({ userId: idSchema, mentorSearch: searchTextSchema.optional() }),
    response: z.array(personSchema),
  }),
  assignMentor: defineContract({
    id: 'user.assignMentor', service: 'user', method: 'POST', path: '/api/user/{userId}/assign', access: 'session', can: ['create', 'MentorAssignment'],
    summary: "Links a mentor to the user (SPEC.md section 6): the user's administrators, or a Mentor assigning themself (not the mentee, not already assigned, sharing an active location). 'No user selected' without a mentor.",
    params: userParams,
    body: z.object({ mentorId: z.string({ error: 'No user selected' }).trim().min(1, 'No user selected').max(64, 'At most 64 characters.') }),
    response: mentorLinkSchema,
    status: 201,
  }),
  unassignMentors: defineContract({
    id: 'user.unassignMentors', service: 'user', method: 'DELETE', path: '/api/user/{userId}/unassign-mentors-from-user', access: 'session', can: ['delete', 'MentorAssignment'],
    summary: "Ends the user's links to these mentors (delete MentorAssignment where the user is).",
    params: userParams,
    body: z.object({ mentorIds: idArray('Select at least one mentor.') }),
    response: removed,
  }),
  unassignMentees: defineContract({
    id: 'user.unassignMentees', service: 'user', method: 'DELETE', path: '/api/user/{userId}/unassign-mentees-from-user', access: 'session', can: ['delete', 'MentorAssignment'],
    summary: "Ends the mentor's links to these mentees (delete MentorAssignment where each mentee is; one refused refuses all).",
    params: userParams,
    body: z.object({ menteeIds: idArray('Select at least one mentee.') }),
    response: removed,
  }),
  removeMentees: defineContract({
    id: 'user.removeMentees', service: 'user', method: 'DELETE', path: '/api/user/mentor-assignments/remove-mentees', access: 'session', can: ['delete', 'MentorAssignment'],
    summary: 'The same as unassign-mentees-from-user, with the mentor in the body (SPEC.md section 7).',
    body: z.object({ mentorId: idSchema, menteeIds: idArray('Select at least one mentee.') }),
    response: removed,
  }),
};
