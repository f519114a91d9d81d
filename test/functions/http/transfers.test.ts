import { handler as conferences } from '../../../functions/http/conference/handler';
import { handler as tracks } from '../../../functions/http/track/handler';
import { handler as steps } from '../../../functions/http/step/handler';
import { handler as groups } from '../../../functions/http/user-group/handler';
import { DEMO_INSTANCE_IDS as ids } from '../../../functions/db/seed/demo-tracks';
import { DEMO_LOCATION_IDS as places } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { jobFaults, runJobStep, runJobToEnd, getJob } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { loadUserAggregate } from '../../../functions/db/access/user-aggregate';
import { enrolmentClaim } from '../../../functions/core/enrolments/enrol-writes';
import { TRANSFER_MESSAGES, type TransferLists, type TransferView } from '../../../shared/schemas/transfer';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, cookieForUser, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';
import { entriesOf } from '../../support/audit-entries';
import { withCountedRequests } from '../../support/dynamo';

/**
 * Transfers between conferences (issue 26, item 4) through the routes: Prairie Rivers asks for
 * Blue Ridge's candidate Priya; Blue Ridge refuses, then approves; the job moves her candidacy
 * with its history under Prairie Rivers (on a copy of the track), and her places; Blue Ridge
 * keeps its audit entries and nothing else.
 */
const PARTICIPANT = 'participant@example.org';
const SENDING_ADMIN = 'conference.admin@example.org';
const ADVISOR = 'advisor@example.org';

let receivingAdmin: string;
let participantId: string;
const cookies = new Map<string, string>();
const cookieOf = async (who: string) => cookies.get(who) ?? cookies.set(who, who.includes('@') ? await cookieFor(who) : await cookieForUser(who)).get(who)!;

const call = async (who: string, path: string, body?: unknown) => invoke(conferences, path, { method: body === undefined ? 'GET' : 'POST', body, cookie: await cookieOf(who) });
const request = (who: string, body: unknown) => call(who, `/api/conference/${places.conference2}/transfers`, body);
const decide = (who: string, transferId: string, verb: 'approve' | 'refuse' | 'cancel', body: unknown) => call(who, `/api/conference/transfer/${transferId}/${verb}`, body);
const listsOf = async (who: string, conferenceId: string) => (await call(who, `/api/conference/${conferenceId}/transfers`)).body as TransferLists;
const priya = () => demoUser(PARTICIPANT).email;

async function pendingNotifications(userId: string) {
  const { data } = await db().entities.outbox.query.byStatus({ status: 'pending' }).go({ pages: 'all' });
  return data.filter((item) => item.kind === 'notification' && (item.payload as { userId: string }).userId === userId).map((item) => (item.payload as { message: string }).message);
}

beforeAll(async () => {
  await seedDemo();
  participantId = demoUser(PARTICIPANT).id;
  receivingAdmin = await putTestUser({ firstName: 'Paula', lastName: 'Prairie', locationId: places.conference2, role: 'ConferenceAdmin' });
});

describe('requesting a transfer', () => {
  it('refuses bad input by its field, and a place outside the receiving conference', async () => {
    const unknown = await request(receivingAdmin, { email: 'nobody@example.org', locationId: places.district3 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual({ email: [TRANSFER_MESSAGES.noCandidate] });
    const elsewhere = await request(receivingAdmin, { email: priya(), locationId: places.district1 });
    expect(elsewhere.body.fieldErrors).toEqual({ locationId: [TRANSFER_MESSAGES.placeOutside] });
    const invalid = await request(receivingAdmin, { email: 'not an email', locationId: '', note: 'x'.repeat(1001) });
    expect(Object.keys(invalid.body.fieldErrors).sort()).toEqual(['email', 'locationId', 'note']);
    // Someone of Prairie Rivers is not "a candidate enrolled in another conference".
    const local = await request(receivingAdmin, { email: 'nobody.here@example.org', locationId: places.district3 });
    expect(local.status).toBe(400);
  });

  it('only an admin of the conference asks, and only its own people decide', async () => {
    expect((await request(SENDING_ADMIN, { email: priya(), locationId: places.district3 })).status).toBe(403);
    expect((await request('district.admin@example.org', { email: priya(), locationId: places.district3 })).status).toBe(403);
    expect((await call('district.admin@example.org', `/api/conference/${places.conference1}/transfers`)).status).toBe(403);
  });
});

describe('a refused transfer', () => {
  it('tells the requester and the candidate, moves nothing, and frees the candidate for another request', async () => {
    const asked = await request(receivingAdmin, { email: priya(), locationId: places.district3, note: 'Priya is moving to Kansas.' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const transfer = asked.body as TransferView;
    expect(transfer).toMatchObject({ status: 'requested', canCancel: true, canDecide: false, from: { conferenceId: places.conference1 }, to: { conferenceId: places.conference2, locationId: places.district3 } });
    expect((await request(receivingAdmin, { email: priya(), locationId: places.district3 })).body.message).toBe(TRANSFER_MESSAGES.alreadyOpen);

    const outgoing = (await listsOf(SENDING_ADMIN, places.conference1)).outgoing;
    expect(outgoing.map((t) => [t.transferId, t.canDecide, t.canCancel])).toEqual([[transfer.transferId, true, false]]);
    expect((await listsOf(receivingAdmin, places.conference2)).incoming.map((t) => t.transferId)).toEqual([transfer.transferId]);

    // The wrong side gets 403; someone of neither side never learns the transfer exists.
    expect((await decide(receivingAdmin, transfer.transferId, 'approve', { version: 1 })).status).toBe(403);
    expect((await decide(SENDING_ADMIN, transfer.transferId, 'cancel', { version: 1 })).status).toBe(403);
    const thirdAdmin = await putTestUser({ firstName: 'Theo', lastName: 'Third', locationId: places.district2, role: 'DistrictAdmin' });
    expect((await decide(thirdAdmin, transfer.transferId, 'approve', { version: 1 })).status).toBe(403);

    expect((await decide(SENDING_ADMIN, transfer.transferId, 'refuse', { version: 1 })).body.fieldErrors).toEqual({ reason: ['A reason is required.'] });
    const refused = await decide(SENDING_ADMIN, transfer.transferId, 'refuse', { version: 1, reason: 'Her ordination interview is next month.' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body).toMatchObject({ status: 'refused', reason: 'Her ordination interview is next month.', canDecide: false });
    expect((await decide(SENDING_ADMIN, transfer.transferId, 'approve', { version: 2 })).body.message).toBe(TRANSFER_MESSAGES.notRequested);
    expect(await pendingNotifications(receivingAdmin)).toContain('Blue Ridge Conference refused the transfer of Priya Raman: Her ordination interview is next month.');
    expect((await pendingNotifications(participantId)).some((m) => m.includes('was refused'))).toBe(true);
    const instance = (await db().entities.trackInstance.get({ trackInstanceId: ids.trackInstance }).go()).data!;
    expect(instance.conferenceId).toBe(places.conference1);

    const again = await request(receivingAdmin, { email: priya(), locationId: places.district3 });
    expect(again.status).toBe(201);
    expect((await decide(receivingAdmin, again.body.transferId, 'cancel', { version: 2 })).status).toBe(409);
    const withdrawn = await decide(receivingAdmin, again.body.transferId, 'cancel', { version: 1 });
    expect(withdrawn.body).toMatchObject({ status: 'cancelled' });
    const history = await entriesOf(`User#${participantId}`);
    expect(history.map((entry) => entry.action)).toEqual(expect.arrayContaining(['user.transfer.requested', 'user.transfer.refused', 'user.transfer.cancelled']));
  });
});

describe('an approved transfer', () => {
  it('refuses approval while a committee vote is open or a legal hold is on an enrolment', async () => {
    const asked = (await request(receivingAdmin, { email: priya(), locationId: 'loc-prairie-light-church' })).body as TransferView;
    const action = (await db().entities.stepActionInstance.query.byInstance({ trackInstanceId: ids.trackInstance }).go()).data[0];
    await db().entities.stepActionInstance.patch(action).set({ voteState: 'open' }).go();
    const refused = await decide(SENDING_ADMIN, asked.transferId, 'approve', { version: 1 });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(TRANSFER_MESSAGES.openVote);
    await db().entities.stepActionInstance.patch(action).remove(['voteState']).go();
    // A legal hold on one of her enrolments keeps it where it is too.
    const hold = { recordKind: 'TrackInstance' as const, recordId: ids.trackInstance };
    await db().entities.legalHold.put({ ...hold, conferenceId: places.conference1, subject: 'Priya', reason: 'Litigation', active: true, placedBy: 'demo-conference-admin', placedAt: new Date().toISOString(), version: 1 }).go();
    expect((await decide(SENDING_ADMIN, asked.transferId, 'approve', { version: 1 })).body.message).toBe(TRANSFER_MESSAGES.legalHold);
    await db().entities.legalHold.delete(hold).go();
    await decide(receivingAdmin, asked.transferId, 'cancel', { version: 1 });
  });

  it('moves the enrolments with their history under the receiving conference, once, even when steps crash', async () => {
    const before = (await db().entities.trackInstance.get({ trackInstanceId: ids.trackInstance }).go()).data!;
    expect(before.assignees.length).toBeGreaterThan(0);
    const advisorCookie = await cookieOf(ADVISOR);
    expect((await invoke(tracks, `/api/track/track-instance/${ids.trackInstance}`, { cookie: advisorCookie })).status).toBe(200);
    const stepsBefore = (await db().entities.stepInstance.query.byInstance({ trackInstanceId: ids.trackInstance }).go()).data;
    // The call story is decided by Blue Ridge's committee: a member who is nothing else to Priya sees the step for the vote.
    const member = await putTestUser({ firstName: 'Cora', lastName: 'Committee', locationId: places.conference1, role: 'Interviewer' });
    const admin = await cookieOf(SENDING_ADMIN);
    const group = await invoke(groups, '/api/user-group', { method: 'POST', cookie: admin, body: { trackTemplateId: ids.trackTemplate, name: 'District Committee', description: '', conferenceId: places.conference1, users: [{ id: member }], chairId: member } });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const design = (await invoke(steps, `/api/step/step-template/${ids.callStoryTemplate}`, { cookie: admin })).body;
    const vote = { userGroupId: group.body.id, quorum: 1, majority: 'simple', base: 'cast' };
    const saved = await invoke(steps, '/api/step/update-step-template', { method: 'POST', cookie: admin, body: { ...design, attachments: [], actions: [{ id: design.actions[0].id, name: 'Committee vote', roleId: design.actions[0].roleId, type: 'Committee Vote', vote }] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stepAs = async (who: string) => (await invoke(steps, `/api/step/step-instance/${ids.callStoryStep}`, { cookie: await cookieOf(who) })).status;
    expect(await stepAs(member)).toBe(200);

    const { result: requested, requests: requestCost } = await withCountedRequests(() => request(receivingAdmin, { email: priya(), locationId: 'loc-prairie-light-church', note: '' }));
    const asked = requested.body as TransferView;
    const { result: approved, requests: approveCost } = await withCountedRequests(() => decide(SENDING_ADMIN, asked.transferId, 'approve', { version: 1 }));
    const { requests: listCost } = await withCountedRequests(() => listsOf(SENDING_ADMIN, places.conference1));
    if (process.env.REPORT_TRANSFER_COST) console.info('request', requestCost, 'approve', approveCost, 'list', listCost);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'moving', tracks: [before.trackName] });
    expect((await pendingNotifications(participantId)).some((m) => m.includes('was approved'))).toBe(true);

    // Every third step crashes after its work and before its progress is saved: the next try repeats it.
    const jobId = approved.body.jobId as string;
    const { result: job, requests: jobCost } = await withCountedRequests(async () => {
      for (let run = 0; run < 500; run++) {
        jobFaults.failAfterWork = run % 3 === 1;
        const step = await runJobStep(jobId, jobKinds).catch(() => 'crashed' as const);
        if (step && step !== 'busy' && step !== 'crashed' && step.status !== 'running' && step.status !== 'queued') break;
        if (step === 'crashed') await db().entities.job.patch({ jobId }).remove(['leaseUntil']).go();
      }
      jobFaults.failAfterWork = false;
      return runJobToEnd(jobId, jobKinds);
    });
    if (process.env.REPORT_TRANSFER_COST) console.info('job with crashes', jobCost, 'steps', (await getJob(jobId))?.steps);
    expect(job?.status, job?.error).toBe('succeeded');

    const transfer = (await listsOf(receivingAdmin, places.conference2)).incoming.find((t) => t.transferId === asked.transferId)!;
    expect(transfer.status).toBe('completed');
    const after = (await db().entities.trackInstance.get({ trackInstanceId: ids.trackInstance }).go()).data!;
    expect(after).toMatchObject({ conferenceId: places.conference2, districtId: places.district3, assignees: [], trackName: `${before.trackName} (from Blue Ridge Conference)` });
    expect(after.ancestorIds?.at(-1)).toBe(places.district3);
    const copy = (await db().entities.trackTemplate.get({ trackTemplateId: after.trackTemplateId }).go()).data!;
    expect(copy).toMatchObject({ conferenceId: places.conference2, instanceCount: 1 });
    expect(copy.originTrackTemplateId).toBeUndefined();
    // Each step, content and action instance points at its template's copy, which exists.
    const stepsAfter = (await db().entities.stepInstance.query.byInstance({ trackInstanceId: ids.trackInstance }).go()).data;
    expect(stepsAfter.map((s) => [s.stepInstanceId, s.status])).toEqual(stepsBefore.map((s) => [s.stepInstanceId, s.status]));
    for (const step of stepsAfter) {
      expect(step.trackTemplateId).toBe(copy.trackTemplateId);
      const template = (await db().entities.stepTemplate.query.byTrack({ trackTemplateId: copy.trackTemplateId }).go({ pages: 'all' })).data.find((t) => t.stepTemplateId === step.stepTemplateId);
      expect(template, step.stepTemplateId).toBeDefined();
    }
    // The claim moved with it (a second enrolment in the copy is refused); the source counts one less.
    expect((await db().entities.claim.get(enrolmentClaim(copy.trackTemplateId, participantId)).go()).data?.ownerId).toBe(ids.trackInstance);
    expect((await db().entities.claim.get(enrolmentClaim(before.trackTemplateId, participantId)).go()).data).toBeNull();

    // Who can read it now: Prairie Rivers, not Blue Ridge nor its advisor; the step page reads whole.
    const read = async (who: string) => (await invoke(tracks, `/api/track/track-instance/${ids.trackInstance}`, { cookie: await cookieOf(who) })).status;
    expect(await read(receivingAdmin)).toBe(200);
    expect(await read(SENDING_ADMIN)).toBe(403);
    expect(await read(ADVISOR)).toBe(403);
    expect(await read(participantId)).toBe(200);
    const page = await invoke(steps, `/api/step/step-instance/${ids.callStoryStep}`, { cookie: await cookieOf(receivingAdmin) });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect((await invoke(steps, `/api/step/step-instance/${ids.callStoryStep}`, { cookie: await cookieOf(SENDING_ADMIN) })).status).toBe(403);
    // The copy still names Blue Ridge's committee: its members do not follow the enrolment.
    expect(await stepAs(member)).toBe(403);

    // Her places moved: Blue Ridge's are kept inactive, Prairie Rivers' given (the church named, its district and conference).
    const person = (await loadUserAggregate(participantId, { consistent: true }))!;
    const active = person.permissions.filter((p) => p.active && !p.denial).map((p) => p.entityId).sort();
    expect(active).toEqual([places.conference2, places.district3, 'loc-prairie-light-church'].sort());

    // Both histories: the enrolment's chain says it left one conference and arrived in the other.
    const chain = await entriesOf(`TrackInstance#${ids.trackInstance}`);
    const out = chain.find((entry) => entry.action === 'enrolment.transferred.out')!;
    const arrived = chain.find((entry) => entry.action === 'enrolment.transferred.in')!;
    expect(out.auditScope).toBe(places.conference1);
    expect(arrived.auditScope).toBe(places.conference2);
    expect(chain.filter((entry) => entry.action.startsWith('enrolment.transferred'))).toHaveLength(2);
    const personChain = await entriesOf(`User#${participantId}`);
    expect(personChain.filter((entry) => entry.action === 'user.transfer.completed').map((entry) => entry.auditScope).sort()).toEqual([places.conference1, places.conference2].sort());
    expect(await pendingNotifications(participantId)).toContain('Your records are now with Prairie Rivers Conference, Prairie Light Church.');

    // Run again: nothing more happens.
    expect(await runJobStep(jobId, jobKinds)).toBeNull();
    expect((await getJob(jobId))?.status).toBe('succeeded');
  });
});
