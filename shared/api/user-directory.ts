import { z } from 'zod';
import { defineContract } from './contract';
import { limitSchema, offsetSchema, orderBySchema, pageOf, searchTextSchema, whereSchema } from './list-query';

/** The Advisors admin tab (SPEC.md section 2): users holding the Advisor role in the caller's scope. */
export const advisorRowSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });

/** The user service's directory routes; shared/api/user.ts adds them to userApi. */
export const userDirectoryContracts = {
  advisors: defineContract({
    id: 'user.advisors', service: 'user', method: 'GET', path: '/api/user/advisors', access: 'session', can: ['read', 'User'],
    summary: 'A page of the advisors the caller can see, by last name, searched by word prefixes of name and email, with the total.',
    query: z.object({ limit: limitSchema, offset: offsetSchema, orderBy: orderBySchema(['lastName'] as const), where: whereSchema({ name: searchTextSchema.optional() }) }),
    response: pageOf(advisorRowSchema),
  }),
};
