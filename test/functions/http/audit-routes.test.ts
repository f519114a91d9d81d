import { handler as audit } from '../../../functions/http/audit/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { transact } from '../../../functions/db/transact';
import { auditEntryWrite, type AuditActor } from '../../../functions/core/records/audit-write';
import type { AuditPage } from '../../../shared/schemas/audit';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/** The audit trail's readers: who reads which History and organisation page, paging, filters and the CSV export. */
let superadmin: string;
let conferenceAdmin: string;
let districtAdmin: string;
let participant: string;
let person: string;
const admin: AuditActor = { actorId: 'demo-admin-x', actorName: 'Ada Admin' };
const job: AuditActor = { actorId: 'job:j-1', actorName: 'Jo Jobstarter', onBehalfOf: 'demo-jo' };
const conferenceChain = [ids.jurisdiction1, ids.episcopalArea1, ids.conference1];
const DAY = 86_400_000;
const start = Date.parse('2026-01-01T12:00:00.000Z');

const history = (cookie: string, path: string, query = '') => invoke(audit, `/api/audit/history/${path}`, { cookie, query });
const organisation = (cookie: string, query: string) => invoke(audit, '/api/audit/organisation', { cookie, query });

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin, districtAdmin, participant] = await Promise.all(
    ['superadmin@example.org', 'conference.admin@example.org', 'district.admin@example.org', 'participant@example.org'].map(cookieFor),
  );
  person = await putTestUser({ firstName: 'Hal', lastName: 'History', locationId: ids.church1 });
  await transact([
    auditEntryWrite({ actor: admin, chain: 'User', recordId: person, action: 'user.membership.added', kind: 'memberships', subject: '=HYPERLINK("http://x")', changes: [], scopeIds: conferenceChain, auditScope: ids.conference1, at: new Date(start - DAY) }),
  ]);
  // Seven entries a day apart: tags by the admin, the rest by a job the admin's colleague started.
  for (let day = 0; day < 7; day++) {
    const tags = day % 2 === 0;
    await transact([
      auditEntryWrite({
        actor: tags ? admin : job,
        chain: 'User',
        recordId: person,
        action: tags ? 'user.tag.added' : 'user.profile.updated',
        kind: tags ? 'tags' : 'profile',
        subject: 'Hal History',
        changes: [{ field: tags ? 'tag' : 'title', after: `=value ${day}` }],
        scopeIds: [...conferenceChain, ids.district1, ids.church1],
        auditScope: ids.conference1,
        at: new Date(start + day * DAY),
      }),
    ]);
  }
});

describe("a person's History", () => {
  it('pages newest first with a cursor, each entry with its actor, action, kind and changes', async () => {
    const first = await history(superadmin, `User/${person}`, 'limit=3');
    expect(first.status).toBe(200);
    const page = first.body as AuditPage;
    expect(page.data.map((entry) => entry.changes[0].after)).toEqual(['=value 6', '=value 5', '=value 4']);
    expect(page.data[0]).toMatchObject({ chainKind: 'User', recordId: person, actorId: 'demo-admin-x', actorName: 'Ada Admin', action: 'user.tag.added', kind: 'tags', subject: 'Hal History', sealed: false });
    expect(page.data[1]).toMatchObject({ actorId: 'job:j-1', onBehalfOf: 'demo-jo' });
    const second = (await history(superadmin, `User/${person}`, `limit=3&cursor=${page.cursor}`)).body as AuditPage;
    expect(second.data.map((entry) => entry.changes[0].after)).toEqual(['=value 3', '=value 2', '=value 1']);
    const last = (await history(superadmin, `User/${person}`, `limit=3&cursor=${second.cursor}`)).body as AuditPage;
    expect(last.data.at(-1)?.kind).toBe('memberships');
    expect(last.data.map((entry) => entry.changes[0]?.after)).toEqual(['=value 0', undefined]);
    expect(last.cursor).toBeNull();
  });

  it('filters by kind and by author (a job counts for the person who started it)', async () => {
    const tags = (await history(superadmin, `User/${person}`, 'kind=tags&limit=2')).body as AuditPage;
    expect(tags.data.map((entry) => entry.changes[0].after)).toEqual(['=value 6', '=value 4']);
    const rest = (await history(superadmin, `User/${person}`, `kind=tags&limit=2&cursor=${tags.cursor}`)).body as AuditPage;
    expect(rest.data.map((entry) => entry.changes[0].after)).toEqual(['=value 2', '=value 0']);
    const byJo = (await history(superadmin, `User/${person}`, 'author=demo-jo')).body as AuditPage;
    expect(byJo.data.map((entry) => entry.kind)).toEqual(['profile', 'profile', 'profile']);
    expect(byJo.cursor).toBeNull();
    expect((await history(superadmin, `User/${person}`, 'kind=nonsense')).status).toBe(400);
    expect((await history(superadmin, `User/${person}`, 'limit=51')).status).toBe(400);
  });

  it('is read by those who may update the person there; not by the person, nor outside their scope', async () => {
    expect((await history(conferenceAdmin, `User/${person}`)).status).toBe(200);
    expect((await history(districtAdmin, `User/${person}`)).status).toBe(200);
    const elsewhere = await putTestUser({ firstName: 'Far', lastName: 'Away', locationId: ids.district3 });
    expect((await history(districtAdmin, `User/${elsewhere}`)).status).toBe(404);
    expect((await history(participant, `User/${demoUser('participant@example.org').id}`)).status).toBe(403);
    expect((await history(superadmin, 'User/nobody-at-all')).status).toBe(404);
  });

  it("a location's, a role's and an announcement's History follow who may update them", async () => {
    expect((await history(conferenceAdmin, `Location/${ids.district1}`)).status).toBe(200);
    expect((await history(conferenceAdmin, `Location/${ids.district3}`)).status).toBe(403);
    expect((await history(districtAdmin, `Location/${ids.conference1}`)).status).toBe(403);
    expect((await history(superadmin, 'Role/role-advisor')).status).toBe(200);
    expect((await history(participant, 'Role/role-advisor')).status).toBe(403);
    expect((await history(superadmin, 'Announcement/no-such-announcement')).status).toBe(404);
  });
});

describe('the organisation page', () => {
  it("shows a conference's entries to its conference admin, between dates, and refuses another conference and the system scope", async () => {
    const page = (await organisation(conferenceAdmin, `scopeId=${ids.conference1}&from=2026-01-02&to=2026-01-04`)).body as AuditPage;
    expect(page.data.map((entry) => entry.changes[0].after)).toEqual(['=value 3', '=value 2', '=value 1']);
    const authored = (await organisation(conferenceAdmin, `scopeId=${ids.conference1}&author=demo-admin-x&from=2026-01-01&to=2026-01-31`)).body as AuditPage;
    expect(authored.data).toHaveLength(4);
    expect((await organisation(conferenceAdmin, `scopeId=${ids.conference2}`)).status).toBe(403);
    expect((await organisation(conferenceAdmin, 'scopeId=system')).status).toBe(403);
    expect((await organisation(districtAdmin, `scopeId=${ids.conference1}`)).status).toBe(403);
    expect((await organisation(superadmin, 'scopeId=system')).status).toBe(200);
  });

  it('exports CSV with the same filters, a header row, and formulas defused', async () => {
    const res = await invoke(audit, '/api/audit/organisation/csv', { cookie: conferenceAdmin, query: `scopeId=${ids.conference1}&kind=tags&from=2026-01-01&to=2026-01-31` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = String(res.body).trim().split('\r\n');
    // UTF-8 with a byte-order mark (the export engine's CSV), so a spreadsheet reads accents right.
    expect(String(res.body).startsWith('\ufeff"at",')).toBe(true);
    expect(lines[0]).toBe('"at","record","subject","kind","action","actor","on behalf of","changes","sealed"');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain('"tag:  -> =value 6"');
    expect(lines[1]).toContain('"Ada Admin (demo-admin-x)"');
    // A value that a spreadsheet would run as a formula is written as text.
    const formula = await invoke(audit, '/api/audit/organisation/csv', { cookie: conferenceAdmin, query: `scopeId=${ids.conference1}&kind=memberships` });
    expect(String(formula.body)).toContain(`"'=HYPERLINK(""http://x"")"`);
  });
});
