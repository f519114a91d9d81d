import { requestCounter } from '../../../functions/db/client';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { runJobToEnd } from '../../../functions/db/jobs';
import { jobKinds } from '../../../functions/core/jobs/job-kinds';
import { erasureJobId } from '../../../functions/core/people/erasure/erasure-job';
import { handler as userHandler } from '../../../functions/http/user/handler';
import { seedDemo } from '../../support/demo-table';
import { putEnrolment } from '../../support/enrolments';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/**
 * Erasure's figures (docs/benchmarks.md, "Erasure"): a person with a full profile (20 aliases,
 * 10 tags, 10 comments about them, 5 mentor links, 3 memberships, 10 files) and 3 withdrawn
 * enrolments past their period, each with 4 steps' content: the preview, the erase request and
 * its job, with their requests, capacity and time.
 */
const YEAR_MS = 365.25 * 24 * 3600 * 1000;
let userId = '';

beforeAll(async () => {
  await seedDemo();
  const trackTemplateId = `erasure-figures-${newId().toLowerCase()}`;
  await db().entities.trackTemplate.create({ trackTemplateId, name: 'Figures', description: 'Figures', conferenceId: ids.conference1, disabled: false, status: 'active' }).go();
  userId = await putTestUser({ firstName: 'Fig', lastName: 'Ures', locationId: ids.district1 });
  const mentor = await putTestUser({ firstName: 'Men', lastName: 'Tor', locationId: ids.district1 });
  const e = db().entities;
  const summary = { firstName: 'Fig', lastName: 'Ures', email: 'fig@example.org' };
  const writes: Array<Promise<unknown>> = [];
  for (let i = 0; i < 20; i++) writes.push(e.alias.put({ userId, aliasId: `alias-${i}`, alias: `Alias ${i}` }).go());
  for (let i = 0; i < 10; i++) writes.push(e.userTag.put({ userId, tagId: `tag-${i}`, name: `Tag ${i}` }).go());
  for (let i = 0; i < 10; i++) writes.push(e.comment.put({ userId, commentId: `c-${i}`, comment: 'A comment', author: { id: mentor, firstName: 'Men', lastName: 'Tor' } }).go());
  for (let i = 0; i < 5; i++) writes.push(e.mentorAssignment.put({ userId, mentorId: `${mentor}-${i}`, mentee: summary, mentor: summary } as never).go());
  for (let i = 0; i < 3; i++) writes.push(e.churchMembership.create({ userId, membershipId: `m-${i}`, churchId: ids.church1, churchName: 'Church', ancestorIds: [ids.conference1], primary: i === 0, constituent: true }).go());
  for (let i = 0; i < 10; i++) writes.push(e.uploadedFile.put({ userId, fileKey: newId().toLowerCase(), name: 'f.pdf', status: 'confirmed', kind: 'Document', targetType: 'user', targetId: userId, contentType: 'application/pdf', size: 10 }).go());
  await Promise.all(writes);
  for (let n = 0; n < 3; n++) {
    const trackInstanceId = await putEnrolment({ trackTemplateId, participantId: userId, districtId: ids.district1, status: 'Withdrawn' });
    const parts: Array<Promise<unknown>> = [];
    for (let s = 0; s < 4; s++) {
      parts.push(
        e.stepContentInstance.put({ trackInstanceId, stepInstanceId: `step-${s}`, contentInstanceId: `task-${s}`, contentTemplateId: 'c1', type: 'Task', task: { completed: true } }).go(),
        e.stepContentInstance.put({ trackInstanceId, stepInstanceId: `step-${s}`, contentInstanceId: `upload-${s}`, contentTemplateId: 'c2', type: 'Upload', upload: { submitted: true, files: [{ id: 'f', fileKey: newId().toLowerCase() }] } }).go(),
      );
    }
    await Promise.all(parts);
    await e.retentionCase.put({ recordKind: 'TrackInstance', recordId: trackInstanceId, conferenceId: ids.conference1, outcome: 'withdrawn', closedAt: new Date(Date.now() - 11 * YEAR_MS).toISOString(), subject: 'Fig Ures, Figures', participantId: userId }).go();
  }
});

it('previews and erases a person with a full profile and three enrolments past their period, and reports what it cost', async () => {
  const cookie = await cookieFor('superadmin@example.org');
  requestCounter.reset();
  let started = Date.now();
  const preview = await invoke(userHandler, `/api/user/user-profile/${userId}/erasure`, { cookie });
  const previewMs = Date.now() - started;
  const previewFigures = requestCounter.snapshot();
  expect(preview.body).toMatchObject({ reasons: [], erases: { aliases: 20, tags: 10, comments: 10, mentorLinks: 5, memberships: 3, files: 10, enrolments: 3 } });

  requestCounter.reset();
  started = Date.now();
  const erase = await invoke(userHandler, `/api/user/user-profile/${userId}/erase`, { method: 'POST', cookie, body: { fullName: 'Fig Ures', version: preview.body.version } });
  expect(erase.status).toBe(202);
  const requestMs = Date.now() - started;
  const requestFigures = requestCounter.snapshot();
  requestCounter.reset();
  started = Date.now();
  const job = await runJobToEnd(erasureJobId(userId), jobKinds);
  const jobMs = Date.now() - started;
  const jobFigures = requestCounter.snapshot();
  expect(job?.status).toBe('succeeded');
  expect(job?.result).toMatchObject({ erased: { enrolments: 3, aliases: 20, tags: 10, comments: 10, mentors: 5, memberships: 3, files: 10 } });
  const figures = (f: typeof jobFigures, ms: number) => ({ ms, requests: f.requests, rcu: +f.readCapacity.toFixed(1), wcu: +f.writeCapacity.toFixed(1) });
  console.log(JSON.stringify({ preview: figures(previewFigures, previewMs), erase: figures(requestFigures, requestMs), job: { ...figures(jobFigures, jobMs), steps: job!.steps } }));
}, 600_000);
