import type { PermissionView } from '../../shared/schemas/permission';
import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import { AS, demoUserId } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { createLocations, deactivateLocations } from './fixtures';

/**
 * Cases for a user's locations and the advisors list. Every write call does real work:
 * adds grant churches made for the run (one per call) to demo users no case calls as;
 * removal takes, per call, one of the churches first given to the interviewer (their
 * permissions stay, inactive, in the interviewer's aggregate); the primary district moves
 * back and forth between two of the district admin's districts.
 */
const WRITE_CALLS = 50;
const ids = DEMO_LOCATION_IDS;

interface ChurchPermissions {
  churchIds: string[];
  permissionIds: string[];
}

async function churchesGivenToInterviewer(ctx: BenchContext, calls: number): Promise<ChurchPermissions> {
  const churchIds = await createLocations(ctx, 'church', ids.district1, calls, 'permission');
  const userId = demoUserId(AS.interviewer);
  const permissionIds: string[] = [];
  for (const churchId of churchIds) {
    const granted = await ctx.api<PermissionView>(AS.superadmin, 'POST', '/api/user/location', { userId, entity: 'Church', entityId: churchId });
    permissionIds.push(granted.id);
  }
  return { churchIds, permissionIds };
}

/**
 * Two district permissions of the demo district admin: a district given for the run, then
 * their primary one. Calls alternate between them, so every call really moves the primary.
 */
async function twoDistrictPermissions(ctx: BenchContext): Promise<{ permissionIds: string[]; userId: string }> {
  const userId = demoUserId(AS.districtAdmin);
  const details = await ctx.api<Record<string, PermissionView[]>>(AS.superadmin, 'GET', `/api/user/${userId}/locations-details`);
  const primary = details.District.find((permission) => permission.primary && permission.active);
  if (!primary) throw new Error('The demo district admin has no primary district');
  const extra = await ctx.api<PermissionView>(AS.superadmin, 'POST', '/api/user/location', { userId, entity: 'District', entityId: ids.district2 });
  return { permissionIds: [extra.id, primary.id], userId };
}

/** Puts the district admin's primary district back and takes the run's district away. */
async function restorePrimaryDistrict(ctx: BenchContext, { permissionIds: [extra, primary], userId }: { permissionIds: string[]; userId: string }): Promise<void> {
  await ctx.api(AS.superadmin, 'PATCH', '/api/user/location', { permissionId: primary, userId });
  await ctx.api(AS.superadmin, 'DELETE', `/api/user/location/${extra}`);
}

/** Churches made for the run (one per call), so every add grants a permission the user does not hold. */
const freshChurches = (label: string) => (ctx: BenchContext, calls: number) => createLocations(ctx, 'church', ids.district1, calls, label);

export const USER_LOCATION_CASES: Record<string, BenchCase> = {
  'user.addLocation': benchCase<string[]>({
    as: AS.conferenceAdmin,
    path: '/api/user/location',
    calls: WRITE_CALLS,
    // Every call grants to the same user on that user's version: concurrent calls would only collide (409).
    concurrency: 1,
    prepare: freshChurches('add'),
    each: (call, churchIds) => ({ body: { userId: demoUserId(AS.advisor), entity: 'Church', entityId: churchIds[call] } }),
    cleanUp: (ctx, churchIds) => deactivateLocations(ctx, 'church', churchIds),
    singleItem: true,
  }),
  'user.addLocations': benchCase<string[]>({
    as: AS.conferenceAdmin,
    path: '/api/user/locations',
    calls: WRITE_CALLS,
    concurrency: 1,
    prepare: freshChurches('add many'),
    each: (call, churchIds) => ({ body: { userIds: [demoUserId(AS.advisor), demoUserId(AS.interviewer)], entity: 'Church', entityId: churchIds[call] } }),
    cleanUp: (ctx, churchIds) => deactivateLocations(ctx, 'church', churchIds),
  }),
  'user.removeLocation': benchCase<ChurchPermissions>({
    as: AS.conferenceAdmin,
    path: '/api/user/location',
    calls: WRITE_CALLS,
    // Every call takes a permission off the same user (on that user's version): concurrent calls would only collide (409).
    concurrency: 1,
    prepare: churchesGivenToInterviewer,
    each: (call, { permissionIds }) => ({ path: `/api/user/location/${permissionIds[call]}` }),
    cleanUp: (ctx, { churchIds }) => deactivateLocations(ctx, 'church', churchIds),
    singleItem: true,
  }),
  'user.setPrimaryLocation': benchCase<{ permissionIds: string[]; userId: string }>({
    as: AS.conferenceAdmin,
    path: '/api/user/location',
    calls: WRITE_CALLS,
    // Every call rewrites the same user's two permissions: concurrent calls would only collide (409).
    concurrency: 1,
    prepare: twoDistrictPermissions,
    each: (call, { permissionIds, userId }) => ({ body: { permissionId: permissionIds[call % 2], userId } }),
    cleanUp: restorePrimaryDistrict,
  }),
  'user.locationsDetails': { as: AS.conferenceAdmin, path: `/api/user/${demoUserId(AS.participant)}/locations-details` },
  'user.visibleLocations': { as: AS.conferenceAdmin, path: `/api/user/user-visible-locations/${demoUserId(AS.participant)}` },
  'user.permissionHierarchy': { as: AS.participant, path: '/api/user/permission-hierarchy' },
  'user.usersPermissions': { as: AS.conferenceAdmin, path: '/api/user/users-permissions', query: `userIds=${demoUserId(AS.participant)},${demoUserId(AS.mentor)}` },
  'user.userPermissions': { as: AS.participant, path: '/api/user/user-permissions' },
  'user.userConferences': { as: AS.conferenceAdmin, path: '/api/user/user-conferences/true' },
  'user.advisors': { as: AS.conferenceAdmin, path: '/api/user/advisors', query: 'limit=10&offset=0' },
  'user.getUser': { as: AS.conferenceAdmin, path: `/api/user/get-user/${demoUserId(AS.participant)}`, singleItem: true },
  'user.quickSearch': { as: AS.conferenceAdmin, path: '/api/user/quickSearch', query: 'limit=10&offset=0' },
};
