import { handler as conferences } from '../../../functions/http/conference/handler';
import { db } from '../../../functions/db/service';
import { jobFaults, runJobStep, runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { importJobChunk } from '../../../functions/core/imports/import-job';
import { DEMO_LOCATION_IDS as places } from '../../../functions/db/seed/demo-organisation';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, importFileMessages, type ImportPreview, type ImportResult } from '../../../shared/imports/csv-import';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { withCountedRequests } from '../../support/dynamo';
import { pendingNotificationsFor } from '../../support/notifications';
import { entriesOf } from '../../support/audit-entries';
import { chainIdOf } from '../../../functions/core/records/audit-write';
import { STATUS_NOT_ALLOWED } from '../../../functions/core/step-work/step-work';
import { cookieOf as sessionOf, customRole, placeUser } from './access-fixtures';

/**
 * CSV import of people and enrolments (issue 27, items 4 and 6) through its routes: every row
 * checked before anything is written, the ready rows imported by a job through Add User and Add
 * Participant, a second run changing nothing, and only a conference's admins (and superadmins)
 * importing, never granting what they could not hold.
 */
const TRACK = 'import-track';
const TRACK_NAME = 'Import Pathway';
const cookies = new Map<string, string>();
const cookieOf = async (email: string) => cookies.get(email) ?? cookies.set(email, await cookieFor(email)).get(email)!;

/** A CSV record as a spreadsheet writes it: cells with a comma, quote or line break quoted. */
const csvLine = (cells: readonly string[]) => cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');
const csvOf = (kind: 'people' | 'enrolments', rows: string[][]) => [IMPORT_COLUMNS[kind], ...rows].map(csvLine).join('\r\n') + '\r\n';

async function preview(who: string, kind: 'people' | 'enrolments', csv: string, conferenceId: string = places.conference1) {
  return invoke(conferences, `/api/conference/${conferenceId}/import/preview`, { method: 'POST', cookie: await cookieOf(who), body: { kind, csv } });
}

async function previewOk(kind: 'people' | 'enrolments', csv: string, who = ADMIN): Promise<ImportPreview> {
  const response = await preview(who, kind, csv);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as ImportPreview;
}

async function start(importId: string, sendInvitations = false, who = ADMIN, conferenceId: string = places.conference1) {
  return invoke(conferences, `/api/conference/${conferenceId}/import/${importId}`, { method: 'POST', cookie: await cookieOf(who), body: { sendInvitations } });
}

async function importAll(importId: string, sendInvitations = false): Promise<ImportResult> {
  const response = await start(importId, sendInvitations);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  const job = await runJobToEnd(response.body.jobId, jobKinds, 100_000);
  expect(job?.status, job?.error).toBe('succeeded');
  return job!.result as ImportResult;
}

const ADMIN = 'conference.admin@example.org';
const SUPERADMIN = 'superadmin@example.org';

async function userByEmail(email: string) {
  const { data: claim } = await db().entities.userEmail.get({ email }).go();
  if (!claim) return null;
  const { data } = await db().collections.userAggregate({ userId: claim.userId }).go();
  return { user: data.user[0], roles: data.userRole, permissions: data.permission };
}

/** Invitation emails to an address (a Scan of this file's small outbox: test only). */
async function invitationsTo(email: string): Promise<number> {
  const { data } = await db().entities.outbox.scan.go({ pages: 'all' });
  return data.filter((item) => item.kind === 'email' && (item.payload as { to: string; subject: string }).to === email && (item.payload as { subject: string }).subject.includes('invitation')).length;
}

/** Blue Ridge's track: one phase, a first step open from the start and a second after it. */
async function putTrack(): Promise<void> {
  await db().entities.trackTemplate.put({ trackTemplateId: TRACK, name: TRACK_NAME, description: 'Import tests', conferenceId: places.conference1, status: 'active', disabled: false }).go();
  await db().entities.phaseTemplate.put({ trackTemplateId: TRACK, phaseId: 'imp-p1', name: 'Phase 1', order: 1 }).go();
  await db().entities.stepTemplate
    .put([
      { trackTemplateId: TRACK, phaseId: 'imp-p1', stepTemplateId: 'imp-s1', name: 'Orientation', required: true, prerequisites: [] },
      { trackTemplateId: TRACK, phaseId: 'imp-p1', stepTemplateId: 'imp-s2', name: 'Interview', required: true, prerequisites: ['imp-s1'] },
    ])
    .go();
}

beforeAll(async () => {
  await seedDemo();
  await putTrack();
});

describe('a file that cannot be read', () => {
  it('refuses an empty file, a header alone, wrong columns and too many rows with a clear message, writing nothing', async () => {
    const cases: Array<[string, string]> = [
      ['', importFileMessages.empty],
      ['\uFEFF  \r\n', importFileMessages.empty],
      [`${IMPORT_COLUMNS.people.join(',')}\r\n`, importFileMessages.noRows],
      ['Name,Mail\r\nAda,ada@example.org\r\n', importFileMessages.columns('people')],
      [`${IMPORT_COLUMNS.people.join(',')}\r\n"Ada,Lovelace,ada@example.org,,,\r\n`, 'a quote is opened and never closed'],
      [csvOf('people', Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, index) => ['A', 'B', `x${index}@example.org`, '', '', ''])), importFileMessages.tooManyRows],
    ];
    for (const [csv, message] of cases) {
      const response = await preview(ADMIN, 'people', csv);
      expect(response.status, csv.slice(0, 40)).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message.replace(/"/g, '\\"'));
    }
    const wrong = await preview(ADMIN, 'enrolments', csvOf('people', [['Ada', 'Lovelace', 'ada@example.org', '', '', '']]));
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('Person email, Track, Advisor email, Status, Current step');
    const { data } = await db().entities.importChunk.scan.go({ pages: 'all' });
    expect(data).toEqual([]);
  });

  it('refuses a file past the size limit before reading it (413 past the API body limit, 400 past the import limit)', async () => {
    const huge = 'x'.repeat(50 * 1024 * 1024);
    const over = await invoke(conferences, `/api/conference/${places.conference1}/import/preview`, { method: 'POST', cookie: await cookieOf(ADMIN), rawBody: JSON.stringify({ kind: 'people', csv: huge }) });
    expect(over.status).toBe(413);
    const large = await preview(ADMIN, 'people', `${IMPORT_COLUMNS.people.join(',')}\r\n${'a,'.repeat(400 * 1024)}`);
    expect(large.status).toBe(400);
    expect(JSON.stringify(large.body)).toContain(importFileMessages.tooLarge);
  });
});

describe('people', () => {
  it('shows every row with its problems, imports only the ready ones, invites only when asked, and a second run changes nothing', async () => {
    const csv = csvOf('people', [
      ['Ada', 'Lovelace', 'Ada.Import@Example.org', '(555) 010-0199', 'Foothills District', 'Advisor'],
      ['Blaise', 'Pascal', 'blaise.import@example.org', '', 'Grace Chapel', ''],
      ['Carl', 'Gauss', 'carl.import@example.org', '', '', 'Mentor; Interviewer'],
      ['Dup', 'Licate', 'ada.import@example.org', '', 'Foothills District', ''],
      ['=HYPERLINK("http://evil.example/x","Click")', 'Evil', 'evil.import@example.org', '', '', ''],
      ['Nora', 'Nowhere', 'nora.import@example.org', '', 'Atlantis District', ''],
      ['Sam', 'Super', 'sam.import@example.org', '', '', 'Superadmin'],
      ['Una', 'Known', 'una.import@example.org', '', '', 'Archbishop'],
      ['Already', 'Here', 'participant@example.org', '', '', ''],
      ['Far', 'Away', 'far.import@example.org', '', 'High Plains District', ''],
      ['Bad', 'Phone', 'bad.phone@example.org', '12', '', ''],
    ]);
    const checked = await previewOk('people', csv);
    const messages = (line: number) => checked.rows.find((row) => row.line === line)!.messages.join(' ');
    expect(checked.summary).toEqual({ rows: 11, ready: 3, unchanged: 1, problems: 7 });
    expect(checked.rows.slice(0, 3).map((row) => row.status)).toEqual(['ready', 'ready', 'ready']);
    expect(messages(5)).toContain('also on line 2');
    expect(messages(6)).toContain('First name starts with =, +, - or @');
    expect(messages(7)).toContain('No active district or church named "Atlantis District" in Blue Ridge Conference.');
    expect(messages(8)).toContain('You may not give the Superadmin role.');
    expect(messages(9)).toContain('No role named "Archbishop".');
    expect(checked.rows[8]).toMatchObject({ status: 'unchanged', messages: [expect.stringContaining('Already exists')] });
    expect(messages(11)).toContain('No active district or church named "High Plains District"');
    expect(messages(12)).toContain('Phone');

    const result = await importAll(checked.importId!, true);
    expect(result).toEqual({ imported: 3, unchanged: 0, failed: [], moreFailed: 0 });
    const ada = await userByEmail('ada.import@example.org');
    expect(ada?.user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '555-010-0199' });
    expect(ada?.roles.map((role) => role.roleName)).toEqual(['Advisor']);
    expect(ada?.permissions).toEqual([expect.objectContaining({ entityId: places.district1, primary: true })]);
    const blaise = await userByEmail('blaise.import@example.org');
    expect(blaise?.permissions).toEqual([expect.objectContaining({ entityId: places.district1 })]);
    const { data: memberships } = await db().entities.churchMembership.query.byUser({ userId: blaise!.user!.userId }).go();
    expect(memberships.map((item) => item.churchId)).toEqual([places.church1]);
    const carl = await userByEmail('carl.import@example.org');
    expect(carl?.permissions).toEqual([expect.objectContaining({ entityId: places.conference1 })]);
    expect(carl?.roles.map((role) => role.roleName).sort()).toEqual(['Interviewer', 'Mentor']);
    expect(await userByEmail('evil.import@example.org')).toBeNull();
    expect(await userByEmail('sam.import@example.org')).toBeNull();
    expect(await invitationsTo('ada.import@example.org')).toBe(1);

    // The same preview again: the same job, nothing more. The same file again: nothing ready.
    const again = await start(checked.importId!, true);
    expect(again.status).toBe(202);
    expect(again.body.jobId).toBe(`${checked.importId}-job`);
    const second = await previewOk('people', csv);
    expect(second.summary).toEqual({ rows: 11, ready: 0, unchanged: 4, problems: 7 });
    expect(second.importId).toBeUndefined();
    expect(await invitationsTo('ada.import@example.org')).toBe(1);
  });

  it('sends no invitation unless asked, and a step repeated after a crash finishes its rows without a second person', async () => {
    const checked = await previewOk('people', csvOf('people', [
      ['Quiet', 'One', 'quiet.one@example.org', '', 'Lakeside District', 'Mentor'],
      ['Quiet', 'Two', 'quiet.two@example.org', '', 'Lakeside District', 'Mentor'],
    ]));
    const response = await start(checked.importId!, false);
    const jobId = response.body.jobId as string;
    // A crash after the first row was written and before the step saved its progress: the restart repeats that row.
    importJobChunk.rows = 1;
    jobFaults.failAfterWork = true;
    try {
      await expect(runJobStep(jobId, jobKinds)).rejects.toThrow(/Injected/);
    } finally {
      jobFaults.failAfterWork = false;
    }
    expect(await userByEmail('quiet.one@example.org')).not.toBeNull();
    await db().entities.job.patch({ jobId }).set({ leaseUntil: 0 }).go();
    const job = await runJobToEnd(jobId, jobKinds).finally(() => (importJobChunk.rows = 25));
    expect(job?.result).toEqual({ imported: 2, unchanged: 0, failed: [], moreFailed: 0 });
    expect(await invitationsTo('quiet.one@example.org')).toBe(0);
    expect((await userByEmail('quiet.two@example.org'))?.roles.map((role) => role.roleName)).toEqual(['Mentor']);
  });
});

describe('places by name', () => {
  it('asks for the district when two churches of the conference share a name', async () => {
    for (const districtId of [places.district1, places.district2]) {
      const { data: district } = await db().entities.location.get({ locationId: districtId }).go();
      const locationId = `twin-${districtId}`;
      await db().entities.location.put({ locationId, kind: 'Church', name: 'Twin Chapel', parentId: districtId, ancestorIds: [...district!.ancestorIds, locationId], active: true }).go();
    }
    const checked = await previewOk('people', csvOf('people', [['Tia', 'Twin', 'tia.twin@example.org', '', 'Twin Chapel', '']]));
    expect(checked.rows[0]!.messages).toEqual(['Several churches in Blue Ridge Conference are named "Twin Chapel": name the district instead.']);
  });
});

describe('who may import', () => {
  const one = () => csvOf('people', [['Who', 'May', 'who.may@example.org', '', '', '']]);

  it('refuses a district admin and a participant (403), and a conference admin in another conference (403)', async () => {
    expect((await preview('district.admin@example.org', 'people', one())).status).toBe(403);
    expect((await preview('participant@example.org', 'people', one())).status).toBe(403);
    expect((await preview(ADMIN, 'people', one(), places.conference2)).status).toBe(403);
  });

  it("lets a superadmin grant Superadmin; nobody starts someone else's preview (404)", async () => {
    const checked = await previewOk('people', csvOf('people', [['Sue', 'Peradmin', 'sue.peradmin@example.org', '', '', 'Superadmin']]), SUPERADMIN);
    expect(checked.summary.ready).toBe(1);
    expect((await start(checked.importId!, false, ADMIN)).status).toBe(404);
    expect((await start('imp-unknown', false, ADMIN)).status).toBe(404);
  });
});

describe('enrolments', () => {
  it('checks person, track, advisor, status and step, imports the ready rows with their status, and a second run changes nothing', async () => {
    const people = await previewOk('people', csvOf('people', [
      ['Eve', 'Enrol', 'eve.enrol@example.org', '', 'Foothills District', ''],
      ['Finn', 'Enrol', 'finn.enrol@example.org', '', 'Foothills District', ''],
    ]));
    await importAll(people.importId!);
    const csv = csvOf('enrolments', [
      ['eve.enrol@example.org', TRACK_NAME, 'advisor@example.org', '', 'Orientation'],
      ['finn.enrol@example.org', TRACK_NAME, 'advisor@example.org', 'Withdrawn', ''],
      ['eve.enrol@example.org', TRACK_NAME, 'advisor@example.org', '', ''],
      ['nobody@example.org', TRACK_NAME, 'advisor@example.org', '', ''],
      ['eve.enrol@example.org', 'Unknown Track', 'advisor@example.org', '', ''],
      ['finn.enrol@example.org', TRACK_NAME, 'mentor@example.org', '', ''],
      ['finn.enrol@example.org', TRACK_NAME, 'advisor@example.org', 'Paused', 'Nowhere'],
    ]);
    const checked = await previewOk('enrolments', csv);
    const messages = (line: number) => checked.rows.find((row) => row.line === line)!.messages.join(' ');
    expect(checked.summary).toEqual({ rows: 7, ready: 2, unchanged: 0, problems: 5 });
    expect(messages(4)).toContain('also on line 2');
    expect(messages(5)).toContain('No person with the email "nobody@example.org"');
    expect(messages(6)).toContain('No active track named "Unknown Track"');
    expect(messages(7)).toContain('Advisors must hold the Advisor role.');
    expect(messages(8)).toContain('Status must be one of Open, Completed, Withdrawn, Discontinued.');
    expect(messages(8)).toContain('No active step named "Nowhere" in Import Pathway.');

    expect(await importAll(checked.importId!)).toEqual({ imported: 2, unchanged: 0, failed: [], moreFailed: 0 });
    const { data } = await db().entities.trackInstance.query.byTemplate({ trackTemplateId: TRACK }).go();
    const finn = (await userByEmail('finn.enrol@example.org'))!.user!.userId;
    expect(data).toHaveLength(2);
    expect(data.find((item) => item.participantId === finn)?.status).toBe('Withdrawn');

    const second = await previewOk('enrolments', csv);
    expect(second.summary).toMatchObject({ ready: 0, unchanged: 2 });
    expect((await start(checked.importId!)).body.jobId).toBe(`${checked.importId}-job`);
    expect((await db().entities.trackInstance.query.byTemplate({ trackTemplateId: TRACK }).go()).data).toHaveLength(2);
  });
});

const STEP_TRACK = 'import-step-track';
const STEP_TRACK_NAME = 'Step Pathway';
const BIG_TRACK = 'import-big-track';
const BIG_STEPS = 60;

type StepSpec = [id: string, name: string, prerequisites?: string[], inactive?: boolean];

/** A track of two phases (Calling, then Formation) with the steps given, in design order. */
async function putPhasedTrack(trackTemplateId: string, name: string, phases: StepSpec[][]): Promise<void> {
  await db().entities.trackTemplate.put({ trackTemplateId, name, description: 'Import tests', conferenceId: places.conference1, status: 'active', disabled: false }).go();
  const phaseNames = ['Calling', 'Formation'];
  for (const [index, steps] of phases.entries()) {
    const phaseId = `${trackTemplateId}-p${index + 1}`;
    await db().entities.phaseTemplate.put({ trackTemplateId, phaseId, name: phaseNames[index]!, order: index + 1 }).go();
    await db()
      .entities.stepTemplate.put(
        steps.map(([stepTemplateId, stepName, prerequisites = [], inactive = false], order) => ({ trackTemplateId, phaseId, stepTemplateId, name: stepName, required: true, inactive, prerequisites, designOrder: String(order).padStart(3, '0') })),
      )
      .go();
  }
}

/** Each step of an enrolment's, by template id: its status. */
async function stepStatuses(trackTemplateId: string, participantId: string): Promise<Record<string, string>> {
  const { data } = await db().entities.trackInstance.query.byTemplate({ trackTemplateId }).go();
  const instance = data.find((item) => item.participantId === participantId)!;
  const { data: steps } = await db().entities.stepInstance.query.byInstance({ trackInstanceId: instance.trackInstanceId }).go({ pages: 'all' });
  return Object.fromEntries(steps.map((step) => [step.stepTemplateId, step.status]));
}

async function importPeople(emails: string[]): Promise<string[]> {
  const checked = await previewOk('people', csvOf('people', emails.map((email) => ['Step', email.split('@')[0]!.replace(/\W/g, ''), email, '', 'Foothills District', ''])));
  await importAll(checked.importId!);
  return Promise.all(emails.map(async (email) => (await userByEmail(email))!.user!.userId));
}

describe('enrolments at a Current step', () => {
  beforeAll(async () => {
    await putPhasedTrack(STEP_TRACK, STEP_TRACK_NAME, [
      [['st-a', 'Orientation'], ['st-b', 'Call story', ['st-a']], ['st-c', 'Reading'], ['st-x', 'Check-in']],
      [['st-d', 'Questionnaire'], ['st-e', 'Interview', ['st-d']], ['st-f', 'Review', ['st-e']], ['st-g', 'Retreat'], ['st-y', 'Check-in'], ['st-z', 'Old step', [], true]],
    ]);
  });

  it('completes every step before it in the track order, as a status change would, quietly; the same file again changes nothing', async () => {
    const emails = Array.from({ length: 6 }, (_, index) => `step.${index + 1}@example.org`);
    const [one, two] = await importPeople(emails);
    const csv = csvOf('enrolments', [
      [emails[0]!, STEP_TRACK_NAME, 'advisor@example.org', '', 'Interview'],
      [emails[1]!, STEP_TRACK_NAME, 'advisor@example.org', 'Withdrawn', 'formation/check-in'],
      [emails[2]!, STEP_TRACK_NAME, 'advisor@example.org', '', 'Nope'],
      [emails[3]!, STEP_TRACK_NAME, 'advisor@example.org', '', 'Check-in'],
      [emails[4]!, STEP_TRACK_NAME, 'advisor@example.org', 'Completed', 'Interview'],
      [emails[5]!, STEP_TRACK_NAME, 'advisor@example.org', '', 'Old step'],
    ]);
    const checked = await previewOk('enrolments', csv);
    const messages = (line: number) => checked.rows.find((row) => row.line === line)!.messages;
    expect(checked.summary).toEqual({ rows: 6, ready: 2, unchanged: 0, problems: 4 });
    expect(messages(4)).toEqual(['No active step named "Nope" in Step Pathway.']);
    expect(messages(5)).toEqual(['Several steps of Step Pathway are named "Check-in": write it with its phase, as "Formation / Check-in".']);
    expect(messages(6)).toEqual(['A Completed enrolment has no current step: leave Current step empty.']);
    expect(messages(7)).toEqual(['No active step named "Old step" in Step Pathway.']);

    expect(await importAll(checked.importId!)).toEqual({ imported: 2, unchanged: 0, failed: [], moreFailed: 0 });
    // Every step of Calling and the first of Formation Completed; Interview opened by them; Review waits on it; Retreat and Check-in open from the start.
    expect(await stepStatuses(STEP_TRACK, one!)).toEqual({ 'st-a': 'Completed', 'st-b': 'Completed', 'st-c': 'Completed', 'st-x': 'Completed', 'st-d': 'Completed', 'st-e': 'Ready', 'st-f': 'Unavailable', 'st-g': 'Ready', 'st-y': 'Ready' });
    expect(await stepStatuses(STEP_TRACK, two!)).toEqual({ 'st-a': 'Completed', 'st-b': 'Completed', 'st-c': 'Completed', 'st-x': 'Completed', 'st-d': 'Completed', 'st-e': 'Completed', 'st-f': 'Completed', 'st-g': 'Completed', 'st-y': 'Ready' });
    const { data: instances } = await db().entities.trackInstance.query.byTemplate({ trackTemplateId: STEP_TRACK }).go();
    expect(Object.fromEntries(instances.map((item) => [item.participantId, item.status]))).toEqual({ [one!]: 'Open', [two!]: 'Withdrawn' });
    // Told of the enrolment (Add Participant) and, for two, of its status; never of each step.
    expect(await pendingNotificationsFor(one!)).toEqual(['You were enrolled in Step Pathway.']);
    expect((await pendingNotificationsFor(two!)).sort()).toEqual(['You were enrolled in Step Pathway.', 'Your Step Pathway track is now Withdrawn.']);
    // Each status set is in the enrolment's History, by the job on the importer's behalf.
    const history = await entriesOf(chainIdOf('TrackInstance', instances.find((item) => item.participantId === one)!.trackInstanceId));
    expect(history.filter((entry) => entry.action === 'enrolment.step.status.set')).toEqual(Array.from({ length: 5 }, () => expect.objectContaining({ onBehalfOf: expect.any(String) })));

    const before = await Promise.all([one!, two!].map((id) => stepStatuses(STEP_TRACK, id)));
    const second = await previewOk('enrolments', csv);
    expect(second.summary).toEqual({ rows: 6, ready: 0, unchanged: 2, problems: 4 });
    expect((await start(checked.importId!)).body.jobId).toBe(`${checked.importId}-job`);
    expect(await Promise.all([one!, two!].map((id) => stepStatuses(STEP_TRACK, id)))).toEqual(before);
    expect(await pendingNotificationsFor(one!)).toHaveLength(1);
  });

  it("refuses a later step to someone who may import but not set this enrolment's step statuses", async () => {
    await customRole('import-registrar', [
      { actions: ['read', 'update'], subjects: ['Conference'] },
      { actions: ['read', 'create'], subjects: ['TrackInstance'] },
      { actions: ['read'], subjects: ['User'] },
    ]);
    await placeUser('import-registrar-user', { roleIds: ['import-registrar'], locations: [places.conference1] });
    const registrar = await sessionOf('import-registrar-user');
    const [email] = ['registrar.step@example.org'];
    await importPeople([email!]);
    const csv = csvOf('enrolments', [
      [email!, STEP_TRACK_NAME, 'advisor@example.org', '', 'Interview'],
      [email!, STEP_TRACK_NAME, 'advisor@example.org', '', 'Orientation'],
    ]);
    const response = await invoke(conferences, `/api/conference/${places.conference1}/import/preview`, { method: 'POST', cookie: registrar, body: { kind: 'enrolments', csv } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const checked = response.body as ImportPreview;
    expect(checked.rows[0]).toMatchObject({ status: 'problem', messages: [`${STATUS_NOT_ALLOWED} Leave Current step empty to enrol them at the start.`] });
    // The first step: nothing to set, so nothing to refuse (the second line is refused only as the same enrolment again).
    expect(checked.rows[1]!.messages).toEqual(['This person and track are also on line 2: each enrolment once.']);
    // The same row is ready for the conference admin, a track override there.
    expect((await previewOk('enrolments', csv)).rows[0]!.status).toBe('ready');
  });

  it('imports at a step of the second phase of a 120-step track: enrolled by its job, the steps set a budget per job step, resumed after a crash', async () => {
    const chain = (phase: number): StepSpec[] => Array.from({ length: BIG_STEPS }, (_, index) => [`big-${phase}-${index}`, `Big ${phase}-${index}`, index ? [`big-${phase}-${index - 1}`] : []]);
    await putPhasedTrack(BIG_TRACK, 'Big Pathway', [chain(1), chain(2)]);
    const [participant] = await importPeople(['big.step@example.org']);
    const checked = await previewOk('enrolments', csvOf('enrolments', [['big.step@example.org', 'Big Pathway', 'advisor@example.org', '', 'Big 2-4']]));
    expect(checked.summary.ready).toBe(1);
    const jobId = (await start(checked.importId!)).body.jobId as string;
    importJobChunk.steps = 25;
    try {
      // The enrolment job made, then run; then 25 steps a job step, one of them repeated after a crash.
      for (let step = 0; step < 3; step++) await runJobStep(jobId, jobKinds);
      expect(Object.values(await stepStatuses(BIG_TRACK, participant!)).filter((status) => status === 'Completed')).toHaveLength(25);
      jobFaults.failAfterWork = true;
      await expect(runJobStep(jobId, jobKinds)).rejects.toThrow(/Injected/);
      jobFaults.failAfterWork = false;
      expect(Object.values(await stepStatuses(BIG_TRACK, participant!)).filter((status) => status === 'Completed')).toHaveLength(50);
      await db().entities.job.patch({ jobId }).set({ leaseUntil: 0 }).go();
      const job = await runJobToEnd(jobId, jobKinds);
      expect(job?.result).toEqual({ imported: 1, unchanged: 0, failed: [], moreFailed: 0 });
    } finally {
      jobFaults.failAfterWork = false;
      importJobChunk.steps = 40;
    }
    const statuses = await stepStatuses(BIG_TRACK, participant!);
    const expected = Object.fromEntries([1, 2].flatMap((phase) => Array.from({ length: BIG_STEPS }, (_, index) => [`big-${phase}-${index}`, phase === 1 || index < 4 ? 'Completed' : index === 4 ? 'Ready' : 'Unavailable'])));
    expect(statuses).toEqual(expected);
    expect(await pendingNotificationsFor(participant!)).toEqual(['You were enrolled in Big Pathway.']);
  });

  it('imports 100 enrolments at a step of the second phase (timed, not asserted)', async () => {
    const emails = Array.from({ length: 100 }, (_, index) => `hundred.${index}@example.org`);
    await importPeople(emails);
    const started = Date.now();
    const checked = await withCountedRequests(() => previewOk('enrolments', csvOf('enrolments', emails.map((email) => [email, STEP_TRACK_NAME, 'advisor@example.org', '', 'Interview']))));
    const imported = await withCountedRequests(() => importAll(checked.result.importId!));
    expect(imported.result).toEqual({ imported: 100, unchanged: 0, failed: [], moreFailed: 0 });
    // Reported in docs/data-model.md "Imports".
    console.log(JSON.stringify({ currentStep: { ms: Date.now() - started, previewRequests: checked.requests, importRequests: imported.requests } }));
  }, 600_000);
});

describe('1,000 people and 1,000 enrolments', () => {
  it('imports both, and the same files again change nothing', async () => {
    const COUNT = 1000;
    const districts = ['Foothills District', 'Lakeside District'];
    const peopleCsv = csvOf('people', Array.from({ length: COUNT }, (_, index) => [`Bulk${index}`, 'Person', `bulk.${index}@example.org`, '', districts[index % 2]!, index % 10 === 0 ? 'Mentor' : '']));
    const enrolmentCsv = csvOf('enrolments', Array.from({ length: COUNT }, (_, index) => [`bulk.${index}@example.org`, TRACK_NAME, 'advisor@example.org', 'Open', '']));

    let started = Date.now();
    const peoplePreview = await withCountedRequests(() => previewOk('people', peopleCsv));
    const peopleImport = await withCountedRequests(() => importAll(peoplePreview.result.importId!));
    const peopleMs = Date.now() - started;
    expect(peoplePreview.result.summary).toEqual({ rows: COUNT, ready: COUNT, unchanged: 0, problems: 0 });
    expect(peopleImport.result).toEqual({ imported: COUNT, unchanged: 0, failed: [], moreFailed: 0 });

    started = Date.now();
    const enrolPreview = await withCountedRequests(() => previewOk('enrolments', enrolmentCsv));
    const enrolImport = await withCountedRequests(() => importAll(enrolPreview.result.importId!));
    const enrolMs = Date.now() - started;
    expect(enrolPreview.result.summary).toEqual({ rows: COUNT, ready: COUNT, unchanged: 0, problems: 0 });
    expect(enrolImport.result).toEqual({ imported: COUNT, unchanged: 0, failed: [], moreFailed: 0 });

    const peopleAgain = await withCountedRequests(() => previewOk('people', peopleCsv));
    const enrolAgain = await previewOk('enrolments', enrolmentCsv);
    expect(peopleAgain.result.summary).toEqual({ rows: COUNT, ready: 0, unchanged: COUNT, problems: 0 });
    expect(enrolAgain.summary).toEqual({ rows: COUNT, ready: 0, unchanged: COUNT, problems: 0 });
    // Reported in the closing note and docs/benchmarks.md; no timing is asserted.
    console.log(
      JSON.stringify({
        people: { ms: peopleMs, previewRequests: peoplePreview.requests, importRequests: peopleImport.requests },
        enrolments: { ms: enrolMs, previewRequests: enrolPreview.requests, importRequests: enrolImport.requests },
        peoplePreviewAgainRequests: peopleAgain.requests,
      }),
    );
  }, 1_800_000);
});
