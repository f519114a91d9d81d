import * as z from 'zod';

/** A person as a search or a mentor list shows them. */
export const personSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });
export type PersonView = z.infer<typeof personSchema>;

/** Mentor assignment: mentor, mentee, createdAt (SPEC.md section 3), as seen from one side: the partner. */
export const mentorLinkSchema = z.object({ user: personSchema, createdAt: z.string() });
export type MentorLinkView = z.infer<typeof mentorLinkSchema>;

/** SPEC.md section 8: the warning of every unassignment of mentors or mentees. */
export const UNASSIGN_WARNING = 'This action will unassign mentors and/or mentees from this user!';
/** SPEC.md section 5: Add Mentor without a choice: the select's rule, under it ... */
export const NO_USER_SELECTED = 'No user selected';
/** ... and the dialog's message. */
export const MENTOR_REQUIRED = 'Please select a Mentor to continue.';

export const MENTOR_SELF = 'A user cannot be their own mentor.';
export const MENTOR_ALREADY = 'This mentor is already assigned to this user.';
export const MENTOR_NEEDS_ROLE = 'Only users with the Mentor role can be mentors.';
export const MENTOR_INACTIVE = 'Inactive users cannot be mentors or mentees.';

/** What a people search is for: each has its limit (SPEC.md section 9) and, for some, the role the people hold. */
export const PEOPLE_SEARCH_PURPOSES = ['user', 'advisor', 'interviewer', 'merge', 'mentor', 'roleAssignment'] as const;
export type PeopleSearchPurpose = (typeof PEOPLE_SEARCH_PURPOSES)[number];
