import { beforeAll, describe, expect, it } from 'vitest';
import { assertSafeToExpose } from '../../../bin/local/exposure';
import { setLocalPassword } from '../../../functions/core/identity/local-accounts';
import { DEMO_USERS } from '../../../functions/db/seed/demo';
import { ensureDemoSeeded } from '../../support/dynamo';

describe('the local runtime on another interface', () => {
  beforeAll(async () => {
    await ensureDemoSeeded();
  });

  it('refuses a non-loopback HOST while demo accounts have the demo password, naming them', async () => {
    await expect(assertSafeToExpose('0.0.0.0')).rejects.toThrow(/HOST=0\.0\.0\.0 .*demo password \(superadmin@example\.org/);
    await expect(assertSafeToExpose('127.0.0.1')).resolves.toBeUndefined();
    await expect(assertSafeToExpose('localhost')).resolves.toBeUndefined();
  });

  it('allows it once no demo account has the demo password', async () => {
    for (const user of DEMO_USERS) await setLocalPassword(user.email, `changed-${user.id}-password`);
    await expect(assertSafeToExpose('0.0.0.0')).resolves.toBeUndefined();
  });
});
