import * as z from 'zod';
import { defineContract } from './contract';
import { idOf, idSchema } from './id-list';
import { BULK_MAX } from './limits';
import { booleanText, limitSchema, offsetSchema, pageOf, parentWhereSchema, relationsSchema, searchTextSchema, tableOptionText } from './list-query';
import { USER_GROUPS_PER_TRACK_MAX, USER_GROUP_MEMBERS_MAX, userGroupInputSchema, userGroupSchema } from '../schemas/user-group';

/**
 * Interview groups (SPEC.md sections 3, 5 to 8): the generic set of `user-group`. A group
 * belongs to one track (its Interviewer Groups tab) and has a conference or none. Reads show
 * the groups the caller may see (SPEC.md section 6); writes need update on TrackInstance where
 * the track is and the action on UserGroup where the group is (docs/security.md).
 */
const base = '/api/user-group';

/** The generic lists read one track's groups (at most USER_GROUPS_PER_TRACK_MAX): there is no list of every group. */
export const USER_GROUP_LIST_NEEDS_TRACK = 'where[trackTemplateId] is required: interview groups are listed one track at a time.';
const where = parentWhereSchema({ trackTemplateId: idOf(USER_GROUP_LIST_NEEDS_TRACK), name: searchTextSchema.optional() }, USER_GROUP_LIST_NEEDS_TRACK);
const noRelations = relationsSchema([] as const);
const listQuery = z.object({ where, limit: limitSchema, offset: offsetSchema, relations: noRelations });
const version = { version: z.number({ error: 'version is required' }).int().min(1) };
const groupCreate = userGroupInputSchema.extend({ trackTemplateId: idOf('Track is required.') });
const groupChanges = userGroupInputSchema.extend(version);
const byId = z.object({ id: idSchema });
const read = { access: 'session', can: ['read', 'UserGroup'] } as const;
const update = { access: 'session', can: ['update', 'UserGroup'], canAt: 'Conference' } as const;
const remove = { access: 'session', can: ['delete', 'UserGroup'], canAt: 'Conference', status: 204 } as const;
const create = { access: 'session', can: ['create', 'UserGroup'], canAt: 'Conference', status: 201 } as const;

/** A bulk create is one transaction: the groups, each with its audit entry, their members and the track's counter fit in 100 items. */
const BULK_ITEMS_MAX = 99;
const itemsOf = (group: { users: readonly string[] }) => 2 + group.users.length;

export const userGroupApi = {
  list: defineContract({
    id: 'user-group.list', service: 'user-group', method: 'GET', path: base, ...read,
    summary: "A page of one track's interview groups the caller may see, by name; where[trackTemplateId] is required.", query: listQuery, response: z.array(userGroupSchema),
  }),
  quickSearch: defineContract({
    id: 'user-group.quickSearch', service: 'user-group', method: 'GET', path: `${base}/quickSearch`, ...read, rateLimit: 'search',
    summary: "The Interviewer Groups tab: a page of one track's visible groups by name (name by prefix), with the count.",
    query: listQuery.extend({ tableName: tableOptionText.optional(), isQuickSearch: booleanText.optional() }), response: pageOf(userGroupSchema),
  }),
  count: defineContract({
    id: 'user-group.count', service: 'user-group', method: 'GET', path: `${base}/count`, ...read,
    summary: "How many of one track's groups the caller may see (whose name starts with the text).", query: z.object({ where }), response: z.number().int(),
  }),
  query: defineContract({
    id: 'user-group.query', service: 'user-group', method: 'POST', path: `${base}/query`, ...read,
    summary: "A page of one track's visible groups, the filters in the body.", body: z.object({ where, limit: limitSchema, offset: offsetSchema }), response: z.array(userGroupSchema),
  }),
  search: defineContract({
    id: 'user-group.search', service: 'user-group', method: 'POST', path: `${base}/search`, ...read, rateLimit: 'search',
    summary: "One track's visible groups whose name starts with the text, by name.", body: z.object({ where, limit: limitSchema, relations: noRelations }), response: z.array(userGroupSchema),
  }),
  get: defineContract({
    id: 'user-group.get', service: 'user-group', method: 'GET', path: `${base}/{id}`, ...read,
    summary: 'One interview group with its members (one Query of its collection); a group the caller may not see is 404.', params: byId, query: z.object({ relations: noRelations }), response: userGroupSchema,
  }),
  create: defineContract({
    id: 'user-group.create', service: 'user-group', method: 'POST', path: base, ...create,
    summary: `Add Interview Group: the group, its members (active Interviewers the caller sees; blank rows dropped; at most ${USER_GROUP_MEMBERS_MAX}) and its memberCount in one transaction, at most ${USER_GROUPS_PER_TRACK_MAX} a track.`,
    body: groupCreate, response: userGroupSchema,
  }),
  bulk: defineContract({
    id: 'user-group.bulk', service: 'user-group', method: 'POST', path: `${base}/bulk`, ...create,
    summary: 'Adds interview groups to one track in one transaction, each as Add Interview Group does: all or none.',
    body: z
      .array(groupCreate)
      .min(1, 'Give at least one group.')
      .max(BULK_MAX, `At most ${BULK_MAX} groups at once.`)
      .refine((groups) => new Set(groups.map((group) => group.trackTemplateId)).size === 1, 'The groups of one bulk call belong to one track.')
      .refine((groups) => groups.reduce((sum, group) => sum + itemsOf(group), 0) <= BULK_ITEMS_MAX, `One bulk call holds at most ${BULK_ITEMS_MAX} items: two for each group, one for each member.`),
    response: z.array(userGroupSchema),
  }),
  updateById: defineContract({
    id: 'user-group.updateById', service: 'user-group', method: 'PATCH', path: `${base}/{id}`, ...update,
    summary: 'Manage Interview Group: name, description, conference and members on the version read, members and memberCount in the same transaction; a stale version is 409.',
    params: byId, body: groupChanges, response: userGroupSchema,
  }),
  update: defineContract({
    id: 'user-group.update', service: 'user-group', method: 'PATCH', path: base, ...update,
    summary: 'Manage Interview Group for a group named in the body by id (as PATCH /user-group/{id}).', body: groupChanges.extend({ id: idSchema }), response: userGroupSchema,
  }),
  removeById: defineContract({
    id: 'user-group.removeById', service: 'user-group', method: 'DELETE', path: `${base}/{id}`, ...remove,
    summary: 'Deletes an interview group with its members in one transaction.', params: byId, response: z.null(),
  }),
  remove: defineContract({
    id: 'user-group.remove', service: 'user-group', method: 'DELETE', path: base, ...remove,
    summary: 'Deletes an interview group named in the body by id (as DELETE /user-group/{id}).', body: byId, response: z.null(),
  }),
};
export type UserGroupApi = typeof userGroupApi;
