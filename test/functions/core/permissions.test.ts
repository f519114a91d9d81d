import { DEMO_LOCATION_IDS, seedDemo } from '../../../functions/db/seed/demo';
import { db } from '../../../functions/db/service';
import { StaleVersionError } from '../../../functions/db/versioned';
import { openSession } from '../../../functions/core/session/open-session';
import { resolveSession } from '../../../functions/core/session/resolve-session';
import { setPrimaryLocation } from '../../../functions/core/permissions/primary-location';
import { writeInChunks, type TransactionWrite } from '../../../functions/core/permissions/transaction';
import { userDirectoryDelta, type UserDirectoryState } from '../../../functions/core/users/user-directory';

async function authOf(userId: string) {
  return (await resolveSession((await openSession(userId)).token))!;
}

beforeAll(async () => {
  await seedDemo();
});

describe('userDirectoryDelta', () => {
  const user = { userId: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
  const chain = [DEMO_LOCATION_IDS.jurisdiction1, DEMO_LOCATION_IDS.episcopalArea1, DEMO_LOCATION_IDS.conference1];
  const base: UserDirectoryState = { user, roleIds: ['role-participant'], permissionAncestorIds: [chain] };

  it('counts a new role once per scope the user is in', () => {
    const delta = userDirectoryDelta(base, { ...base, roleIds: [...base.roleIds, 'role-advisor'] });
    const advisorCounts = delta.countDeltas.filter((d) => d.list === 'users:role-advisor');
    expect(advisorCounts.map((d) => d.scopeId).sort()).toEqual(['system', ...chain].sort());
    expect(advisorCounts.every((d) => d.delta === 1)).toBe(true);
    expect(delta.deletes).toHaveLength(0);
  });

  it('takes the user out of a scope when its permission goes', () => {
    const delta = userDirectoryDelta(base, { ...base, permissionAncestorIds: [] });
    expect(delta.countDeltas.filter((d) => d.list === 'users').map((d) => [d.scopeId, d.delta]).sort()).toEqual(chain.map((id) => [id, -1]).sort());
    expect(delta.puts).toHaveLength(0);
  });
});

describe('writeInChunks', () => {
  it('writes more than 100 items in several transactions', async () => {
    const ids = Array.from({ length: 230 }, (_, i) => `chunk-${i}`);
    const tag = (userId: string): TransactionWrite => (tx) => tx.tag.put({ tagId: userId, name: userId }).commit();
    await writeInChunks(ids.slice(0, 229).map(tag), [tag(ids[229])]);
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
