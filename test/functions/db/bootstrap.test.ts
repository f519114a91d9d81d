import { readFileSync } from 'node:fs';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { bootstrap, type BootstrapInput } from '../../../bin/bootstrap/run';
import { checkDirectory } from '../../../bin/maintenance/directory-check';
import { loadUserAggregate } from '../../../functions/db/access/user-aggregate';
import { documentClient } from '../../../functions/db/client';
import { SYSTEM_LOCATION_ID } from '../../../functions/db/entities/location';
import { db } from '../../../functions/db/service';
import { config } from '../../../functions/lib/config';
import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';
import { LOCATION_KINDS } from '../../../shared/auth/vocabulary';

/** `npm run bootstrap` against this file's own empty table, with the local identity adapter. */
const SAMPLE = { text: readFileSync(new URL('../../../docs/organisation.sample.csv', import.meta.url), 'utf8'), file: 'organisation.sample.csv' };
const ADMIN = { email: 'Admin@Conf.org', name: 'Ada Mary Lovelace' };

async function run(input: Partial<BootstrapInput>) {
  const lines: string[] = [];
  const outcome = await bootstrap({ ...ADMIN, ...input, print: (line) => lines.push(line) });
  return { ...outcome, lines };
}

/** The same value with every object's keys in order, so equal items print alike. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value instanceof Set) return [...value].sort();
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => [key, sortedKeys(inner)]));
  return value;
}

/** Every item of the table, in key order: "nothing written" means this did not change. */
async function tableItems(): Promise<string[]> {
  const items: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: config.tableName, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(page.Items ?? []).map((item) => JSON.stringify(sortedKeys(item))));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.sort();
}

async function locationsOf(kind: (typeof LOCATION_KINDS)[number]) {
  return (await db().entities.location.query.byKind({ kind }).go({ pages: 'all' })).data;
}

const csv = (...rows: string[]) => ({ text: ['kind,name,parent', ...rows].join('\n'), file: 'org.csv' });

// Each run projects every new location and user: allow for a machine shared with other test files.
const RUN_TIMEOUT_MS = 300_000;

describe('npm run bootstrap', () => {
  it('reports every bad row of the file and writes nothing, not even the roles', async () => {
    const outcome = await run({
      organisation: csv(
        'Jurisdiction,North Central Jurisdiction,',
        'Parish,St. Anne,North Central Jurisdiction',
        'Episcopal Area,,North Central Jurisdiction',
        'Conference,Lakeshore Conference,Great Lakes Episcopal Area',
        'Jurisdiction,North Central Jurisdiction,',
        'Jurisdiction,Western Jurisdiction,North Central Jurisdiction',
        'District,Harbor District,',
        'Church,Grace,Harbor District,extra',
      ),
    });
    expect(outcome.errors).toEqual([
      'org.csv: row 3, kind: unknown kind "Parish": use jurisdiction, episcopal area, conference, district or church',
      'org.csv: row 4, name: Name is required.',
      'org.csv: row 5, parent: unknown parent: no episcopal area "Great Lakes Episcopal Area" in this file or in the table',
      'org.csv: row 6, name: "North Central Jurisdiction" is also row 2: jurisdiction names are unique among jurisdictions',
      'org.csv: row 7, parent: a jurisdiction hangs from the System root: leave parent empty',
      'org.csv: row 8, parent: missing: the name of the conference it belongs to',
      'org.csv: row 9, row: 4 fields, but the header names 3 columns',
    ]);
    expect(outcome.lines[0]).toBe('Nothing was written: 7 problems to fix first.');
    expect(await tableItems()).toEqual([]);
  });

  it('refuses a bad header, a bad email and a one-word name, writing nothing', async () => {
    const outcome = await run({ email: 'not-an-email', name: 'Ada', organisation: { text: 'kind,title\nChurch,Grace\n', file: 'org.csv' } });
    expect(outcome.errors).toEqual([
      '--name: give a first and a last name, for example --name "Ada Lovelace" (got "Ada")',
      'org.csv: row 1, title: unknown column: the columns are kind, name, parent',
      'org.csv: row 1, name: the header lacks this column',
      'org.csv: row 1, parent: the header lacks this column',
    ]);
    expect((await run({ email: 'not-an-email' })).errors).toEqual(['--email: Invalid email address']);
    expect(await tableItems()).toEqual([]);
  });

  it('prints on a dry run what it would write, and writes nothing', async () => {
    const outcome = await run({ organisation: SAMPLE, dryRun: true });
    expect(outcome).toMatchObject({ errors: [], changes: true });
    expect(outcome.lines).toContain('Dry run: nothing is written.');
    expect(outcome.lines).toContain('System roles: 0 present, 10 would be created.');
    expect(outcome.lines).toContain('Organisation (organisation.sample.csv): 11 rows; to create: 1 jurisdiction, 1 episcopal area, 2 conferences, 3 districts, 4 churches; already there: 0.');
    expect(outcome.lines).toContain('  row 12: create church "North Central Jurisdiction > Great Lakes Episcopal Area > Prairie Conference > North District > First Church"');
    expect(outcome.lines).toContain('Superadmin admin@conf.org: would be created with the Superadmin role and invited.');
    expect(await tableItems()).toEqual([]);
  });

  it(
    'bootstraps an empty table: system roles, System root, the organisation and the invited superadmin, with a clean directory',
    async () => {
      const outcome = await run({ organisation: SAMPLE });
      expect(outcome.errors).toEqual([]);
      expect(outcome.lines.at(-1)).toBe('Done.');

      const { data: roles } = await db().entities.role.query.list({}).go();
      expect(roles.map((role) => role.roleId).sort()).toEqual(SYSTEM_ROLES.map((role) => role.id).sort());
      expect(roles.every((role) => role.system)).toBe(true);
      expect((await db().entities.location.get({ locationId: SYSTEM_LOCATION_ID }).go()).data?.kind).toBe('System');

      const counts = Object.fromEntries(await Promise.all(LOCATION_KINDS.map(async (kind) => [kind, (await locationsOf(kind)).length])));
      expect(counts).toEqual({ Jurisdiction: 1, EpiscopalArea: 1, Conference: 2, District: 3, Church: 4 });
      const prairie = (await locationsOf('Conference')).find((conference) => conference.name === 'Prairie Conference')!;
      const firstChurches = (await locationsOf('Church')).filter((church) => church.name === 'First Church');
      const inPrairie = firstChurches.find((church) => church.ancestors.conferenceId === prairie.locationId)!;
      expect(inPrairie).toMatchObject({ parentName: 'North District', version: 1, active: true });
      expect(inPrairie.ancestorIds).toHaveLength(5);
      expect(firstChurches).toHaveLength(2);
      const [area] = await locationsOf('EpiscopalArea');
      expect(area!.childNames).toEqual(['Lakeshore Conference', 'Prairie Conference']);

      const superadmin = await loadUserAggregate(outcome.superadminId!, { consistent: true });
      expect(superadmin?.user).toMatchObject({ email: 'admin@conf.org', firstName: 'Ada Mary', lastName: 'Lovelace' });
      expect(superadmin?.roles.map((role) => role.roleName)).toEqual(['Superadmin']);
      // The local identity adapter's invitation: a set-password token, and the email in the outbox.
      expect((await db().entities.localAccount.get({ email: 'admin@conf.org' }).go()).data?.invitationHash).toBeTruthy();
      expect((await tableItems()).filter((item) => item.includes('"__edb_e__":"outbox"') && item.includes('admin@conf.org'))).toHaveLength(1);

      const report = await checkDirectory();
      expect(report.differences).toEqual([]);
      expect(report.entriesChecked).toBeGreaterThan(0);
    },
    RUN_TIMEOUT_MS,
  );

  it('writes nothing the second time, and says so', async () => {
    const before = await tableItems();
    const outcome = await run({ organisation: SAMPLE });
    expect(outcome).toMatchObject({ errors: [], changes: false });
    expect(outcome.lines).toContain('System roles: 10 present.');
    expect(outcome.lines).toContain('System root: present.');
    expect(outcome.lines).toContain('Organisation (organisation.sample.csv): 11 rows; to create: none; already there: 11.');
    expect(outcome.lines.at(-1)).toBe('Nothing to do: everything is already there.');
    expect(await tableItems()).toEqual(before);
  });

  it(
    'adds to an organisation already in the table, finding parents there by name or path',
    async () => {
      const more = csv(
        'Church,Lakeside Chapel,South District',
        'District,East District,Lakeshore Conference',
        'Church,Eastgate Church,East District',
        'Church,"Mission ""Hope""",Lakeshore Conference > North District',
        'church,first church,prairie conference > north district',
      );
      const before = await tableItems();
      const dry = await run({ organisation: more, dryRun: true });
      expect(dry.lines).toContain('Organisation (org.csv): 5 rows; to create: 1 district, 3 churches; already there: 1.');
      expect(dry.lines).toContain('  row 6: present church "North Central Jurisdiction > Great Lakes Episcopal Area > Prairie Conference > North District > First Church"');
      expect(await tableItems()).toEqual(before);

      const outcome = await run({ organisation: more });
      expect(outcome).toMatchObject({ errors: [], changes: true });
      expect((await locationsOf('Church')).map((church) => church.name).sort()).toEqual(['Bethel Chapel', 'Eastgate Church', 'First Church', 'First Church', 'Lakeside Chapel', 'Mission "Hope"', "St. Paul's, Harbor Street"]);
      expect((await checkDirectory()).differences).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );

  it('names an ambiguous parent and a deactivated one', async () => {
    const [south] = (await locationsOf('District')).filter((district) => district.name === 'South District');
    await db().entities.location.patch({ locationId: south!.locationId }).set({ active: false }).go();
    const outcome = await run({ organisation: csv('Church,New Hope,North District', 'Church,Old Mill,South District') });
    expect(outcome.errors).toEqual([
      'org.csv: row 2, parent: "North District" names 2 districts ("North Central Jurisdiction > Great Lakes Episcopal Area > Lakeshore Conference > North District", "North Central Jurisdiction > Great Lakes Episcopal Area > Prairie Conference > North District"): write the parent\'s path, for example "North Central Jurisdiction > Great Lakes Episcopal Area > Lakeshore Conference > North District"',
      'org.csv: row 3, parent: the district "North Central Jurisdiction > Great Lakes Episcopal Area > Lakeshore Conference > South District" is deactivated: reactivate it in the app first',
    ]);
    await db().entities.location.patch({ locationId: south!.locationId }).set({ active: true }).go();
  });

  it('gives the Superadmin role to a user the table already has, without inviting them again', async () => {
    await db().entities.user.create({ userId: 'user-plain', email: 'plain@conf.org', firstName: 'Plain', lastName: 'User' }).go();
    await db().entities.userEmail.create({ email: 'plain@conf.org', userId: 'user-plain' }).go();
    const outcome = await run({ email: 'plain@conf.org', name: 'Plain User' });
    expect(outcome.lines).toContain('Gave plain@conf.org (user user-plain) the Superadmin role.');
    expect((await loadUserAggregate('user-plain', { consistent: true }))?.roles.map((role) => role.roleName)).toEqual(['Superadmin']);
    expect((await tableItems()).filter((item) => item.includes('"__edb_e__":"outbox"') && item.includes('plain@conf.org'))).toEqual([]);
    expect((await checkDirectory()).differences).toEqual([]);
  });

  it('sends a fresh invitation with --reinvite to a superadmin who never signed in', async () => {
    const other = await run({ email: 'second@conf.org', name: 'Grace Hopper' });
    expect(other.lines).toContain('Created the superadmin second@conf.org (user ' + other.superadminId + ') and sent the invitation.');
    const again = await run({ email: 'second@conf.org', name: 'Grace Hopper', reinvite: true });
    expect(again.lines).toContain(`Superadmin second@conf.org: present with the Superadmin role (user ${other.superadminId}); has not signed in yet; a fresh invitation to be sent.`);
    expect(again.lines).toContain('Sent second@conf.org a fresh invitation.');
    expect((await tableItems()).filter((item) => item.includes('"__edb_e__":"outbox"') && item.includes('second@conf.org'))).toHaveLength(2);
  });
});
