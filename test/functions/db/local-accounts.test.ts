import { createLocalAccount, setLocalPassword, verifyLocalCredentials } from '../../../functions/core/identity/local-accounts';
import { db } from '../../../functions/db/service';

beforeAll(async () => {
  await createLocalAccount({ email: 'Pat.Doe@Example.org', password: 'correct horse', userId: 'user-pat' });
});

describe('local accounts', () => {
  it('accepts the right password, whatever the case of the email', async () => {
    expect(await verifyLocalCredentials('pat.doe@example.org', 'correct horse')).toEqual({ userId: 'user-pat', email: 'pat.doe@example.org' });
    expect(await verifyLocalCredentials('  PAT.DOE@EXAMPLE.ORG ', 'correct horse')).toEqual({ userId: 'user-pat', email: 'pat.doe@example.org' });
  });

  it('rejects a wrong password and an unknown email', async () => {
    expect(await verifyLocalCredentials('pat.doe@example.org', 'Correct horse')).toBeNull();
    expect(await verifyLocalCredentials('pat.doe@example.org', '')).toBeNull();
    expect(await verifyLocalCredentials('nobody@example.org', 'correct horse')).toBeNull();
  });

  it('stores a salted hash, never the password', async () => {
    await createLocalAccount({ email: 'sam@example.org', password: 'correct horse', userId: 'user-sam' });
    const pat = (await db().entities.localAccount.get({ email: 'pat.doe@example.org' }).go()).data!;
    const sam = (await db().entities.localAccount.get({ email: 'sam@example.org' }).go()).data!;
    expect(pat.passwordHash).not.toContain('correct horse');
    expect(pat.passwordHash.startsWith('scrypt$')).toBe(true);
    expect(pat.passwordHash).not.toBe(sam.passwordHash);
  });

  it('refuses a second account for the same email', async () => {
    await expect(createLocalAccount({ email: 'PAT.DOE@example.org', password: 'x', userId: 'other' })).rejects.toThrow(/already exists/);
  });

  it('changes the password', async () => {
    expect(await setLocalPassword('Pat.Doe@example.org', 'new secret')).toBe(true);
    expect(await verifyLocalCredentials('pat.doe@example.org', 'correct horse')).toBeNull();
    expect(await verifyLocalCredentials('pat.doe@example.org', 'new secret')).toMatchObject({ userId: 'user-pat' });
    expect(await setLocalPassword('nobody@example.org', 'x')).toBe(false);
  });
});
