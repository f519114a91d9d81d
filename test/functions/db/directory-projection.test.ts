import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo';
import { db } from '../../../functions/db/service';
import { projectUser } from '../../../functions/core/users/user-projector';
import { checkDirectory } from '../../../bin/maintenance/directory-check';
import { seedDemo } from '../../support/demo-table';
import { withCountedRequests } from '../../support/dynamo';

/**
 * A projection writes what changed, not everything again: a replayed run (the stream after the
 * request's fast path) puts no entry, one more church puts that church's entries, a rename puts
 * every row (each shows the name). `rewrite` puts all, for restores.
 */
const userId = 'demo-advisor';
const batchWrites = (counted: { byCommand: Record<string, number> }) => counted.byCommand.BatchWriteItemCommand ?? 0;

async function recordEntries(): Promise<number> {
  const { data } = await db().entities.projection.get({ source: 'user', targetId: userId }).go({ consistent: true });
  return data?.entries?.length ?? 0;
}

beforeAll(async () => {
  await seedDemo();
});

describe('projecting a user', () => {
  it('puts no entry when nothing changed', async () => {
    await projectUser(userId);
    const { result, counted } = await withCountedRequests(() => projectUser(userId));
    expect(result).toBe('projected');
    expect(batchWrites(counted)).toBe(0);
  });

  it('puts only the entries a new church adds', async () => {
    const before = await recordEntries();
    await db()
      .entities.permission.create({
        userId,
        permissionId: 'projection-test-church',
        entity: 'Church',
        entityId: ids.church1,
        ancestorIds: [ids.jurisdiction1, ids.episcopalArea1, ids.conference1, ids.district1, ids.church1],
      })
      .go();
    const { counted } = await withCountedRequests(() => projectUser(userId));
    const added = (await recordEntries()) - before;
    expect(added).toBeGreaterThan(0);
    expect(batchWrites(counted)).toBe(Math.ceil(added / 25));
    expect((await checkDirectory()).differences).toEqual([]);
  });

  it('puts every row again when the name every row shows changes', async () => {
    const { data: user } = await db().entities.user.get({ userId }).go({ consistent: true });
    await db().entities.user.patch({ userId }).set({ firstName: `${user!.firstName}x` }).go();
    const { counted } = await withCountedRequests(() => projectUser(userId));
    // Every row is put again; the rows searched by first name also move to new keys (deletes too).
    expect(batchWrites(counted)).toBeGreaterThanOrEqual(Math.ceil((await recordEntries()) / 25));
    expect((await checkDirectory()).differences).toEqual([]);
  });

  it('puts every entry with rewrite, repairing one lost behind the record (a restore)', async () => {
    const { data: entries } = await db().entities.directoryEntry.query.byList({ scopeId: ids.church1, list: 'users' }).go({ consistent: true });
    const lost = entries.find((entry) => entry.targetId === userId)!;
    await db().entities.directoryEntry.delete(lost).go();
    await projectUser(userId);
    expect((await checkDirectory()).differences.some((difference) => difference.startsWith('missing entry'))).toBe(true);
    await projectUser(userId, { rewrite: true });
    expect((await checkDirectory()).differences).toEqual([]);
  });
});
