import * as z from 'zod';
import { defineContract } from './contract';
import { idSchema } from './id-list';
import { searchTextSchema } from './list-query';
import { aliasSchema, aliasTextSchema, tagNameSchema, tagSchema } from '../schemas/user-labels';

/**
 * A user's tags and aliases (SPEC.md sections 3, 5 and 7); shared/api/user.ts adds these to
 * userApi. Changing them needs update and create on User where the user is (SPEC.md
 * section 6), so nobody labels themselves without an administering role.
 */
export const userLabelContracts = {
  searchTags: defineContract({
    id: 'user.searchTags', service: 'user', method: 'GET', path: '/api/user/tag', access: 'session', can: ['update', 'User'], rateLimit: 'search',
    summary: 'Tag search for Add Tag: the first tags (TAG_SEARCH_LIMIT) whose name starts with `searchTerm`, by name (tags are one list for the whole organisation, like their names).',
    query: z.object({ searchTerm: searchTextSchema.optional() }),
    response: z.array(tagSchema),
  }),
  userTags: defineContract({
    id: 'user.userTags', service: 'user', method: 'GET', path: '/api/user/{id}/tag', access: 'session', can: ['read', 'User'],
    summary: "The tags on a user the caller can see, by name.",
    params: z.object({ id: idSchema }),
    response: z.array(tagSchema),
  }),
  addTag: defineContract({
    id: 'user.addTag', service: 'user', method: 'POST', path: '/api/user/{id}/tag', access: 'session', can: ['update', 'User'],
    summary: 'Puts a tag on a user by name: the existing tag of that name (names compare without case and extra spaces), else a new one whose name is claimed in the same transaction. Returns the tag.',
    params: z.object({ id: idSchema }),
    body: z.object({ name: tagNameSchema }),
    response: tagSchema,
    status: 201,
  }),
  addExistingTag: defineContract({
    id: 'user.addExistingTag', service: 'user', method: 'POST', path: '/api/user/{id}/tag/{tagId}', access: 'session', can: ['update', 'User'],
    summary: 'Puts an existing tag (a tag search result) on a user. Returns the tag.',
    params: z.object({ id: idSchema, tagId: idSchema }),
    response: tagSchema,
    status: 201,
  }),
  deleteTag: defineContract({
    id: 'user.deleteTag', service: 'user', method: 'DELETE', path: '/api/user/tag/{tagId}', access: 'session', can: ['manage', 'all'],
    summary:
      'Deletes a tag from the organisation (superadmin only: tags are one list for everyone). The tag and its name claim go in one transaction (the name is free at once); a background job then takes it off every user, with progress (`jobId`).',
    params: z.object({ tagId: idSchema }),
    response: z.object({ jobId: z.string() }),
  }),
  removeTag: defineContract({
    id: 'user.removeTag', service: 'user', method: 'DELETE', path: '/api/user/{id}/tag/{tagId}', access: 'session', can: ['update', 'User'],
    summary: 'Takes a tag off a user (the tag itself stays for others). Removing a tag the user does not carry changes nothing.',
    params: z.object({ id: idSchema, tagId: idSchema }),
    response: z.object({ removed: z.boolean() }),
  }),
  aliases: defineContract({
    id: 'user.aliases', service: 'user', method: 'GET', path: '/api/user/{id}/alias', access: 'session', can: ['read', 'User'],
    summary: "The aliases of a user the caller can see, in the order they were added.",
    params: z.object({ id: idSchema }),
    response: z.array(aliasSchema),
  }),
  addAlias: defineContract({
    id: 'user.addAlias', service: 'user', method: 'POST', path: '/api/user/{id}/alias/{name}', access: 'session', can: ['update', 'User'],
    summary: 'Adds an alias to a user; an alias the user already has (without case and extra spaces) is answered as it is.',
    params: z.object({ id: idSchema, name: aliasTextSchema }),
    response: aliasSchema,
    status: 201,
  }),
  removeAlias: defineContract({
    id: 'user.removeAlias', service: 'user', method: 'DELETE', path: '/api/user/{id}/alias/{aliasId}', access: 'session', can: ['update', 'User'],
    summary: "Removes one of a user's aliases.",
    params: z.object({ id: idSchema, aliasId: idSchema }),
    response: z.object({ removed: z.boolean() }),
  }),
};
