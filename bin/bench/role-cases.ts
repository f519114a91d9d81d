import { BULK_MAX } from '../../shared/api/limits';
import { systemRoleByName } from '../../shared/auth/system-roles';
import { AS, demoUserId } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { BENCH_POLICIES, createdIds, createRoles, deleteRoles, deleteRolesInTurn } from './fixtures';

/**
 * Cases for the role routes. Edits and deletions work on roles made for the run (one per
 * call: updates are versioned); assignments give and take roles made for the run (below).
 */
const WRITE_CALLS = 50;
const BULK_CALLS = 10;
const ADVISOR = systemRoleByName('Advisor').id;
const MENTOR = systemRoleByName('Mentor').id;

const freshPerCall = (label: string) => (ctx: BenchContext, calls: number) => createRoles(ctx, calls, label);

/**
 * Assignments work on roles made for the run, one per call, and the demo interviewer:
 * `role.assign` gives each call's role, `role.unassign` takes away one given beforehand.
 * One client: every call rewrites the interviewer's directory entry, so concurrent calls
 * would only collide.
 */
const interviewerId = demoUserId(AS.interviewer);

async function rolesGivenToInterviewer(ctx: BenchContext, calls: number): Promise<string[]> {
  const roleIds = await createRoles(ctx, calls, 'unassign');
  for (const roleId of roleIds) await ctx.api(AS.superadmin, 'POST', '/api/role/roles', { userIds: [interviewerId], roleId });
  return roleIds;
}

const assignmentCase = (method: 'POST' | 'DELETE', prepare: (ctx: BenchContext, calls: number) => Promise<string[]>) =>
  benchCase<string[]>({
    as: AS.superadmin,
    method,
    path: '/api/role/roles',
    calls: WRITE_CALLS,
    concurrency: 1,
    prepare,
    each: (call, roleIds) => ({ body: { userIds: [interviewerId], roleId: roleIds[call] } }),
    cleanUp: deleteRolesInTurn,
  });

export const ROLE_CASES: Record<string, BenchCase> = {
  'role.create': benchCase<string>({
    as: AS.superadmin,
    path: '/api/role',
    calls: WRITE_CALLS,
    prepare: async (ctx) => ctx.runId,
    each: (call, runId) => ({ body: { name: `Bench new ${call} ${runId}`, policies: BENCH_POLICIES } }),
    cleanUp: (ctx, _, responses) => deleteRoles(ctx, createdIds(responses)),
  }),
  'role.bulk': benchCase<string>({
    as: AS.superadmin,
    path: '/api/role/bulk',
    calls: BULK_CALLS,
    prepare: async (ctx) => ctx.runId,
    each: (call, runId) => ({ body: Array.from({ length: BULK_MAX }, (_, i) => ({ name: `Bench bulk ${call}-${i} ${runId}`, policies: BENCH_POLICIES })) }),
    cleanUp: (ctx, _, responses) => deleteRoles(ctx, createdIds(responses)),
  }),
  'role.list': { as: AS.conferenceAdmin, path: '/api/role', query: 'limit=10&offset=0' },
  'role.quickSearch': { as: AS.conferenceAdmin, path: '/api/role/quickSearch', query: 'limit=10&offset=0&isQuickSearch=true' },
  'role.count': { as: AS.conferenceAdmin, path: '/api/role/count', singleItem: true },
  'role.query': { as: AS.conferenceAdmin, path: '/api/role/query', body: { limit: 10, offset: 0 } },
  'role.search': { as: AS.conferenceAdmin, path: '/api/role/search', body: { where: { name: 'Men' }, limit: 10 } },
  'role.system': { as: AS.participant, path: '/api/role/system' },
  'role.hierarchy': { as: AS.conferenceAdmin, path: '/api/role/hierarchy/Church/loc-grace-chapel', singleItem: true },
  'role.assignable': { as: AS.conferenceAdmin, path: `/api/role/assignable-roles/${demoUserId(AS.participant)}` },
  'role.role': { as: AS.participant, path: `/api/role/role/${ADVISOR}`, singleItem: true },
  'role.roles': { as: AS.participant, path: `/api/role/roles/${ADVISOR},${MENTOR}` },
  'role.get': { as: AS.conferenceAdmin, path: `/api/role/${ADVISOR}`, singleItem: true },
  'role.assign': assignmentCase('POST', freshPerCall('assign')),
  'role.unassign': assignmentCase('DELETE', rolesGivenToInterviewer),
  'role.update': benchCase<string[]>({
    as: AS.superadmin,
    path: '/api/role',
    calls: WRITE_CALLS,
    prepare: freshPerCall('update'),
    each: (call, ids) => ({ body: { id: ids[call], version: 1, name: `Bench renamed ${call} ${ids[call].slice(-8)}` } }),
    cleanUp: deleteRoles,
    singleItem: true,
  }),
  'role.updateById': benchCase<string[]>({
    as: AS.superadmin,
    path: '/api/role',
    calls: WRITE_CALLS,
    prepare: freshPerCall('updateById'),
    each: (call, ids) => ({ path: `/api/role/${ids[call]}`, body: { version: 1, name: `Bench renamed ${call} ${ids[call].slice(-8)}` } }),
    cleanUp: deleteRoles,
    singleItem: true,
  }),
  'role.remove': benchCase<string[]>({
    as: AS.superadmin,
    path: '/api/role',
    calls: WRITE_CALLS,
    prepare: freshPerCall('remove'),
    each: (call, ids) => ({ body: { id: ids[call] } }),
    singleItem: true,
  }),
  'role.removeById': benchCase<string[]>({
    as: AS.superadmin,
    path: '/api/role',
    calls: WRITE_CALLS,
    prepare: freshPerCall('removeById'),
    each: (call, ids) => ({ path: `/api/role/${ids[call]}` }),
    singleItem: true,
  }),
};
