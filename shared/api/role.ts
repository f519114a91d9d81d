import * as z from 'zod';
import { defineContract } from './contract';
import { idListParam, idOf, idSchema } from './id-list';
import { AUTOCOMPLETE_LIMITS, BULK_MAX, PAGE_SIZES } from './limits';
import { booleanText, limitSchema, offsetSchema, orderBySchema, pageOf, relationsSchema, tableOptionText, whereSchema } from './list-query';
import { roleInputSchema, roleSchema } from '../schemas/role';
import { SUBJECTS } from '../auth/vocabulary';

/**
 * Roles: the generic set (SPEC.md section 7) over the role list, plus assignment. Roles are
 * few and live in one partition, so every list is one Query of that partition. System
 * roles cannot be edited or deleted (422).
 */
const base = '/api/role';
const byId = z.object({ id: idSchema });
const version = { version: z.number({ error: 'version is required' }).int() };
const where = whereSchema({ name: z.string().trim().max(60).optional(), system: booleanText.optional() });
const orderBy = orderBySchema(['name'] as const);
const relations = relationsSchema([] as const);
const listQuery = z.object({ limit: limitSchema, offset: offsetSchema, relations, orderBy, where });

const assignmentBody = z.object({
  userIds: z.array(idSchema).min(1, 'Select at least one user.').max(BULK_MAX, `At most ${BULK_MAX} users at once.`),
  roleId: idOf('Select a role.'),
});

/** Assign Role to Users asks for the roles it may offer for the selected rows: at most one table page of users. */
const assignableToUsersBody = z.object({
  userIds: z.array(idSchema).min(1, 'Select at least one user.').max(Math.max(...PAGE_SIZES), `At most ${Math.max(...PAGE_SIZES)} users at once.`),
  name: z.string().trim().max(60).optional(),
});

export const roleApi = {
  create: defineContract({
    id: 'role.create', service: 'role', method: 'POST', path: base, access: 'session', can: ['create', 'Role'], status: 201,
    summary: 'Creates a custom role with its policies.', body: roleInputSchema, response: roleSchema,
  }),
  list: defineContract({
    id: 'role.list', service: 'role', method: 'GET', path: base, access: 'session', can: ['read', 'Role'],
    summary: 'A page of roles by name.', query: z.object({ limit: limitSchema, offset: offsetSchema, relations }), response: z.array(roleSchema),
  }),
  update: defineContract({
    id: 'role.update', service: 'role', method: 'PATCH', path: base, access: 'session', can: ['update', 'Role'],
    summary: 'Renames a custom role or replaces its policies (body names it by id).',
    body: roleInputSchema.partial().extend({ id: idSchema, ...version }), response: roleSchema,
  }),
  remove: defineContract({
    id: 'role.remove', service: 'role', method: 'DELETE', path: base, access: 'session', can: ['delete', 'Role'], status: 204,
    summary: 'Deletes a custom role and takes it from everyone who holds it (body names it by id).', body: z.object({ id: idSchema }), response: z.null(),
  }),
  bulk: defineContract({
    id: 'role.bulk', service: 'role', method: 'POST', path: `${base}/bulk`, access: 'session', can: ['create', 'Role'], status: 201,
    summary: `Creates up to ${BULK_MAX} custom roles.`, body: z.array(roleInputSchema).min(1).max(BULK_MAX), response: z.array(roleSchema),
  }),
  quickSearch: defineContract({
    id: 'role.quickSearch', service: 'role', method: 'GET', path: `${base}/quickSearch`, access: 'session', can: ['read', 'Role'], rateLimit: 'search',
    summary: 'The role editor table: a page of roles with the total, searched by name.',
    query: listQuery.extend({ tableName: tableOptionText.optional(), isQuickSearch: booleanText.optional() }), response: pageOf(roleSchema),
  }),
  count: defineContract({
    id: 'role.count', service: 'role', method: 'GET', path: `${base}/count`, access: 'session', can: ['read', 'Role'],
    summary: 'How many roles there are.', query: z.object({ where }), response: z.number().int(),
  }),
  query: defineContract({
    id: 'role.query', service: 'role', method: 'POST', path: `${base}/query`, access: 'session', can: ['read', 'Role'],
    summary: 'A page of roles by filters in the body.', body: z.object({ limit: limitSchema, offset: offsetSchema, relations, orderBy, where }), response: z.array(roleSchema),
  }),
  search: defineContract({
    id: 'role.search', service: 'role', method: 'POST', path: `${base}/search`, access: 'session', can: ['read', 'Role'], rateLimit: 'search',
    summary: 'Roles whose name starts with the text.', body: z.object({ where, limit: limitSchema, relations }), response: z.array(roleSchema),
  }),
  system: defineContract({
    id: 'role.system', service: 'role', method: 'GET', path: `${base}/system`, access: 'session',
    summary: 'The system roles (every signed-in user loads them before content).', response: z.array(roleSchema),
  }),
  hierarchy: defineContract({
    id: 'role.hierarchy', service: 'role', method: 'GET', path: `${base}/hierarchy/{subject}/{id}`, access: 'session',
    summary: "An entity's permission hierarchy: the locations it belongs to, each with its ancestor chain (the gate checks against the innermost one the caller holds).",
    params: z.object({ subject: z.enum(SUBJECTS.filter((s) => s !== 'all') as [string, ...string[]], 'Unknown subject.'), id: idSchema }),
    response: z.array(z.object({ entity: z.string(), id: z.string(), ancestorIds: z.array(z.string()) })),
  }),
  assignable: defineContract({
    id: 'role.assignable', service: 'role', method: 'GET', path: `${base}/assignable-roles/{userId}`, access: 'session', can: ['read', 'Role'],
    summary: 'The roles the caller may give the user: every role they do not hold yet; Superadmin only from a superadmin.',
    params: z.object({ userId: idSchema }), response: z.array(roleSchema),
  }),
  assignableToUsers: defineContract({
    id: 'role.assignableToUsers', service: 'role', method: 'POST', path: `${base}/assignable-roles`, access: 'session', can: ['read', 'Role'],
    summary: `Assign Role to Users: the first ${AUTOCOMPLETE_LIMITS.roleAssignment} roles (by name prefix) the caller may give every selected user, which not all of them hold yet; nobody grants what they could not hold.`,
    body: assignableToUsersBody, response: z.array(roleSchema),
  }),
  role: defineContract({
    id: 'role.role', service: 'role', method: 'GET', path: `${base}/role/{roleId}`, access: 'session',
    summary: 'One role.', params: z.object({ roleId: idSchema }), response: roleSchema,
  }),
  roles: defineContract({
    id: 'role.roles', service: 'role', method: 'GET', path: `${base}/roles/{roleIds}`, access: 'session',
    summary: 'The roles named by a comma-separated id list (unknown ids are left out).', params: z.object({ roleIds: idListParam }), response: z.array(roleSchema),
  }),
  assign: defineContract({
    id: 'role.assign', service: 'role', method: 'POST', path: `${base}/roles`, access: 'session', can: ['update', 'User'],
    summary: 'Gives a role to users the caller can see (idempotent).', body: assignmentBody, response: z.object({ userIds: z.array(z.string()), roleId: z.string() }),
  }),
  unassign: defineContract({
    id: 'role.unassign', service: 'role', method: 'DELETE', path: `${base}/roles`, access: 'session', can: ['update', 'User'],
    summary: "Takes a role from users, with SPEC.md section 4's side effects: a Mentor loses their mentees, an Advisor their advisor assignments.",
    body: assignmentBody, response: z.object({ userIds: z.array(z.string()), roleId: z.string(), menteesRemoved: z.number().int(), advisorAssignmentsRemoved: z.number().int() }),
  }),
  get: defineContract({
    id: 'role.get', service: 'role', method: 'GET', path: `${base}/{id}`, access: 'session', can: ['read', 'Role'],
    summary: 'One role.', params: byId, query: z.object({ relations }), response: roleSchema,
  }),
  updateById: defineContract({
    id: 'role.updateById', service: 'role', method: 'PATCH', path: `${base}/{id}`, access: 'session', can: ['update', 'Role'],
    summary: 'Renames a custom role or replaces its policies.', params: byId, body: roleInputSchema.partial().extend(version), response: roleSchema,
  }),
  removeById: defineContract({
    id: 'role.removeById', service: 'role', method: 'DELETE', path: `${base}/{id}`, access: 'session', can: ['delete', 'Role'], status: 204,
    summary: 'Deletes a custom role and takes it from everyone who holds it.', params: byId, response: z.null(),
  }),
};
