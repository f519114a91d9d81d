import { contracts } from '../../../shared/api';
import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';
import { seedDemo, DEMO_USERS } from '../../../functions/db/seed/demo';
import { addNotification, listNotifications } from '../../../functions/db/access/notifications';
import { db } from '../../../functions/db/service';
import { openSession } from '../../../functions/core/session/open-session';
import { SESSION_COOKIE } from '../../../functions/lib/http/cookies';
import { handler as app } from '../../../functions/http/app/handler';
import { handler as security } from '../../../functions/http/security/handler';
import { handler as user } from '../../../functions/http/user/handler';
import { handler as notification } from '../../../functions/http/notification/handler';
import { handler as announcement } from '../../../functions/http/announcement/handler';
import { invoke } from '../../support/invoke';
import { EXPECTED_MATRIX, type Expected, type MatrixRow } from './authorization-matrix.expected';

const HANDLERS = { app, security, user, notification, announcement } as Record<string, Parameters<typeof invoke>[0]>;

/** How to call each contract as `me`, aimed at my own data or at `someoneElse`'s. */
type Target = { userId: string; notificationId: string };
const CALLS: Record<string, (target: Target) => { path: string; method?: string; query?: string }> = {
  'app.health': () => ({ path: '/api/app/health' }),
  'app.openapi': () => ({ path: '/api/app/openapi.json' }),
  'security.logout': () => ({ path: '/api/security/logout' }),
  'user.current': () => ({ path: '/api/user/user' }),
  'user.abilities': () => ({ path: '/api/user/abilities' }),
  'notification.userNotifications': () => ({ path: '/api/notification/user-notifications' }),
  'notification.setRead': (t) => ({ path: `/api/notification/${t.notificationId}/isread/true`, method: 'PUT' }),
  'notification.bulkSetRead': (t) => ({ path: `/api/notification/user/${t.userId}/bulk-isread/true`, method: 'PUT' }),
  'announcement.announcements': () => ({ path: '/api/announcement/announcements' }),
};

const actors = new Map<string, Target>();

beforeAll(async () => {
  process.env.OIDC_LOGOUT_URL = 'http://localhost/oidc/session/end';
  await seedDemo();
  for (const role of SYSTEM_ROLES) {
    let userId = DEMO_USERS.find((u) => u.role === role.name)?.id;
    if (!userId) {
      userId = `matrix-${role.id}`;
      await db().entities.user.create({ userId, firstName: 'Matrix', lastName: role.label, email: `${userId}@example.org` }).go();
      await db().entities.userRole.create({ userId, roleId: role.id, roleName: role.name }).go();
    }
    await addNotification(userId, { message: `Hello ${role.label}` });
    const { items } = await listNotifications(userId, { limit: 1, offset: 0 });
    actors.set(role.name, { userId, notificationId: items[0].notificationId });
  }
});

function expectedFor(cell: MatrixRow['own'], role: string): Expected {
  return typeof cell === 'object' ? (cell[role] ?? cell.default) : cell;
}

describe('authorization matrix', () => {
  it('has a row for every contract and a call for every row that is not end-to-end', () => {
    for (const contract of contracts) {
      expect(EXPECTED_MATRIX[contract.id], `matrix row for ${contract.id}`).toBeDefined();
      if (EXPECTED_MATRIX[contract.id].own !== 'e2e') expect(CALLS[contract.id], `call for ${contract.id}`).toBeDefined();
    }
  });

  for (const contract of contracts) {
    const row = EXPECTED_MATRIX[contract.id];
    if (!row || row.own === 'e2e') continue;
    it(`${contract.id}: every role, own scope, other scope, anonymous`, async () => {
      const outcomes: string[] = [];
      const expectations: string[] = [];
      for (const role of SYSTEM_ROLES) {
        const me = actors.get(role.name)!;
        const other = [...actors.values()].find((t) => t.userId !== me.userId)!;
        for (const [column, target] of [['own', me], ['other', other]] as const) {
          const cookie = `${SESSION_COOKIE}=${(await openSession(me.userId)).token}`;
          const call = CALLS[contract.id](target);
          const res = await invoke(HANDLERS[contract.service], call.path, { method: call.method ?? contract.method, cookie });
          outcomes.push(`${role.name}/${column}: ${res.status}`);
          expectations.push(`${role.name}/${column}: ${expectedFor(row[column], role.name)}`);
        }
      }
      const anonymous = CALLS[contract.id](actors.get('Participant')!);
      const res = await invoke(HANDLERS[contract.service], anonymous.path, { method: anonymous.method ?? contract.method });
      outcomes.push(`anonymous: ${res.status}`);
      expectations.push(`anonymous: ${row.anonymous}`);
      expect(outcomes).toEqual(expectations);
    });
  }
});
