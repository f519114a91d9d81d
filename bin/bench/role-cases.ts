import { BULK_MAX } from '../../shared/api/limits';
import { systemRoleByName } from '../../shared/auth/system-roles';
import { AS, demoUserId } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { BENCH_POLICIES, createdIds, createRoles, deleteRoles } from './fixtures';

/**
 * Cases for the role routes. Edits and deletions work on roles made for the run (one per
 * call: updates are versioned); assignments give and take a role made for the run from a
 * demo user no other case calls as, which repeats safely (holders and non-holders are skipped).
 */
const WRITE_CALLS = 50;
const BULK_CALLS = 10;
const ADVISOR = systemRoleByName('Advisor').id;
const MENTOR = systemRoleByName('Mentor').id;

const freshPerCall = (label: string) => (ctx: BenchContext, calls: number) => createRoles(ctx, calls, label);

/** A role for the assignment cases, and the demo user it is given to and taken from. */
const assignmentCase = (method: 'POST' | 'DELETE') =>
  benchCase<{ roleId: string; userId: string }>({
    as: AS.superadmin,
    method,
    path: '/api/role/roles',
    prepare: async (ctx) => ({ roleId: (await createRoles(ctx, 1, `assign ${method}`))[0], userId: demoUserId(AS.interviewer) }),
    each: (_, { roleId, userId }) => ({ body: { userIds: [userId], roleId } }),
    cleanUp: (ctx, { roleId }) => deleteRoles(ctx, [roleId]),
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
  'role.assign': assignmentCase('POST'),
  'role.unassign': assignmentCase('DELETE'),
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
