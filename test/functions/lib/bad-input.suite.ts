import fc from 'fast-check';
import { contracts } from '../../../shared/api';
import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';
import { DEMO_INSTANCE_IDS, DEMO_LOCATION_IDS, DEMO_USERS } from '../../../functions/db/seed/demo';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser, demoUser } from '../../support/session';
import { db } from '../../../functions/db/service';
import { serviceHandler } from '../../support/service-handlers';
import { startSignInServer } from '../../support/sign-in-server';
import { requestsFor, type GeneratedRequest } from './bad-input.arbitraries';

/**
 * Generated bad input (fast-check, inputs derived from each contract's zod schemas): every
 * route gets RUNS requests as an actor with every right (the superadmin; public routes without
 * a session). No answer may be a 5xx, and every 4xx must say what is wrong.
 * BAD_INPUT_RUNS and BAD_INPUT_SEED replay or widen a run. The routes are shared between
 * test files (bad-input.part*.test.ts), so the suite's workers take them side by side.
 */
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 200);
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261123);
const ACTOR = 'superadmin@example.org';
/**
 * Routes that end every session of their caller: each request signs in afresh a person made for
 * it, whom no generated request names (a demo person's sessions could be ended meanwhile by a
 * generated deactivation or merge running beside it: 401s on a busy machine).
 */
const SESSION_ENDER = 'bad-input-session-ender';
const ENDS_SESSIONS: Record<string, string> = { 'security.logoutEverywhere': SESSION_ENDER };
/** Requests of one route in flight at once; vitest runs up to 5 routes at once besides. */
const IN_FLIGHT_PER_ROUTE = 4;

interface Finding {
  request: ReturnType<typeof shortened>;
  status: number;
  body: unknown;
}

const totals = { requests: 0, ok: 0, clientErrors: 0, serverErrors: 0, byStatus: {} as Record<number, number> };
let cookie: string;
let ids: string[];
let signIn: Awaited<ReturnType<typeof startSignInServer>> | undefined;

const cut = (text: string | undefined) => (text && text.length > 200 ? `${text.slice(0, 200)}... (${text.length} characters)` : text);
/** A finding as a reader can take it in: long parts cut, the query decoded key by key. */
const shortened = (request: GeneratedRequest) => ({
  ...request,
  path: cut(request.path),
  query: [...new URLSearchParams(request.query)].map(([key, value]) => `${cut(key)}=${cut(value)}`),
  rawBody: cut(request.rawBody),
});

/** Runs `task` over `items` with at most `limit` at once. */
async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** A 4xx says what is wrong: a message, and for a 400 from validation the fields and their messages. */
function unclear(status: number, body: unknown): string | null {
  // A page for people (the unsubscribe link's answer) says it in its heading.
  if (typeof body === 'string') return /<h1>[^<]+<\/h1>/.test(body) ? null : 'a page without a heading';
  const { message, fieldErrors } = (body ?? {}) as { message?: unknown; fieldErrors?: Record<string, unknown> };
  if (typeof message !== 'string' || !message.trim()) return 'no message';
  if (status === 400 && message === 'Bad Request') {
    const fields = Object.entries(fieldErrors ?? {});
    if (!fields.length || fields.some(([, messages]) => !Array.isArray(messages) || !messages.length || messages.some((m) => typeof m !== 'string' || !m.trim()))) {
      return 'a 400 without field messages';
    }
  }
  return null;
}

export function badInputSuite(part: number, parts: number): void {
  beforeAll(async () => {
    process.env.LOG_LEVEL = 'silent';
    // The sign-in routes talk to an OpenID provider: the embedded one, with the app's settings.
    signIn = await startSignInServer();
    await seedDemo();
    await db().entities.user.put({ userId: SESSION_ENDER, firstName: 'Session', lastName: 'Ender', email: 'session.ender@example.org' }).go();
    cookie = await cookieFor(ACTOR);
    // Ids of other people's things: users, locations, roles, tracks, their permissions and notifications.
    const participant = demoUser('participant@example.org');
    const participantCookie = await cookieFor(participant.email);
    const notifications = await invoke(await serviceHandler('notification'), '/api/notification/user-notifications', { cookie: participantCookie, query: 'limit=50' });
    const permissions = await invoke(await serviceHandler('user'), `/api/user/user-visible-locations/${participant.id}`, { cookie });
    // Every request below relies on these sessions: a refused one would turn the run into 401s.
    expect([notifications.status, permissions.status]).toEqual([200, 200]);
    ids = [
      ...DEMO_USERS.filter((user) => user.email !== ACTOR).map((user) => user.id),
      ...Object.values(DEMO_LOCATION_IDS),
      ...Object.values(DEMO_INSTANCE_IDS),
      ...SYSTEM_ROLES.map((role) => role.id),
      ...notifications.body.userNotifications.map((n: { notificationId: string }) => n.notificationId),
      ...permissions.body.map((p: { id: string }) => p.id),
    ];
  });

  afterAll(async () => {
    await signIn?.stop();
    console.log(`generated bad input: ${totals.requests} requests, ${totals.ok} 2xx/3xx, ${totals.clientErrors} 4xx, ${totals.serverErrors} 5xx`, totals.byStatus);
  });

  describe.concurrent(`generated bad input (part ${part} of ${parts})`, () => {
    contracts.forEach((contract, index) => {
      if (index % parts !== part - 1) return;
      // Session-ending routes run one request at a time, so they get a longer allowance on a busy machine.
      const timeout = ENDS_SESSIONS[contract.id] ? 600_000 : 120_000;
      it(`${contract.id}: ${RUNS} generated requests, no 5xx, every 4xx with a clear message`, { timeout }, async () => {
        const handler = await serviceHandler(contract.service);
        const findings: Finding[] = [];
        const requests = fc.sample(requestsFor(contract, ids), { numRuns: RUNS, seed: SEED + index });
        // A route that ends its caller's sessions runs one request at a time (each would end the others').
        await inParallel(requests, ENDS_SESSIONS[contract.id] ? 1 : IN_FLIGHT_PER_ROUTE, async (request) => {
          const res = await invoke(handler, request.path, {
            method: request.method,
            query: request.query,
            rawBody: request.rawBody,
            cookie: contract.access === 'public' ? undefined : ENDS_SESSIONS[contract.id] ? await cookieForUser(ENDS_SESSIONS[contract.id]) : cookie,
          });
          totals.requests += 1;
          totals.byStatus[res.status] = (totals.byStatus[res.status] ?? 0) + 1;
          if (res.status >= 500) totals.serverErrors += 1;
          else if (res.status >= 400) totals.clientErrors += 1;
          else totals.ok += 1;
          const refused = res.status === 401 && contract.access === 'session' ? 'the signed-in actor was refused' : null;
          const problem = res.status >= 500 ? 'server error' : refused ?? (res.status >= 400 ? unclear(res.status, res.body) : null);
          if (problem) findings.push({ request: shortened(request), status: res.status, body: res.body });
        });
        expect(findings.slice(0, 3), `${findings.length} of ${RUNS} requests`).toEqual([]);
      });
    });
  });
}
