import { api } from '../../shared/api';
import { buildPath, type Contract } from '../../shared/api/contract';
import { DEMO_LOCATION_IDS } from '../../functions/db/seed/demo-organisation';
import { freePort } from '../local/ports';
import { startLocalRuntime } from '../local/runtime';
import { AS, demoUserId } from './accounts';
import { benchTarget, type BenchTarget } from './context';
import { createLocations, createRoles } from './fixtures';
import { CONCURRENCY } from './measure';
import { checkDirectory } from '../maintenance/directory-check';

/**
 * `npm run bench -- --soak <seconds>`: 10 clients mix writes and reads on a few shared items
 * (two churches, two roles, one user's locations and roles, one inbox) for that long, as
 * the superadmin, against the local runtime. Conflicts are expected (409); a 5xx is a bug.
 * Afterwards the directory drift check runs on the same data (runDriftCheck).
 */
type Call = { as: string; contract: Contract; params?: Record<string, string>; query?: string; body?: unknown };
type Shared = { churchIds: string[]; roleIds: string[]; userId: string; notificationId: string };
type Op = { name: string; call: (shared: Shared, client: number, round: number, target: BenchTarget) => Promise<Call> };

const PAGE = 'limit=10&offset=0';
const pick = <T>(items: T[], n: number) => items[n % items.length];

/** Reads the item's current version first, like an editor opening the form; the rename races the other clients. */
async function versionOf(target: BenchTarget, path: string): Promise<number> {
  return (await target.ctx.api<{ version: number }>(AS.superadmin, 'GET', path)).version;
}

const OPS: Op[] = [
  {
    name: 'rename church',
    call: async (s, client, round, target) => {
      const id = pick(s.churchIds, round);
      const version = await versionOf(target, buildPath(api.church.get.path, { id }));
      return { as: AS.superadmin, contract: api.church.update, body: { id, version, name: `Soak church ${client}-${round}` } };
    },
  },
  {
    name: 'rename role',
    call: async (s, client, round, target) => {
      const id = pick(s.roleIds, round);
      const version = await versionOf(target, buildPath(api.role.get.path, { id }));
      return { as: AS.superadmin, contract: api.role.update, body: { id, version, name: `Soak role ${client}-${round}` } };
    },
  },
  {
    name: 'give and take a location',
    call: async (s, _client, round, target) => {
      const body = { userId: s.userId, entity: 'Church', entityId: pick(s.churchIds, round) };
      const granted = await target.ctx.api<{ id: string }>(AS.superadmin, api.user.addLocation.method, api.user.addLocation.path, body);
      return { as: AS.superadmin, contract: api.user.removeLocation, params: { permissionId: granted.id } };
    },
  },
  {
    name: 'give or take a role',
    call: async (s, _client, round) => ({ as: AS.superadmin, contract: round % 2 ? api.role.unassign : api.role.assign, body: { userIds: [s.userId], roleId: pick(s.roleIds, round) } }),
  },
  {
    name: 'mark a notification',
    call: async (s, _client, round) => ({ as: AS.participant, contract: api.notification.setRead, params: { id: s.notificationId, isread: String(round % 2 === 0) } }),
  },
  { name: 'list churches', call: async () => ({ as: AS.superadmin, contract: api.church.list, query: PAGE }) },
  { name: 'read a church', call: async (s, _client, round) => ({ as: AS.superadmin, contract: api.church.get, params: { id: pick(s.churchIds, round) } }) },
  { name: 'list roles', call: async () => ({ as: AS.superadmin, contract: api.role.list, query: PAGE }) },
  { name: 'read the inbox', call: async () => ({ as: AS.participant, contract: api.notification.userNotifications, query: PAGE }) },
];

type Tally = { requests: number; ok: number; conflicts: number; otherClientErrors: number; serverErrors: number; firstClientError?: string; firstServerError?: string };

async function prepareShared(target: BenchTarget): Promise<Shared> {
  const churchIds = await createLocations(target.ctx, 'church', DEMO_LOCATION_IDS.district1, 2, 'soak');
  const roleIds = await createRoles(target.ctx, 2, 'soak');
  const inbox = await target.ctx.api<{ userNotifications: { notificationId: string }[] }>(AS.participant, 'GET', `${api.notification.userNotifications.path}?${PAGE}`);
  const notificationId = inbox.userNotifications[0]?.notificationId;
  if (!notificationId) throw new Error('The demo participant has no notification to mark');
  return { churchIds, roleIds, userId: demoUserId(AS.advisor), notificationId };
}

/**
 * The drift check after the soak (`npm run check:directory` does the same): every list entry,
 * counter and copied name compared with its sources, once the stream has caught up.
 */
async function runDriftCheck(): Promise<{ checked: number; differences: number; first: string[] }> {
  const report = await checkDirectory();
  return { checked: report.entriesChecked + report.countersChecked + report.copiesChecked, differences: report.differences.length, first: report.differences.slice(0, 10) };
}

async function send(target: BenchTarget, call: Call): Promise<{ status: number; text: string }> {
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const headers: Record<string, string> = { cookie: await target.cookieFor(call.as), ...(body ? { 'content-type': 'application/json' } : {}) };
  const res = await fetch(`${target.url}${buildPath(call.contract.path, call.params)}${call.query ? `?${call.query}` : ''}`, { method: call.contract.method, headers, body, redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}

export async function runSoak(seconds: number): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  const runtime = await startLocalRuntime({ port: await freePort(), inMemory: true, quiet: true });
  const target = benchTarget(runtime);
  const tallies = new Map<string, Tally>(OPS.map((op) => [op.name, { requests: 0, ok: 0, conflicts: 0, otherClientErrors: 0, serverErrors: 0 }]));
  try {
    const shared = await prepareShared(target);
    const deadline = Date.now() + seconds * 1000;
    const client = async (number: number) => {
      for (let round = number; Date.now() < deadline; round += CONCURRENCY) {
        const op = pick(OPS, round);
        const tally = tallies.get(op.name)!;
        let result: { status: number; text: string };
        try {
          result = await send(target, await op.call(shared, number, round, target));
        } catch (error) {
          // A preparatory read or grant that failed: an error of the same kind as the call's own.
          const status = Number(/answered (\d{3})/.exec((error as Error).message)?.[1] ?? 599);
          result = { status, text: (error as Error).message };
        }
        tally.requests += 1;
        if (result.status < 400) tally.ok += 1;
        else if (result.status === 409) tally.conflicts += 1;
        else if (result.status < 500) {
          tally.otherClientErrors += 1;
          tally.firstClientError ??= `${result.status} ${result.text.slice(0, 120)}`;
        } else {
          tally.serverErrors += 1;
          tally.firstServerError ??= `${result.status} ${result.text.slice(0, 200)}`;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, number) => client(number)));
    await target.streamIdle();

    const rows = [...tallies].map(([op, tally]) => ({ op, ...tally }));
    const total = rows.reduce((sum, row) => ({ requests: sum.requests + row.requests, serverErrors: sum.serverErrors + row.serverErrors, conflicts: sum.conflicts + row.conflicts }), { requests: 0, serverErrors: 0, conflicts: 0 });
    console.log(`\nSoak: ${seconds} s, ${CONCURRENCY} clients on shared items (local runtime over HTTP)`);
    console.table(rows);
    console.log(`requests ${total.requests}, 5xx ${total.serverErrors}, 409 ${total.conflicts}`);
    console.log('Drift check:', JSON.stringify(await runDriftCheck(), null, 2));
    if (total.serverErrors > 0) process.exitCode = 1;
  } finally {
    await runtime.stop();
  }
}
