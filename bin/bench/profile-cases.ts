import type { ChurchMembershipView } from '../../shared/schemas/church-membership';
import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import { AS, demoUserId } from './accounts';
import { addPeople, deactivate } from './admin-cases';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';

/**
 * The profile's details and church memberships. Writes work on people added for the run
 * (one per call, deactivated by clean-up): a details save is versioned, so each call saves
 * its own user at version 1; membership changes each take their own membership.
 */
const WRITE_CALLS = 20;
const participant = demoUserId(AS.participant);

interface Memberships {
  userIds: string[];
  membershipIds: string[];
}

async function peopleWithMemberships(ctx: BenchContext, calls: number): Promise<Memberships> {
  const userIds = await addPeople(ctx, calls);
  const added = await ctx.api<ChurchMembershipView[]>(AS.conferenceAdmin, 'POST', '/api/church/add-church-memberships', { userIds, churchId: DEMO_LOCATION_IDS.church1 });
  return { userIds, membershipIds: added.map((membership) => membership.id) };
}

export const PROFILE_CASES: Record<string, BenchCase> = {
  'user.profileBasicInfo': { as: AS.conferenceAdmin, path: `/api/user/user-profile-basic-info/${participant}/true`, singleItem: true },
  'user.profileTrackInstances': { as: AS.conferenceAdmin, path: `/api/user/user-profile-track-instances/${participant}` },
  'user.updateById': benchCase<string[]>({
    as: AS.conferenceAdmin,
    path: '/api/user',
    calls: WRITE_CALLS,
    prepare: addPeople,
    each: (call, userIds) => ({ path: `/api/user/${userIds[call]}`, body: { version: 1, middleName: 'Bench', primaryLanguage: 'Spanish', address: { city: 'Asheville', state: 'NC' } } }),
    cleanUp: deactivate,
    singleItem: true,
  }),
  // Merge Users: pairs of people added for the run, the first of each merged into the second (the job moves on afterwards).
  'user.merge': benchCase<string[]>({
    as: AS.superadmin,
    path: '/api/user/user-profile/merge',
    calls: WRITE_CALLS,
    prepare: (ctx, calls) => addPeople(ctx, calls * 2),
    each: (call, userIds) => ({ body: { fromUserId: userIds[2 * call], toUserId: userIds[2 * call + 1], firstName: 'Bench', lastName: `invitee ${2 * call + 1}` } }),
    cleanUp: (ctx, userIds) => deactivate(ctx, userIds.filter((_, index) => index % 2 === 1)),
  }),
  'user.assignedUsers': { as: AS.conferenceAdmin, path: `/api/user/${demoUserId(AS.advisor)}/assigned-users`, query: 'limit=10&offset=0' },
  'file.associatedFiles': { as: AS.conferenceAdmin, path: `/api/file/${participant}/associated-files`, query: 'limit=10&offset=0' },
  'church.memberships': { as: AS.conferenceAdmin, path: `/api/church/church-memberships/${participant}`, singleItem: true },
  'church.addMemberships': benchCase<string[]>({
    as: AS.conferenceAdmin,
    path: '/api/church/add-church-memberships',
    calls: WRITE_CALLS,
    prepare: addPeople,
    each: (call, userIds) => ({ body: { userIds: [userIds[call]], churchId: DEMO_LOCATION_IDS.church1 } }),
    cleanUp: deactivate,
  }),
  'church.deactivateMembership': benchCase<Memberships>({
    as: AS.conferenceAdmin,
    path: '/api/church/church-membership-deactivate',
    calls: WRITE_CALLS,
    prepare: peopleWithMemberships,
    each: (call, { membershipIds }) => ({ path: `/api/church/church-membership-deactivate/${membershipIds[call]}` }),
    cleanUp: (ctx, { userIds }) => deactivate(ctx, userIds),
    singleItem: true,
  }),
  'church.setConstituent': benchCase<Memberships>({
    as: AS.conferenceAdmin,
    path: '/api/church/church-membership-constituent',
    calls: WRITE_CALLS,
    prepare: peopleWithMemberships,
    each: (call, { membershipIds }) => ({ path: `/api/church/church-membership-constituent/${membershipIds[call]}/false` }),
    cleanUp: (ctx, { userIds }) => deactivate(ctx, userIds),
    singleItem: true,
  }),
};
