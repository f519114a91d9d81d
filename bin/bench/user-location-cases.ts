import type { PermissionView } from '../../shared/schemas/permission';
import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import { AS, demoUserId } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';
import { createLocations, deactivateLocations } from './fixtures';

/**
 * Cases for a user's locations and the advisors list. Writes target demo users no case
 * calls as: adding a location they hold and making the primary one primary again repeat
 * safely; removal needs an active permission per call, so the case first gives the
 * interviewer churches made for the run (their permissions stay, inactive, in the
 * interviewer's aggregate), which it deactivates afterwards.
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

/** The demo district admin's primary district (their permission list is the demo's own). */
async function primaryDistrictPermission(ctx: BenchContext): Promise<{ permissionId: string; userId: string }> {
  const userId = demoUserId(AS.districtAdmin);
  const details = await ctx.api<Record<string, PermissionView[]>>(AS.superadmin, 'GET', `/api/user/${userId}/locations-details`);
  const primary = details.District.find((permission) => permission.primary && permission.active);
  if (!primary) throw new Error('The demo district admin has no primary district');
  return { permissionId: primary.id, userId };
}

export const USER_LOCATION_CASES: Record<string, BenchCase> = {
  'user.addLocation': {
    as: AS.conferenceAdmin,
    path: '/api/user/location',
    calls: WRITE_CALLS,
    body: { userId: demoUserId(AS.interviewer), entity: 'District', entityId: ids.district2 },
    singleItem: true,
  },
  'user.addLocations': {
    as: AS.conferenceAdmin,
    path: '/api/user/locations',
    calls: WRITE_CALLS,
    body: { userIds: [demoUserId(AS.interviewer), demoUserId(AS.advisor)], entity: 'Church', entityId: 'loc-cedar-grove-church' },
  },
  'user.removeLocation': benchCase<ChurchPermissions>({
    as: AS.conferenceAdmin,
    path: '/api/user/location',
    calls: WRITE_CALLS,
    prepare: churchesGivenToInterviewer,
    each: (call, { permissionIds }) => ({ path: `/api/user/location/${permissionIds[call]}` }),
    cleanUp: (ctx, { churchIds }) => deactivateLocations(ctx, 'church', churchIds),
    singleItem: true,
  }),
  'user.setPrimaryLocation': benchCase<{ permissionId: string; userId: string }>({
    as: AS.conferenceAdmin,
    path: '/api/user/location',
    calls: WRITE_CALLS,
    prepare: primaryDistrictPermission,
    each: (_, body) => ({ body }),
  }),
  'user.locationsDetails': { as: AS.conferenceAdmin, path: `/api/user/${demoUserId(AS.participant)}/locations-details` },
  'user.visibleLocations': { as: AS.conferenceAdmin, path: `/api/user/user-visible-locations/${demoUserId(AS.participant)}` },
  'user.permissionHierarchy': { as: AS.participant, path: '/api/user/permission-hierarchy' },
  'user.usersPermissions': { as: AS.conferenceAdmin, path: '/api/user/users-permissions', query: `userIds=${demoUserId(AS.participant)},${demoUserId(AS.mentor)}` },
  'user.userPermissions': { as: AS.participant, path: '/api/user/user-permissions' },
  'user.userConferences': { as: AS.conferenceAdmin, path: '/api/user/user-conferences/true' },
  'user.advisors': { as: AS.conferenceAdmin, path: '/api/user/advisors', query: 'limit=10&offset=0' },
};
