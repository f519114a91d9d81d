import { getLocation } from '../../../functions/db/access/location-store';
import { newId } from '../../../functions/db/ids';
import { db } from '../../../functions/db/service';
import { putTestUser } from '../../support/test-users';
import { callerOf } from '../../support/audit-entries';
import { mergeUsers } from '../../../functions/core/people/merge/merge-users';
import { runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

/** An active membership of the target user at the target's church, written straight to the table (each call changes its own). */
async function throwawayMembership(target: Target): Promise<string> {
  const church = await getLocation(target.chain.Church);
  if (!church) throw new Error(`No church ${target.chain.Church}`);
  const membershipId = `matrix-membership-${newId().toLowerCase()}`;
  await db()
    .entities.churchMembership.create({ userId: target.userId, membershipId, churchId: church.locationId, churchName: church.name, ancestorIds: church.ancestorIds, primary: false, constituent: true })
    .go();
  return membershipId;
}

/** The profile's details and church memberships (rows in authorization-matrix.people-expected.ts). */
export const PEOPLE_CALLS: Record<string, CallBuilder> = {
  'user.profileBasicInfo': (t) => ({ path: `/api/user/user-profile-basic-info/${t.userId}/true` }),
  'user.profileTrackInstances': (t) => ({ path: `/api/user/user-profile-track-instances/${t.userId}` }),
  // A fresh user per call at the target's church: saves are versioned and the matrix runs calls side by side.
  'user.updateById': async (t, tag) => ({
    path: `/api/user/${await putTestUser({ firstName: 'Matrix', lastName: tag, locationId: t.chain.Church })}`,
    method: 'PATCH',
    body: { version: 1, middleName: 'Matrix' },
  }),
  // Two fresh users at the target's church per call: a merge changes both for good.
  'user.merge': async (t, tag) => {
    const [fromUserId, toUserId] = await Promise.all(['From', 'To'].map((side) => putTestUser({ firstName: 'Matrix', lastName: `${tag}${side}`, locationId: t.chain.Church })));
    return { path: '/api/user/user-profile/merge', method: 'PATCH', body: { fromUserId, toUserId, firstName: 'Matrix', lastName: `${tag}To` } };
  },
  // A merge whose job has finished, of two fresh users per call: an undo changes both for good.
  'user.undoMerge': async (t, tag) => {
    const [fromUserId, toUserId] = await Promise.all(['From', 'To'].map((side) => putTestUser({ firstName: 'Matrix', lastName: `${tag}${side}`, locationId: t.chain.Church })));
    const { jobId } = await mergeUsers(await callerOf('superadmin@example.org'), { fromUserId, toUserId, firstName: 'Matrix', lastName: `${tag}To` });
    await runJobToEnd(jobId, jobKinds);
    return { path: '/api/user/user-profile/merge/undo', method: 'PATCH', body: { fromUserId } };
  },
  'user.mergeUndoState': (t) => ({ path: `/api/user/user-profile/${t.userId}/merge-undo` }),
  'user.assignedUsers': (t) => ({ path: `/api/user/${t.userId}/assigned-users` }),
  'file.associatedFiles': (t) => ({ path: `/api/file/${t.userId}/associated-files` }),
  'church.memberships': (t) => ({ path: `/api/church/church-memberships/${t.userId}` }),
  'church.addMemberships': (t) => ({ path: '/api/church/add-church-memberships', method: 'POST', body: { userIds: [t.userId], churchId: t.chain.Church } }),
  'church.deactivateMembership': async (t) => ({ path: `/api/church/church-membership-deactivate/${await throwawayMembership(t)}`, method: 'PATCH' }),
  'church.setConstituent': async (t) => ({ path: `/api/church/church-membership-constituent/${await throwawayMembership(t)}/false`, method: 'PATCH' }),
};
