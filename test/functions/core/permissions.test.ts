import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { db } from '../../../functions/db/service';
import { StaleVersionError } from '../../../functions/db/versioned';
import { openSession } from '../../../functions/core/session/open-session';
import { resolveSession } from '../../../functions/core/session/resolve-session';
import { setPrimaryLocation } from '../../../functions/core/permissions/primary-location';
import { transactInChunks, type TransactionWrite } from '../../../functions/db/transact';

async function authOf(userId: string) {
  return (await resolveSession((await openSession(userId)).token))!;
}

beforeAll(async () => {
  await seedDemo();
});

describe('transactInChunks', () => {
  it('writes more than 100 items in several transactions', async () => {
    const ids = Array.from({ length: 230 }, (_, i) => `chunk-${i}`);
    const tag = (userId: string): TransactionWrite => (tx) => tx.tag.put({ tagId: userId, name: userId }).commit();
    await transactInChunks(ids.slice(0, 229).map((id) => [tag(id)]), [tag(ids[229])]);
    const { data } = await db().entities.tag.get(ids.map((tagId) => ({ tagId }))).go();
    expect(data).toHaveLength(230);
  });
});

describe('setPrimaryLocation under concurrency', () => {
  it('lets only one of two simultaneous switches win, leaving exactly one primary', async () => {
    const userId = 'demo-participant';
    const permission = (permissionId: string, entityId: string) => ({
      userId,
      permissionId,
      entity: 'District' as const,
      entityId,
      ancestorIds: [DEMO_LOCATION_IDS.jurisdiction1, DEMO_LOCATION_IDS.episcopalArea1, DEMO_LOCATION_IDS.conference1, entityId],
    });
    await db().entities.permission.create(permission('race-a', DEMO_LOCATION_IDS.district2)).go();
    await db().entities.permission.create(permission('race-b', DEMO_LOCATION_IDS.district3)).go();
    const auth = await authOf('demo-superadmin');

    const outcomes = await Promise.allSettled([
      setPrimaryLocation(auth, { permissionId: 'race-a', userId }),
      setPrimaryLocation(auth, { permissionId: 'race-b', userId }),
    ]);
    const failures = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failures.length).toBeLessThanOrEqual(1);
    failures.forEach((failure) => expect(failure.reason).toBeInstanceOf(StaleVersionError));
    const { data } = await db().entities.permission.query.byUser({ userId }).go();
    expect(data.filter((p) => p.entity === 'District' && p.primary)).toHaveLength(1);
  });
});
