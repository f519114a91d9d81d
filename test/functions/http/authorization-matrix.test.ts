import { contracts } from '../../../shared/api';
import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';
import { seedMatrixActors, type Target } from './authorization-matrix.fixtures';
import { CALLS } from './authorization-matrix.calls';
import { seedDemo } from '../../../functions/db/seed/demo';
import { openSession } from '../../../functions/core/session/open-session';
import { sessionCookieName } from '../../../functions/lib/http/cookies';
import { handler as app } from '../../../functions/http/app/handler';
import { handler as security } from '../../../functions/http/security/handler';
import { handler as user } from '../../../functions/http/user/handler';
import { handler as notification } from '../../../functions/http/notification/handler';
import { handler as announcement } from '../../../functions/http/announcement/handler';
import { handler as jurisdiction } from '../../../functions/http/jurisdiction/handler';
import { handler as episcopalArea } from '../../../functions/http/episcopal-area/handler';
import { handler as conference } from '../../../functions/http/conference/handler';
import { handler as district } from '../../../functions/http/district/handler';
import { handler as church } from '../../../functions/http/church/handler';
import { handler as role } from '../../../functions/http/role/handler';
import { invoke } from '../../support/invoke';
import { EXPECTED_MATRIX, type Expected, type MatrixRow } from './authorization-matrix.expected';

const HANDLERS = { app, security, user, notification, announcement, jurisdiction, 'episcopal-area': episcopalArea, conference, district, church, role } as Record<string, Parameters<typeof invoke>[0]>;

let actors = new Map<string, Target>();
let outsider: Target;
/** One session per actor for the whole run: the matrix is about answers, not sign-in. */
const cookies = new Map<string, string>();

beforeAll(async () => {
  process.env.OIDC_LOGOUT_URL = 'http://localhost/oidc/session/end';
  await seedDemo();
  ({ actors, outsider } = await seedMatrixActors());
  for (const [role, target] of actors) cookies.set(role, `${sessionCookieName()}=${(await openSession(target.userId)).token}`);
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
        for (const [column, target] of [['own', me], ['other', outsider]] as const) {
          const call = await CALLS[contract.id](target, `${role.name} ${column}`);
          const cookie = call.endsSession ? `${sessionCookieName()}=${(await openSession(me.userId)).token}` : cookies.get(role.name)!;
          const res = await invoke(HANDLERS[contract.service], call.path, { method: call.method ?? contract.method, cookie, query: call.query, body: call.body });
          // "Sign out everywhere" also ended the actor's shared session.
          if (call.endsSession) cookies.set(role.name, `${sessionCookieName()}=${(await openSession(me.userId)).token}`);
          outcomes.push(`${role.name}/${column}: ${res.status}`);
          expectations.push(`${role.name}/${column}: ${expectedFor(row[column], role.name)}`);
        }
      }
      const anonymous = await CALLS[contract.id](actors.get('Participant')!, 'anonymous');
      const res = await invoke(HANDLERS[contract.service], anonymous.path, { method: anonymous.method ?? contract.method, query: anonymous.query, body: anonymous.body });
      outcomes.push(`anonymous: ${res.status}`);
      expectations.push(`anonymous: ${row.anonymous}`);
      expect(outcomes).toEqual(expectations);
    });
  }
});
