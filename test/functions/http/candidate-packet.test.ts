import { handler as trackHandler } from '../../../functions/http/track/handler';
import { handler as formHandler } from '../../../functions/http/form/handler';
import { DEMO_INSTANCE_IDS as ids } from '../../../functions/db/seed/demo-tracks';
import { db } from '../../../functions/db/service';
import { getJob, runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { packetJobId, packetKey, type PacketInput } from '../../../functions/core/enrolments/packet/packet-job';
import { describeObject } from '../../../functions/lib/adapters/storage';
import { NO_FINISHED_PACKET, PACKET_EXPIRED, PACKET_RUNNING } from '../../../shared/api/candidate-packet';
import { PRIVATE_CONTENT_MESSAGE } from '../../../shared/auth/policies/private-content';
import { COMMITTEE_ONLY_NOTE } from '../../../functions/core/enrolments/packet/packet-document';
import { DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo-organisation';
import { systemRoleByName } from '../../../shared/auth/system-roles';
import { EXPORT_LINK_SECONDS } from '../../../shared/files/data-exports';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';

/**
 * The candidate packet (issue 27, item 5) against DynamoDB Local and the S3 stand-in: the job's PDF
 * downloaded through the link and read back; the questionnaire made private to advisors, so the
 * advisor and the conference admin find its answers in the PDF and the participant (who may open
 * the enrolment, not that content) finds only its name and the notice, nowhere its text; those who
 * may not open the enrolment refused; the read entry written before the link; bad input, a second
 * packet while one runs, another requester's link and an expired packet.
 */
process.env.LOG_LEVEL = 'warn';
const PARTICIPANT = 'participant@example.org';
const ADVISOR = 'advisor@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const INTERVIEWER = 'interviewer@example.org';
/** Neither a party to the enrolment nor on a committee of its track. */
const MENTOR = 'mentor@example.org';
const SECRET_ANSWER = 'Zanzibar lighthouse vocation';

const participant = () => demoUser(PARTICIPANT).id;
const packetPath = `/api/track/track-instance/${ids.trackInstance}/packet`;
const call = async (as: string, path: string, method = 'GET', body?: unknown) => invoke(trackHandler, path, { method, cookie: await cookieFor(as), ...(body !== undefined ? { body } : {}) });

async function readEntries(): Promise<Array<{ readerId: string; kind: string; route: string; screen?: string; objectId: string; trackInstanceId?: string }>> {
  const { data } = await db().entities.readEntry.query.byOwner({ ownerId: participant() }).go({ order: 'desc', limit: 200, consistent: true } as never);
  return data;
}

/** Makes a packet as `as`, runs its job and downloads the PDF through the link route. */
async function packetAs(as: string, pageSize?: 'A4' | 'Letter'): Promise<{ pdf: string; url: string; name: string; jobId: string }> {
  const started = await call(as, packetPath, 'POST', pageSize ? { pageSize } : {});
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const { jobId } = started.body as { jobId: string };
  const job = await runJobToEnd(jobId, jobKinds);
  expect(job?.status, job?.error).toBe('succeeded');
  expect(job!.done).toBe(job!.total);
  const link = await call(as, `${packetPath}/link`);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const { url, name } = link.body as { url: string; name: string };
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.length).toBe((job!.result as { bytes: number }).bytes);
  return { pdf: bytes.toString('latin1'), url, name, jobId };
}

/** The text the PDF's content streams show (its literal strings, lines joined). */
const shown = (pdf: string) => [...pdf.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => m[1].replace(/\\([()\\])/g, '$1')).join(' ');

beforeAll(async () => {
  await seedDemo();
  // The participant's answers, saved as the app saves them.
  const { data: form } = await db().entities.formInstance.get({ trackInstanceId: ids.trackInstance, formInstanceId: ids.questionnaireForm }).go({ consistent: true });
  const saved = await invoke(formHandler, `/api/form/form-instance/${ids.questionnaireForm}`, {
    method: 'PATCH',
    cookie: await cookieFor(PARTICIPANT),
    body: { data: { 'legal-name': 'Pat Participant', 'birth-date': '1990-04-02', call: SECRET_ANSWER, language: 'Swahili', confirm: true }, submitted: false, version: form!.version },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // Then the questionnaire becomes the advisor's private content: the participant may no longer see it.
  const advisor = systemRoleByName('Advisor').id;
  await db()
    .entities.stepContentTemplate.patch({ trackTemplateId: ids.trackTemplate, stepTemplateId: ids.questionnaireTemplate, contentTemplateId: 'demo-content-questionnaire' })
    .set({ isPrivate: true, approvedRoles: [advisor], roleId: advisor })
    .go();
});

describe('who may make a packet', () => {
  it('refuses one who may not open the enrolment (403) and an unknown enrolment (404), starting nothing', async () => {
    const refused = await call(MENTOR, packetPath, 'POST', {});
    expect(refused.status).toBe(403);
    expect(await getJob(packetJobId(ids.trackInstance, demoUser(MENTOR).id))).toBeNull();
    expect((await call(MENTOR, `${packetPath}/link`)).status).toBe(403);
    expect((await call(ADVISOR, '/api/track/track-instance/no-such-enrolment/packet', 'POST', {})).status).toBe(404);
  });

  it('answers bad input with 400 and a message, starting nothing', async () => {
    const bad = await call(ADVISOR, packetPath, 'POST', { pageSize: 'A3' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Page size must be A4 or Letter.');
    expect(await getJob(packetJobId(ids.trackInstance, demoUser(ADVISOR).id))).toBeNull();
  });
});

describe("the advisor's packet", () => {
  let made: Awaited<ReturnType<typeof packetAs>>;

  it('is a tagged PDF of the candidate: summary, phases and steps, the private answers, decisions, documents, watermark', async () => {
    const before = (await readEntries()).length;
    made = await packetAs(ADVISOR, 'Letter');
    const { pdf, name } = made;
    const candidate = demoUser(PARTICIPANT);
    expect(name).toMatch(new RegExp(`^candidate-packet-${candidate.lastName}-${candidate.firstName}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    expect(pdf.startsWith('%PDF-1.7')).toBe(true);
    expect(pdf).toContain('/MarkInfo << /Marked true >>');
    expect(pdf).toContain('/StructTreeRoot');
    expect(pdf).toContain('/MediaBox [0 0 612 792]');
    const text = shown(pdf);
    for (const expected of [`Candidate packet: ${candidate.firstName} ${candidate.lastName}`, PARTICIPANT, 'Candidacy Pathway', 'Phase 1: Discernment', 'Phase 2: Formation', 'Share your call story', 'Background questionnaire', 'Advisor approval (Approval)', 'Documents']) {
      expect(text).toContain(expected);
    }
    // The questionnaire's answers: the advisor may see this private content.
    expect(text).toContain(SECRET_ANSWER);
    expect(text).toContain('Swahili');
    const advisor = demoUser(ADVISOR);
    expect(text).toContain(`Prepared for ${advisor.firstName} ${advisor.lastName} on `);
    expect(pdf).toMatch(/\/Artifact <<\/Type \/Pagination \/Subtype \/Watermark>> BDC/);

    // The download is in the candidate's read-access log, naming the packet and the advisor.
    const added = (await readEntries()).slice(0, (await readEntries()).length - before);
    expect(added).toEqual([expect.objectContaining({ readerId: advisor.id, kind: 'packet', route: 'track.packetLink', screen: 'candidate-packet', objectId: made.jobId, trackInstanceId: ids.trackInstance })]);
  });

  it('links for EXPORT_LINK_SECONDS, to its requester only', async () => {
    expect(new URL(made.url).searchParams.get('X-Amz-Expires')).toBe(String(EXPORT_LINK_SECONDS));
    const theirs = await call(CONFERENCE_ADMIN, `${packetPath}/link`);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).toContain(NO_FINISHED_PACKET);
  });

  it('runs one packet per enrolment and requester at a time (409); a new one replaces the finished one', async () => {
    const old = (await getJob(made.jobId))!;
    const oldKey = packetKey(old.jobId, old.input as PacketInput);
    const started = await call(ADVISOR, packetPath, 'POST', {});
    expect(started.status).toBe(202);
    expect(await describeObject(oldKey)).toBeNull();
    const again = await call(ADVISOR, packetPath, 'POST', {});
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain(PACKET_RUNNING);
    expect((await runJobToEnd((started.body as { jobId: string }).jobId, jobKinds))?.status).toBe('succeeded');
  });

  it('refuses and deletes a packet past its days, recording no read', async () => {
    const job = (await getJob(made.jobId))!;
    const key = packetKey(job.jobId, job.input as PacketInput);
    expect(await describeObject(key)).not.toBeNull();
    await db().entities.job.patch({ jobId: job.jobId }).set({ result: { ...(job.result as object), expiresAt: new Date(Date.now() - 1000).toISOString() } }).go();
    const before = (await readEntries()).length;
    const expired = await call(ADVISOR, `${packetPath}/link`);
    expect(expired.status).toBe(404);
    expect(JSON.stringify(expired.body)).toContain(PACKET_EXPIRED);
    expect(await describeObject(key)).toBeNull();
    expect((await readEntries()).length).toBe(before);
  });
});

describe('the other side', () => {
  it("a conference admin (an override role) sees the private answers too", async () => {
    const { pdf } = await packetAs(CONFERENCE_ADMIN);
    expect(pdf).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(shown(pdf)).toContain(SECRET_ANSWER);
  });

  it("the participant's own packet shows the private questionnaire as its name and the notice, its answers nowhere in the file", async () => {
    const before = (await readEntries()).length;
    const { pdf } = await packetAs(PARTICIPANT);
    const text = shown(pdf);
    expect(text).toContain('Questionnaire');
    expect(text).toContain(PRIVATE_CONTENT_MESSAGE);
    expect(text).toContain('Share your call story');
    // Nowhere in the bytes (the streams are not compressed), nor any of its answers.
    for (const secret of [SECRET_ANSWER, 'Zanzibar', 'Swahili', '1990-04-02', 'Describe your call to ministry']) expect(pdf).not.toContain(secret);
    // One's own material is not logged.
    expect((await readEntries()).length).toBe(before);
  });
});

describe("a committee member's packet", () => {
  beforeAll(async () => {
    // The interview step's signature becomes a vote of a group of the track the interviewer sits on (they sit on the demo's too).
    const userGroupId = 'packet-committee';
    const member = demoUser(INTERVIEWER);
    await db().entities.userGroup.create({ userGroupId, name: 'Packet committee', conferenceId: DEMO_LOCATION_IDS.conference1, trackTemplateId: ids.trackTemplate, memberCount: 1, chairId: member.id }).go();
    await db().entities.userGroupMember.create({ userGroupId, userId: member.id, user: { firstName: member.firstName, lastName: member.lastName, email: member.email } }).go();
    await db()
      .entities.stepActionTemplate.patch({ trackTemplateId: ids.trackTemplate, stepTemplateId: ids.interviewTemplate, actionTemplateId: 'demo-action-interview' })
      .set({ type: 'Committee Vote', vote: { userGroupId, quorumKind: 'count', quorum: 1, majority: 'simple', base: 'cast' } })
      .go();
    await db().entities.stepInstance.patch({ trackInstanceId: ids.trackInstance, stepInstanceId: ids.interviewStep }).set({ status: 'Ready' }).go();
  });

  it('holds only the steps the step page opens to them (their vote), saying so; the read is logged', async () => {
    const before = (await readEntries()).length;
    const { pdf } = await packetAs(INTERVIEWER);
    const text = shown(pdf);
    expect(text).toContain(COMMITTEE_ONLY_NOTE);
    expect(text).toContain('Readiness interview');
    expect(text).toContain('Vote of Packet committee: not opened');
    // Steps without their vote, and the private answers, are not theirs.
    for (const absent of ['Share your call story', 'Background questionnaire', SECRET_ANSWER]) expect(pdf).not.toContain(absent);
    expect((await readEntries()).length).toBe(before + 1);
  });
});
