import { handler as users } from '../../../functions/http/user/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { requestCounter } from '../../../functions/db/client';
import { projectUser } from '../../../functions/core/users/user-projector';
import { AUTOCOMPLETE_LIMITS } from '../../../shared/api/limits';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/**
 * People search fills its page when matches exist (SPEC.md section 9's limits): it reads the name
 * lists, which hold no email, so people matched only by their email are never read, and a person
 * matched by name behind many of them is found in the one Query of the caller's scope.
 */
beforeAll(async () => {
  await seedDemo();
});

it('finds a person by name behind more than two pages of people matched only by their email', async () => {
  const limit = AUTOCOMPLETE_LIMITS.user;
  // Email-only matches that sort before the name match ('shortpage-' < 'shortpagez').
  await Promise.all(
    Array.from({ length: limit * 2 + 1 }, async (_, n) => {
      const userId = await putTestUser({ firstName: 'Email', lastName: 'Only', locationId: ids.district1 });
      await db().entities.user.patch({ userId }).set({ email: `shortpage-${String(n).padStart(2, '0')}-${userId.slice(-6)}@example.org` }).go();
      await projectUser(userId);
    }),
  );
  const wanted = await putTestUser({ firstName: 'Shortpagez', lastName: 'Named', locationId: ids.district1 });
  const cookie = await cookieFor('superadmin@example.org');
  await invoke(users, '/api/user/people-search', { cookie, query: 'text=shortpage' }); // warm: the role cache
  requestCounter.reset();
  const found = await invoke(users, '/api/user/people-search', { cookie, query: 'text=shortpage' });
  expect(found.status).toBe(200);
  // The session and one Query of the System root's name list; the search rate limit's one counter write.
  expect(requestCounter.snapshot().byCommand).toEqual({ QueryCommand: 2, UpdateItemCommand: 1 });
  expect((found.body as Array<{ id: string }>).map((person) => person.id)).toEqual([wanted]);
});
