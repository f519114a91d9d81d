import { contracts } from '../../../shared/api';
import { seedMatrixActors, type Actor } from './authorization-matrix.fixtures';
import { CALLS, type MatrixCall } from './authorization-matrix.calls';
import { seedDemo } from '../../support/demo-table';
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
import { handler as job } from '../../../functions/http/job/handler';
import { handler as track } from '../../../functions/http/track/handler';
import { handler as phase } from '../../../functions/http/phase/handler';
import { handler as step } from '../../../functions/http/step/handler';
import { handler as form } from '../../../functions/http/form/handler';
import { handler as admin } from '../../../functions/http/admin/handler';
import { handler as file } from '../../../functions/http/file/handler';
import { handler as communication } from '../../../functions/http/communication/handler';
import { handler as userGroup } from '../../../functions/http/user-group/handler';
import { handler as audit } from '../../../functions/http/audit/handler';
import { invoke } from '../../support/invoke';
import { EXPECTED_MATRIX, type Cell, type Expected } from './authorization-matrix.expected';
import { DECIDED_AFTER_BODY } from './authorization-matrix.invalid-body-expected';

const HANDLERS = { app, security, user, notification, announcement, jurisdiction, 'episcopal-area': episcopalArea, conference, district, church, role, job, track, form, phase, admin, step, file, communication, 'user-group': userGroup, audit } as Record<string, Parameters<typeof invoke>[0]>;

let actors = new Map<string, Actor>();
/** One session per actor for the whole run: the matrix is about answers, not sign-in (nor the second-factor check). */
const SIGNED_IN_WITH_CODE = { secondFactor: true };
const cookies = new Map<string, string>();

beforeAll(async () => {
  process.env.OIDC_LOGOUT_URL = 'http://localhost/oidc/session/end';
  await seedDemo();
  actors = await seedMatrixActors();
  await Promise.all([...actors.values()].map(async (actor) => cookies.set(actor.name, `${sessionCookieName()}=${(await openSession(actor.userId, SIGNED_IN_WITH_CODE)).token}`)));
});

/** The actor's answer: named for the actor, else for their base role, else the default. */
function expectedFor(cell: Cell, actor: Actor): Expected {
  return typeof cell === 'object' ? (cell[actor.name] ?? cell[actor.baseRole] ?? cell.default) : cell;
}

/** A call with its unique-name tag blanked, so two calls compare by what they aim at. */
function aimOf(call: MatrixCall, tag: string): string {
  return JSON.stringify({ ...call, endsSession: undefined }).split(tag).join('<tag>');
}

/**
 * Writes aimed at a shared target (a version read then written, the neighbour's roles and
 * locations): one actor at a time. Everything else (reads, creates with unique names,
 * deletes of throwaway items, the actor's own notifications) runs for all actors at once.
 */
function sharesTarget(contract: (typeof contracts)[number]): boolean {
  return /\.(update|updateById)$|^role\.(assign|unassign)$|^user\.(addLocations?|setPrimaryLocation|removeLocation)$|^conference\.(placeLegalHold|liftLegalHold)$/.test(contract.id);
}

/** The ids the actor must never be told about that appear in an answer. */
function leakedIds(body: unknown, actor: Actor): string[] {
  const text = JSON.stringify(body ?? null);
  return actor.hidden.filter((id) => text.includes(`"${id}"`));
}

describe('authorization matrix', () => {
  it('has a row for every contract and a call for every row that is not end-to-end', () => {
    for (const contract of contracts) {
      expect(EXPECTED_MATRIX[contract.id], `matrix row for ${contract.id}`).toBeDefined();
      if (EXPECTED_MATRIX[contract.id].own !== 'e2e') expect(CALLS[contract.id], `call for ${contract.id}`).toBeDefined();
    }
  });

  it('has actors whose "own" is never themselves and whose "other" is outside their scope', () => {
    for (const actor of actors.values()) {
      expect(actor.own.userId, actor.name).not.toBe(actor.userId);
      expect(actor.other.userId, actor.name).not.toBe(actor.own.userId);
      if (actor.baseRole !== 'Superadmin') expect(actor.hidden, actor.name).toContain(actor.other.userId);
    }
  });

  for (const contract of contracts) {
    const row = EXPECTED_MATRIX[contract.id];
    if (!row || row.own === 'e2e') continue;
    it(`${contract.id}: every actor, own scope, other scope, anonymous`, async () => {
      const outcomes: string[] = [];
      const expectations: string[] = [];
      const sameCalls: string[] = [];
      const leaks: string[] = [];
      const answer = async (actor: Actor) => {
        const columns = row.other === null ? ([['own', actor.own]] as const) : ([['own', actor.own], ['other', actor.other]] as const);
        const aims: string[] = [];
        for (const [column, target] of columns) {
          const tag = `${actor.name} ${column}`;
          const call = await CALLS[contract.id](target, tag, actor);
          aims.push(aimOf(call, tag));
          const cookie = call.endsSession ? `${sessionCookieName()}=${(await openSession(actor.userId, SIGNED_IN_WITH_CODE)).token}` : cookies.get(actor.name)!;
          const res = await invoke(HANDLERS[contract.service], call.path, { method: call.method ?? contract.method, cookie, query: call.query, body: call.body });
          // "Sign out everywhere" also ended the actor's shared session.
          if (call.endsSession) cookies.set(actor.name, `${sessionCookieName()}=${(await openSession(actor.userId, SIGNED_IN_WITH_CODE)).token}`);
          outcomes.push(`${actor.name}/${column}: ${res.status}`);
          const cell = column === 'own' ? row.own : row.other!;
          expectations.push(`${actor.name}/${column}: ${expectedFor(cell, actor)}`);
          const leaked = row.describesCaller ? [] : leakedIds(res.body, actor);
          if (leaked.length) leaks.push(`${actor.name}/${column} was told about ${leaked.join(', ')}`);
        }
        // A row whose "other" call is the "own" call proves nothing about scope.
        if (aims.length === 2 && aims[0] === aims[1]) sameCalls.push(`${actor.name}: own and other make the same call ${aims[0]}`);
      };
      if (sharesTarget(contract)) for (const actor of actors.values()) await answer(actor);
      else await Promise.all([...actors.values()].map(answer));
      outcomes.sort();
      expectations.sort();
      const anonymous = await CALLS[contract.id](actors.get('Participant')!.own, 'anonymous', actors.get('Participant')!);
      const res = await invoke(HANDLERS[contract.service], anonymous.path, { method: anonymous.method ?? contract.method, query: anonymous.query, body: anonymous.body });
      outcomes.push(`anonymous: ${res.status}`);
      expectations.push(`anonymous: ${row.anonymous}`);
      expect(sameCalls).toEqual([]);
      expect(outcomes).toEqual(expectations);
      expect(leaks).toEqual([]);
    });
  }

  /** A body no route's schema accepts (checked below, so the row cannot pass by accident). */
  const INVALID_BODY = '0';
  const refused = (expected: Expected) => expected === 403 || expected === 404;

  for (const contract of contracts) {
    const row = EXPECTED_MATRIX[contract.id];
    // The SNS webhooks take any JSON and refuse what is not signed: their signature is the body's own (verify-expected.ts).
    if (!row || row.own === 'e2e' || !contract.body || contract.formPost || contract.snsWebhook) continue;
    it(`${contract.id}: refuses before the body whom it refuses (an invalid body gets the same 403/404, not 400)`, async () => {
      expect(contract.body!.safeParse(JSON.parse(INVALID_BODY)).success).toBe(false);
      const after = DECIDED_AFTER_BODY[contract.id];
      const outcomes: string[] = [];
      const expectations: string[] = [];
      const answer = async (actor: Actor) => {
        const columns = row.other === null ? ([['own', actor.own]] as const) : ([['own', actor.own], ['other', actor.other]] as const);
        const cells = columns.map(([column]) => expectedFor(column === 'own' ? row.own : row.other!, actor));
        for (const [index, [column, target]] of columns.entries()) {
          const expected = cells[index];
          if (!refused(expected)) continue;
          const scopedHere = Boolean(after?.scoped) && cells.some((cell) => !refused(cell));
          const namedHere = Boolean(after?.also?.some((name) => name === actor.name || name === actor.baseRole));
          const call = await CALLS[contract.id](target, `${actor.name} ${column} invalid`, actor);
          const res = await invoke(HANDLERS[contract.service], call.path, { method: call.method ?? contract.method, cookie: cookies.get(actor.name)!, query: call.query, rawBody: INVALID_BODY });
          outcomes.push(`${actor.name}/${column}: ${res.status}`);
          expectations.push(`${actor.name}/${column}: ${scopedHere || namedHere ? 400 : expected}`);
        }
      };
      if (sharesTarget(contract)) for (const actor of actors.values()) await answer(actor);
      else await Promise.all([...actors.values()].map(answer));
      outcomes.sort();
      expectations.sort();
      expect(outcomes).toEqual(expectations);
    });
  }

  it('names only routes with a body and a reason among those decided after the body', () => {
    for (const [id, entry] of Object.entries(DECIDED_AFTER_BODY)) {
      const contract = contracts.find((c) => c.id === id);
      expect(contract?.body, id).toBeDefined();
      expect(entry.reason.length, id).toBeGreaterThan(10);
      expect(Boolean(entry.scoped) || Boolean(entry.also?.length), id).toBe(true);
    }
  });
});
