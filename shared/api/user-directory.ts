import * as z from 'zod';
import { defineContract } from './contract';
import { booleanText, limitSchema, offsetSchema, orderBySchema, pageOf, searchTextSchema, tableOptionText, whereSchema } from './list-query';
import { idSchema } from './id-list';
import { AUTOCOMPLETE_LIMITS } from './limits';

/** The Advisors admin tab (SPEC.md section 2): users holding the Advisor role in the caller's scope. */
export const advisorRowSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });

/** Status of SPEC.md section 3 (the users table's filter and column). */
export const USER_STATUSES = ['Active', 'Inactive'] as const;

const namedRef = z.object({ id: z.string(), name: z.string() });

/** A row of the users table (SPEC.md section 2): name, email, roles, status, conference, district, created-at. */
export const userRowSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  roles: z.array(namedRef),
  conferences: z.array(namedRef),
  districts: z.array(namedRef),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;

/** The users table's filters and sorts (also the generic user set's conditions, shared/api/user-generic.ts). */
export const usersWhereSchema = whereSchema({
  name: searchTextSchema.optional(),
  roleId: idSchema.optional(),
  status: z.enum(USER_STATUSES, 'Status must be Active or Inactive').optional(),
  conferenceId: idSchema.optional(),
  districtId: idSchema.optional(),
});
export const usersOrderBySchema = orderBySchema(['name', 'email', 'createdAt'] as const);

/** The user service's directory routes; shared/api/user.ts adds them to userApi. */
export const userDirectoryContracts = {
  advisors: defineContract({
    id: 'user.advisors', service: 'user', method: 'GET', path: '/api/user/advisors', access: 'session', can: ['read', 'User'],
    summary: 'A page of the advisors the caller can see, by last name, searched by word prefixes of name and email, with the total.',
    query: z.object({ limit: limitSchema, offset: offsetSchema, orderBy: orderBySchema(['lastName'] as const), where: whereSchema({ name: searchTextSchema.optional() }) }),
    response: pageOf(advisorRowSchema),
  }),
  quickSearch: defineContract({
    id: 'user.quickSearch', service: 'user', method: 'GET', path: '/api/user/quickSearch', access: 'session', can: ['read', 'User'], rateLimit: 'search',
    summary:
      'The users table: a page of the users the caller can see with the total, sorted by name, email or creation time, filtered by role, status, conference or district, or searched by word prefixes of name and email (designed lists: the same reads at any size).',
    query: z.object({
      limit: limitSchema,
      offset: offsetSchema,
      orderBy: usersOrderBySchema,
      where: usersWhereSchema,
      tableName: tableOptionText.optional(),
      isQuickSearch: booleanText.optional(),
    }),
    response: pageOf(userRowSchema),
  }),
  activeInterviewers: defineContract({
    id: 'user.activeInterviewers', service: 'user', method: 'GET', path: '/api/user/active-interviewers', access: 'session', can: ['read', 'User'],
    summary: `The first ${AUTOCOMPLETE_LIMITS.interviewer} active users holding the Interviewer role whom the caller can see, by name (the users table's role and status lists).`,
    response: z.array(userRowSchema),
  }),
};
