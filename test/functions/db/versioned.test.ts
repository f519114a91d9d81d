import { db } from '../../../functions/db/service';
import { StaleVersionError, ifVersion, updateVersioned } from '../../../functions/db/versioned';
import { transact } from '../../../functions/db/transact';
import { ValidationError } from '../../../functions/lib/errors';

beforeAll(async () => {
  await db().entities.role.create({ roleId: 'r1', name: 'Treasurer', policies: [{ actions: ['read'], subjects: ['User'] }] }).go();
  await db().entities.role.create({ roleId: 'r2', name: 'Secretary' }).go();
});

describe('updateVersioned', () => {
  it('applies a change based on the current version and moves the version on', async () => {
    const before = (await db().entities.role.get({ roleId: 'r1' }).go()).data!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await updateVersioned(db().entities.role, { roleId: 'r1' }, 1, { name: 'Finance Lead' });
    expect(updated).toMatchObject({ roleId: 'r1', name: 'Finance Lead', version: 2 });
    const { data } = await db().entities.role.get({ roleId: 'r1' }).go();
    expect(data).toMatchObject({ name: 'Finance Lead', version: 2, createdAt: before.createdAt });
    expect(data!.updatedAt > before.updatedAt).toBe(true);
  });

  it('refuses a change based on an old version and leaves the item alone', async () => {
    const stale = updateVersioned(db().entities.role, { roleId: 'r1' }, 1, { name: 'Overwritten' });
    await expect(stale).rejects.toBeInstanceOf(StaleVersionError);
    await expect(stale).rejects.toMatchObject({ name: 'StaleVersionError', currentVersion: 2 });
    const { data } = await db().entities.role.get({ roleId: 'r1' }).go();
    expect(data?.name).toBe('Finance Lead');
  });

  it('lets only one of two concurrent edits of the same version win', async () => {
    const results = await Promise.allSettled([
      updateVersioned(db().entities.role, { roleId: 'r2' }, 1, { name: 'Clerk' }),
      updateVersioned(db().entities.role, { roleId: 'r2' }, 1, { name: 'Scribe' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected.map((r) => r.reason.name)).toEqual(['StaleVersionError']);
  });

  it('is null for a missing item', async () => {
    expect(await updateVersioned(db().entities.role, { roleId: 'missing' }, 1, { name: 'x' })).toBeNull();
  });
});

describe('versioned writes in transactions (transact)', () => {
  it('throws StaleVersionError when a conditioned item moved on, and writes nothing', async () => {
    const stale = transact([
      (tx) => tx.role.patch({ roleId: 'r1' }).set({ name: 'Changed in transaction' }).add({ version: 1 }).where(ifVersion(1)).commit(),
      (tx) => tx.role.create({ roleId: 'r3', name: 'Never written' }).commit(),
    ]);
    await expect(stale).rejects.toBeInstanceOf(StaleVersionError);
    await expect(stale).rejects.toMatchObject({ status: 409, message: 'This item was changed by someone else. Reload it and try again.' });
    expect((await db().entities.role.get({ roleId: 'r3' }).go()).data).toBeNull();
  });

  it("throws a guarded write's own error when its condition fails", async () => {
    const taken = transact([{ write: (tx) => tx.role.create({ roleId: 'r1', name: 'Duplicate' }).commit(), onConditionFailed: () => new ValidationError({ name: ['Taken.'] }) }]);
    await expect(taken).rejects.toMatchObject({ status: 400, fieldErrors: { name: ['Taken.'] } });
  });

  it('commits when every condition holds', async () => {
    await transact([(tx) => tx.role.patch({ roleId: 'r1' }).set({ name: 'Treasurer' }).add({ version: 1 }).where(ifVersion(2)).commit()]);
    expect((await db().entities.role.get({ roleId: 'r1' }).go()).data).toMatchObject({ name: 'Treasurer', version: 3 });
  });
});
