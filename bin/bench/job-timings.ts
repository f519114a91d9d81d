/**
 * `npx tsx bin/bench/job-timings.ts`: how long the background jobs take on this machine, on an
 * in-memory DynamoDB Local of its own: moving a district of 75 churches and 300 members to
 * another conference, and a church rename refreshing 1,000 members' copies of its name. Each
 * job runs step by step in this process, as the stream worker would run it.
 */
import { scratchTable } from './scratch-table';

const scratch = await scratchTable('job-timings');
const { db } = await import('../../functions/db/service');
const { seedDemo, DEMO_LOCATION_IDS } = await import('../../functions/db/seed/demo');
const { openSession } = await import('../../functions/core/session/open-session');
const { resolveSession } = await import('../../functions/core/session/resolve-session');
const { createLocation, createLocations } = await import('../../functions/core/locations/create-location');
const { updateLocation } = await import('../../functions/core/locations/update-location');
const { addUsersLocation } = await import('../../functions/core/permissions/add-location');
const { runJobToEnd } = await import('../../functions/db/jobs');
const { jobKinds } = await import('../../functions/core/jobs/job-kinds');
const { checkDirectory } = await import('../maintenance/directory-check');

try {
  await seedDemo();
  const auth = (await resolveSession((await openSession('demo-superadmin')).token))!;

  // A district of 75 churches and 300 members (users holding the district).
  const district = await createLocation(auth, 'District', { name: 'Timing District', parentId: DEMO_LOCATION_IDS.conference1 });
  for (let start = 0; start < 75; start += 25) {
    await createLocations(auth, 'Church', Array.from({ length: 25 }, (_, i) => ({ name: `Timing Church ${start + i}`, parentId: district.id })));
  }
  const userIds = Array.from({ length: 300 }, (_, i) => `timing-user-${i}`);
  for (let start = 0; start < userIds.length; start += 25) {
    await db().entities.user.put(userIds.slice(start, start + 25).map((userId) => ({ userId, firstName: 'Timing', lastName: userId, email: `${userId}@example.org` }))).go();
    await addUsersLocation(auth, { userIds: userIds.slice(start, start + 25), entity: 'District', entityId: district.id });
  }
  const { data: current } = await db().entities.location.get({ locationId: district.id }).go();
  let started = Date.now();
  const moved = await updateLocation(auth, 'District', district.id, { version: current!.version, parentId: DEMO_LOCATION_IDS.conference2 });
  const moveJob = await runJobToEnd(moved.jobId!, jobKinds);
  const moveMs = Date.now() - started;

  // A church with 1,000 members, renamed.
  const church = await createLocation(auth, 'Church', { name: 'Timing Chapel', parentId: DEMO_LOCATION_IDS.district1 });
  const memberships = Array.from({ length: 1000 }, (_, i) => ({ userId: `timing-member-${i}`, membershipId: `timing-membership-${i}`, churchId: church.id, churchName: church.name, ancestorIds: church.ancestorIds }));
  for (let start = 0; start < memberships.length; start += 25) await db().entities.churchMembership.put(memberships.slice(start, start + 25)).go();
  started = Date.now();
  const renamed = await updateLocation(auth, 'Church', church.id, { version: church.version, name: 'Timing Chapel Renamed' });
  const renameJob = await runJobToEnd(renamed.jobId!, jobKinds);
  const renameMs = Date.now() - started;

  const drift = await checkDirectory();
  console.log(`Move a district of 75 churches and 300 members: ${(moveMs / 1000).toFixed(1)} s, ${moveJob!.steps} steps, ${moveJob!.done}/${moveJob!.total} locations, ${moveJob!.status}`);
  console.log(`Rename a church with 1,000 members: ${(renameMs / 1000).toFixed(1)} s, ${renameJob!.steps} steps, ${renameJob!.done} members, ${renameJob!.status}`);
  console.log(`Drift afterwards: ${drift.differences.length} differences`);
} finally {
  scratch.stop();
}
