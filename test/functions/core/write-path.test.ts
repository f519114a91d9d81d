import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { db } from '../../../functions/db/service';
import { projectionFaults } from '../../../functions/db/directory-projection';
import { jobFaults } from '../../../functions/db/jobs';
import { openSession } from '../../../functions/core/session/open-session';
import { resolveSession } from '../../../functions/core/session/resolve-session';
import { addUsersLocation } from '../../../functions/core/permissions/add-location';
import { removeUserLocation } from '../../../functions/core/permissions/remove-location';
import { assignRole, unassignRole } from '../../../functions/core/roles/role-assignment';
import { createRole, updateRole } from '../../../functions/core/roles/role-editor';
import { listUsers } from '../../../functions/core/users/user-list';
import { createLocation } from '../../../functions/core/locations/create-location';
import { updateLocation } from '../../../functions/core/locations/update-location';
import { checkDirectory } from '../../../bin/maintenance/directory-check';
import { rebuildDirectory } from '../../../bin/maintenance/directory-rebuild';
import { runStalledJobs } from '../../../functions/core/jobs/run-stalled-jobs';
import { HttpError } from '../../../functions/lib/errors';
import { settle } from '../../support/settle';

/** Two whole-directory checks and a rebuild: 48 s at a load average of 12 on two cores, so the default 60 s is too close. */
const HEAVY_MS = 300_000;

/**
 * The write path under concurrency and crashes (ARCHITECTURE.md section 5): after the stream
 * has run (settle), the drift check finds every entry, counter and copy equal to what the
 * sources say, whatever raced or crashed before.
 */
const ids = DEMO_LOCATION_IDS;
const auth = async () => (await resolveSession((await openSession('demo-superadmin')).token))!;

async function expectNoDrift() {
  await settle();
  const report = await checkDirectory();
  expect(report.differences).toEqual([]);
}

/** Only answers a client can get: a 4xx HttpError, never an internal error. */
function clientErrorsOnly(outcomes: PromiseSettledResult<unknown>[]) {
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') {
      expect(outcome.reason).toBeInstanceOf(HttpError);
      expect((outcome.reason as HttpError).status).toBeLessThan(500);
    }
  }
}

beforeAll(async () => {
  await seedDemo();
  await settle();
});

describe('the write path', () => {
  it('starts without drift', async () => {
    await expectNoDrift();
  });

  it('serialises 20 concurrent access changes on one user; lists and counts agree afterwards', async () => {
    const caller = await auth();
    const userId = 'demo-participant';
    const changes = Array.from({ length: 20 }, (_, index) => {
      switch (index % 4) {
        case 0:
          return assignRole(caller, { userIds: [userId], roleId: 'role-advisor' });
        case 1:
          return unassignRole(caller, { userIds: [userId], roleId: 'role-advisor' });
        case 2:
          return addUsersLocation(caller, { userIds: [userId], entity: 'District', entityId: ids.district3 });
        default:
          return addUsersLocation(caller, { userIds: [userId], entity: 'District', entityId: ids.district2 });
      }
    });
    clientErrorsOnly(await Promise.allSettled(changes));
    const { data: permissions } = await db().entities.permission.query.byUser({ userId }).go();
    const perPlace = permissions.reduce((counts, p) => counts.set(p.entityId, (counts.get(p.entityId) ?? 0) + 1), new Map<string, number>());
    expect([...perPlace.values()].every((count) => count === 1)).toBe(true);
    const removal = permissions.find((p) => p.entityId === ids.district3)!;
    clientErrorsOnly(await Promise.allSettled([removeUserLocation(caller, removal.permissionId), removeUserLocation(caller, removal.permissionId)]));
    await expectNoDrift();
  });

  it('lets exactly one of 20 concurrent creates of one name win; the others get the field message', async () => {
    const caller = await auth();
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => createLocation(caller, 'Church', { name: 'X Chapel', parentId: ids.district1 })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[]) {
      expect((outcome.reason as HttpError).status).toBe(400);
      expect((outcome.reason as HttpError).fieldErrors).toEqual({ name: ['A church with this name already exists here.'] });
    }
    await expectNoDrift();
  });

  it('keeps 10 concurrent renames and moves under one parent consistent', async () => {
    const caller = await auth();
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, index) => createLocation(caller, 'Church', { name: `Race Church ${index}`, parentId: ids.district1 })),
    );
    const outcomes = await Promise.allSettled(
      created.flatMap((church, index) => [
        updateLocation(caller, 'Church', church.id, { version: church.version, name: `Renamed Church ${index % 2}` }),
        updateLocation(caller, 'Church', church.id, { version: church.version, parentId: ids.district2 }),
      ]),
    );
    clientErrorsOnly(outcomes);
    await expectNoDrift();
  });

  it('moves a district to another conference: churches, permissions, memberships and lists follow (a background job)', async () => {
    const caller = await auth();
    const { data: district } = await db().entities.location.get({ locationId: ids.district2 }).go();
    const moved = await updateLocation(caller, 'District', ids.district2, { version: district!.version, parentId: ids.conference2 });
    expect(moved.jobId).toEqual(expect.any(String));
    await settle();
    const { data: job } = await db().entities.job.get({ jobId: moved.jobId! }).go();
    expect(job).toMatchObject({ status: 'succeeded' });
    expect(job!.done).toBe(job!.total);
    const { data: churches } = await db().entities.location.query.byParent({ parentId: ids.district2 }).go();
    expect(churches.length).toBeGreaterThan(0);
    for (const church of churches) expect(church.ancestorIds.slice(0, 4)).toEqual([ids.jurisdiction2, ids.episcopalArea2, ids.conference2, ids.district2]);
    await expectNoDrift();
  });

  it.each(['afterIntent', 'afterEntries', 'afterCounts'] as const)('repairs a projection that crashed %s, from the stream', async (step) => {
    const caller = await auth();
    projectionFaults.failAt = step;
    try {
      await addUsersLocation(caller, { userIds: ['demo-mentor'], entity: 'District', entityId: ids.district3 });
      await createLocation(caller, 'Church', { name: `Crash ${step}`, parentId: ids.district3 });
    } finally {
      projectionFaults.failAt = undefined;
    }
    // The crashed run held the lease: it lapses (here: is given back), then the stream's retry repairs.
    await expectNoDrift();
  });

  it('resumes a job whose step crashed after its work, and finishes it once', async () => {
    const caller = await auth();
    const { data: church } = await db().entities.location.get({ locationId: ids.church1 }).go();
    jobFaults.failAfterWork = true;
    let jobId: string | undefined;
    try {
      jobId = (await updateLocation(caller, 'Church', ids.church1, { version: church!.version, name: 'Grace Chapel Renamed' })).jobId;
      await settle().catch(() => undefined);
    } finally {
      jobFaults.failAfterWork = false;
    }
    await db().entities.job.patch({ jobId: jobId! }).set({ leaseUntil: 0 }).go(); // the crashed step's lease runs out
    await runStalledJobs();
    await expectNoDrift();
    const { data: job } = await db().entities.job.get({ jobId: jobId! }).go();
    expect(job!.status).toBe('succeeded');
  });

  it("renames a district and a role: their people's table rows show the new names (jobs and the stream), and a stale name is drift", async () => {
    const caller = await auth();
    const role = await createRole(caller, { name: 'Write Path Reader', policies: [{ actions: ['read'], subjects: ['Church'] }] });
    await assignRole(caller, { userIds: ['demo-mentor'], roleId: role.id });
    const { data: district } = await db().entities.location.get({ locationId: ids.district1 }).go({ consistent: true });
    await updateLocation(caller, 'District', ids.district1, { version: district!.version, name: 'Foothills Renamed District' });
    await updateRole(caller, role.id, { name: 'Write Path Renamed Reader', version: role.version });
    await settle();
    const rows = (await listUsers(caller, { where: { name: 'marcus bell' }, limit: 10, offset: 0 })).data;
    expect(rows).toEqual([
      expect.objectContaining({
        id: 'demo-mentor',
        roles: expect.arrayContaining([{ id: role.id, name: 'Write Path Renamed Reader' }, { id: 'role-mentor', name: 'Mentor' }]),
        districts: expect.arrayContaining([{ id: ids.district1, name: 'Foothills Renamed District' }]),
      }),
    ]);
    await expectNoDrift();

    // An entry still showing the old name (a crashed job's leftover) is drift; rebuild:directory repairs it.
    const { data: entries } = await db().entities.directoryEntry.query.byList({ scopeId: ids.district1, list: 'users' }).go({ limit: 1 });
    const display = { ...entries[0].display, districts: [{ id: ids.district1, name: 'Foothills District', ancestorIds: district!.ancestorIds }] };
    await db().entities.directoryEntry.put({ ...entries[0], display }).go();
    expect((await checkDirectory()).differences).toEqual([expect.stringMatching(/^stale row /)]);
    expect((await rebuildDirectory()).remaining).toEqual([]);
  }, HEAVY_MS);

  it('rebuild:directory repairs entries and counters lost after a restore', async () => {
    await db().entities.directoryCount.put({ scopeId: ids.conference1, list: 'users', count: 999 }).go();
    const { data: entries } = await db().entities.directoryEntry.query.byList({ scopeId: 'system', list: 'users' }).go({ limit: 3 });
    await db().entities.directoryEntry.delete(entries.map(({ scopeId, list, term, targetId }) => ({ scopeId, list, term, targetId }))).go();
    expect((await checkDirectory()).differences.length).toBeGreaterThan(0);
    const report = await rebuildDirectory();
    expect(report.remaining).toEqual([]);
  }, HEAVY_MS);
});
