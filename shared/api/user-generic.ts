import * as z from 'zod';
import { EXPORT_ROWS_MAX, SMALL_EXPORT_ROWS, exportAnswerSchema, exportFormatSchema } from '../schemas/table-export';
import { defineContract } from './contract';
import { idListParam, idSchema } from './id-list';
import { BULK_MAX } from './limits';
import { limitSchema, offsetSchema, pageOf, relationsSchema } from './list-query';
import { userRowSchema, usersOrderBySchema, usersWhereSchema } from './user-directory';
import { profileDetailsInputSchema, profileDetailsSchema } from '../schemas/user-profile';
import { addUserSchema, userSchema } from '../schemas/user';

/**
 * The generic set for `user` (SPEC.md section 7). Every call is another door onto a specific
 * twin with the same rules, never a second read or write path: lists are the users table read
 * (quickSearch: visible users only, designed lists), one user is get-user/{id}, a save is
 * PATCH /user/{id}, a create is Add User (sign-up-user), and a delete deactivates as
 * deactive-user does: users are never erased (their history, comments and merges point at them).
 */
const base = '/api/user';
const byId = z.object({ id: idSchema });
const where = usersWhereSchema;
const orderBy = usersOrderBySchema;
const relations = relationsSchema([] as const);
const versionField = { version: z.number({ error: 'version is required' }).int().min(1) };

export const userGenericContracts = {
  create: defineContract({
    id: 'user.create', service: 'user', method: 'POST', path: base, access: 'session', can: ['create', 'User'], status: 201, rateLimit: 'invitation',
    summary: 'Add User (as admin/sign-up-user): the user with their email claim and primary location permission in one transaction, then their invitation.',
    body: addUserSchema, response: userSchema,
  }),
  bulk: defineContract({
    id: 'user.bulk', service: 'user', method: 'POST', path: `${base}/bulk`, access: 'session', can: ['create', 'User'], status: 201, rateLimit: 'invitationBatch',
    summary: `Add User for up to ${BULK_MAX} people: all or nothing (every location checked first, then one transaction of users, email claims and permissions; a taken or repeated email adds nobody), then each is invited.`,
    body: z.array(addUserSchema).min(1, 'Give at least one user.').max(BULK_MAX, `At most ${BULK_MAX} users at once.`), response: z.array(userSchema),
  }),
  list: defineContract({
    id: 'user.list', service: 'user', method: 'GET', path: base, access: 'session', can: ['read', 'User'],
    summary: 'A page of the users the caller can see, by name (the users table read).',
    query: z.object({ limit: limitSchema, offset: offsetSchema, relations }), response: z.array(userRowSchema),
  }),
  count: defineContract({
    id: 'user.count', service: 'user', method: 'GET', path: `${base}/count`, access: 'session', can: ['read', 'User'],
    summary: "How many users the caller can see with the users table's filters: the table's own count (kept counters; with search text, the matches up to its bound).",
    query: z.object({ where }), response: z.number().int(),
  }),
  query: defineContract({
    id: 'user.query', service: 'user', method: 'POST', path: `${base}/query`, access: 'session', can: ['read', 'User'],
    summary: 'The users table read with its conditions in the body: a page of the visible users matching them.',
    body: z.object({ where, limit: limitSchema, offset: offsetSchema, orderBy }), response: z.array(userRowSchema),
  }),
  search: defineContract({
    id: 'user.search', service: 'user', method: 'POST', path: `${base}/search`, access: 'session', can: ['read', 'User'], rateLimit: 'search',
    summary: 'Visible users matching the conditions in the body (name by word prefix, role, status, conference, district): the users table read.',
    body: z.object({ where, limit: limitSchema, relations }), response: z.array(userRowSchema),
  }),
  getUsersByCurrentUser: defineContract({
    id: 'user.getUsersByCurrentUser', service: 'user', method: 'POST', path: `${base}/get-users-by-current-user`, access: 'session', can: ['read', 'User'],
    summary: 'The users table read with body parameters (conditions, limit, offset, orderBy): a page of the users the caller can see, with the count.',
    body: z.object({ conditions: where, limit: limitSchema, offset: offsetSchema, orderBy, relations }), response: pageOf(userRowSchema),
  }),
  getUsersByCurrentUserExport: defineContract({
    id: 'user.getUsersByCurrentUserExport', service: 'user', method: 'POST', path: `${base}/get-users-by-current-user/export`, access: 'session', can: ['read', 'User'], rateLimit: 'tableExport',
    summary: `The users table as a file: body \`{ format: 'csv' | 'xlsx', conditions, orderBy }\` (the table's filters and order); exactly the users and columns the table shows the caller. Up to ${SMALL_EXPORT_ROWS} rows in the answer (\`{ kind: 'file', ... }\`), more by a background job (202 \`{ kind: 'job', jobId }\`), at most ${EXPORT_ROWS_MAX} rows.`,
    body: z.object({ format: exportFormatSchema, conditions: where, orderBy }), response: exportAnswerSchema,
  }),
  getUsers: defineContract({
    id: 'user.getUsers', service: 'user', method: 'GET', path: `${base}/get-users/{ids}`, access: 'session', can: ['read', 'User'],
    summary: 'The profile basics of the users named by a comma-separated id list whom the caller can see (as get-user/{id}); the others are simply absent.',
    params: z.object({ ids: idListParam }), response: z.array(userSchema),
  }),
  update: defineContract({
    id: 'user.update', service: 'user', method: 'PATCH', path: base, access: 'session',
    summary: 'Saves the details of the user named in the body by id (as PATCH /user/{id}); a stale version is 409.',
    body: profileDetailsInputSchema.extend({ id: idSchema, ...versionField }), response: profileDetailsSchema,
  }),
  remove: defineContract({
    id: 'user.remove', service: 'user', method: 'DELETE', path: base, access: 'session', can: ['deactivate', 'User'], status: 204,
    summary: 'Deactivates the user named in the body by id (as DELETE /user/{id}).',
    body: byId, response: z.null(),
  }),
  get: defineContract({
    id: 'user.get', service: 'user', method: 'GET', path: `${base}/{id}`, access: 'session', can: ['read', 'User'],
    summary: "A user's profile basics and account status for a caller who can see them (as get-user/{id}); 404 otherwise.",
    params: byId, query: z.object({ relations }), response: userSchema,
  }),
  removeById: defineContract({
    id: 'user.removeById', service: 'user', method: 'DELETE', path: `${base}/{id}`, access: 'session', can: ['deactivate', 'User'], status: 204,
    summary:
      'Deactivates a user (as admin/deactive-user; never oneself): users are never erased, since comments, enrolments and merges point at them. Their sessions end and the identity provider refuses them; reactivate-user undoes it.',
    params: byId, response: z.null(),
  }),
};
