import { handler as steps } from '../../../functions/http/step/handler';
import { handler as phases } from '../../../functions/http/phase/handler';
import { handler as tracks } from '../../../functions/http/track/handler';
import { handler as roles } from '../../../functions/http/role/handler';
import { db } from '../../../functions/db/service';
import { DEMO_INSTANCE_IDS, DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { FORM_NOT_FOUND_MESSAGE, PHASE_FULL_MESSAGE, ROLE_NOT_FOUND_MESSAGE, STEP_LOCKED_MESSAGE, TRACK_FULL_MESSAGE, UNKNOWN_PART_MESSAGE } from '../../../functions/core/tracks/step-editor';
import { TRACK_PHASES_FULL_MESSAGE } from '../../../functions/core/tracks/phase-editor';
import { PHASE_STEPS_MAX, STEP_PARTS_MAX, TRACK_PHASES_MAX, TRACK_STEPS_MAX } from '../../../shared/api/limits';
import { APPROVED_ROLES_NEED_PRIVATE, CONTENT_OR_ACTIONS_REQUIRED, STEP_DUE_DAYS_MESSAGE, STEP_PARTS_MESSAGE } from '../../../shared/schemas/step';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

const CONFERENCE_ADMIN = 'conference.admin@example.org';
let cookie: string;

const task = { type: 'Task', name: 'Reflection', task: { name: 'Write', description: 'One page' } };
const upload = { type: 'Upload', name: 'Transcript', upload: { name: 'Transcript', type: 'Document', instructions: 'A PDF' } };
const approval = { type: 'Approval', name: 'Advisor approval' };

async function newPhase(conferenceId: string = DEMO_LOCATION_IDS.conference1): Promise<{ trackId: string; phaseId: string }> {
  const track = await invoke(tracks, '/api/track/create-track-template', { method: 'POST', cookie, body: { name: 'Edited Steps', description: 'Steps to edit', conferenceId } });
  const phase = await invoke(phases, '/api/phase/create-phase', { method: 'POST', cookie, body: { trackTemplateId: track.body.id, name: 'Only phase' } });
  return { trackId: track.body.id, phaseId: phase.body.id };
}

const addStep = (phaseId: string, body: Record<string, unknown> = { contents: [task] }) =>
  invoke(steps, '/api/step/template/create-step-template', { method: 'POST', cookie, body: { phaseId, name: 'Step', ...body } });
const editStep = (body: Record<string, unknown>) => invoke(steps, '/api/step/update-step-template', { method: 'POST', cookie, body });
const get = (path: string, as = cookie) => invoke(steps, `/api/step/${path}`, { cookie: as });

/** Steps written straight to the table (bounds tests need hundreds). */
async function putSteps(trackTemplateId: string, phaseId: string, count: number, prefix: string) {
  const items = Array.from({ length: count }, (_, i) => ({ trackTemplateId, phaseId, stepTemplateId: `${prefix}-${i}`, name: `Bulk ${i}` }));
  await db().entities.stepTemplate.put(items).go();
}

beforeAll(async () => {
  await seedDemo();
  cookie = await cookieFor(CONFERENCE_ADMIN);
});

describe('editing a step', () => {
  it('replaces fields, contents and actions on the version read: kept parts keep their id, a changed type keeps nothing of the old one', async () => {
    const { phaseId } = await newPhase();
    const created = (await addStep(phaseId, { description: 'First', contents: [task, upload], actions: [approval] })).body;
    expect(created.description).toBe('First');
    const [taskPart, uploadPart] = created.contents;
    const res = await editStep({
      id: created.id,
      version: created.version,
      name: '  Renamed  ',
      description: 'Second',
      required: true,
      inactive: true,
      contents: [{ ...upload, id: taskPart.id, name: 'Now an upload' }, { type: 'Form', name: 'Questionnaire', formId: DEMO_INSTANCE_IDS.form }],
      actions: [{ type: 'Signature', name: 'Sign', roleId: 'role-mentor' }],
    });
    expect(res.status).toBe(200);
    const read = (await get(`step-template/${created.id}`)).body;
    expect(read).toMatchObject({ name: 'Renamed', description: 'Second', required: true, inactive: true, version: created.version + 1 });
    expect(read.contents.map((c: { id: string; type: string; task: unknown }) => [c.id === taskPart.id, c.type, c.task])).toEqual([[true, 'Upload', null], [false, 'Form', null]]);
    expect(read.contents.some((c: { id: string }) => c.id === uploadPart.id)).toBe(false);
    expect(read.actions).toMatchObject([{ type: 'Signature', name: 'Sign', roleId: 'role-mentor' }]);
    expect((await get(`step-content-template/${uploadPart.id}`)).status).toBe(404);

    const stale = await editStep({ id: created.id, version: created.version, name: 'Late', contents: [task] });
    expect(stale.status).toBe(409);
    expect((await get(`step-template/${created.id}`)).body.name).toBe('Renamed');
  });

  it("answers SPEC's messages and bounds with field errors, and loses nothing", async () => {
    const { phaseId } = await newPhase();
    const created = (await addStep(phaseId)).body;
    const empty = await editStep({ id: created.id, version: 1, name: 'Empty', contents: [], actions: [] });
    expect(empty.body.fieldErrors.contents).toEqual([CONTENT_OR_ACTIONS_REQUIRED]);
    const rolesNotPrivate = await editStep({ id: created.id, version: 1, name: 'Roles', contents: [{ ...task, approvedRoles: ['role-advisor'] }] });
    expect(rolesNotPrivate.body.fieldErrors['contents.0.isPrivate']).toEqual([APPROVED_ROLES_NEED_PRIVATE]);
    const tooMany = await editStep({ id: created.id, version: 1, name: 'Big', contents: Array(STEP_PARTS_MAX).fill(task), actions: [approval] });
    expect(tooMany.body.fieldErrors.contents).toEqual([STEP_PARTS_MESSAGE]);
    const unknownForm = await editStep({ id: created.id, version: 1, name: 'Form', contents: [{ type: 'Form', name: 'Nope', formId: 'no-such-form' }] });
    expect(unknownForm.body.fieldErrors['contents.0.formId']).toEqual([FORM_NOT_FOUND_MESSAGE]);
    const other = (await addStep(phaseId)).body;
    const foreignPart = await editStep({ id: created.id, version: 1, name: 'Steal', contents: [{ ...task, id: other.contents[0].id }] });
    expect(foreignPart.body.fieldErrors['contents.0.id']).toEqual([UNKNOWN_PART_MESSAGE]);
    for (const res of [empty, rolesNotPrivate, tooMany, unknownForm, foreignPart]) expect(res.status).toBe(400);
    expect((await get(`step-template/${created.id}`)).body).toMatchObject({ name: 'Step', version: 1, contents: [{ id: created.contents[0].id }] });
  });

  it('takes custom roles for Completed by, approved roles and an action, and refuses made-up ones', async () => {
    const { phaseId } = await newPhase();
    const role = await invoke(roles, '/api/role', { method: 'POST', cookie: await cookieFor('superadmin@example.org'), body: { name: 'Lay Mentor', policies: [{ actions: ['read'], subjects: ['TrackTemplate'] }] } });
    expect(role.status).toBe(201);
    const custom = await addStep(phaseId, { contents: [{ ...task, roleId: role.body.id, isPrivate: true, approvedRoles: [role.body.id] }], actions: [{ ...approval, roleId: role.body.id }] });
    expect(custom.status).toBe(201);
    expect(custom.body.contents[0]).toMatchObject({ roleId: role.body.id, approvedRoles: [role.body.id] });
    expect(custom.body.actions[0].roleId).toBe(role.body.id);
    const madeUp = await addStep(phaseId, { contents: [{ ...task, roleId: 'no-such-role' }], actions: [{ ...approval, roleId: 'no-such-role' }] });
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.fieldErrors).toMatchObject({ 'contents.0.roleId': [ROLE_NOT_FOUND_MESSAGE], 'actions.0.roleId': [ROLE_NOT_FOUND_MESSAGE] });
    const edit = await editStep({ id: custom.body.id, version: 1, name: 'Step', contents: [{ ...task, isPrivate: true, approvedRoles: ['no-such-role'] }] });
    expect(edit.body.fieldErrors['contents.0.approvedRoles']).toEqual([ROLE_NOT_FOUND_MESSAGE]);
  });

  it('keeps an imported step locked except its prerequisites', async () => {
    const { phaseId } = await newPhase();
    const created = (await addStep(phaseId)).body;
    const sibling = (await addStep(phaseId)).body;
    await db().entities.stepTemplate.patch({ trackTemplateId: created.trackTemplateId, phaseId, stepTemplateId: created.id }).set({ originStepTemplateId: DEMO_INSTANCE_IDS.callStoryTemplate }).go();
    const locked = await editStep({ id: created.id, version: 1, name: 'Changed', contents: [task] });
    expect(locked.status).toBe(422);
    expect(locked.body.message).toBe(STEP_LOCKED_MESSAGE);
    const prerequisites = await invoke(steps, `/api/step/update-step-template-prerequisites/${created.id}`, { method: 'POST', cookie, body: { prerequisites: [sibling.id] } });
    expect(prerequisites.status).toBe(200);
  });
});

describe('reading steps and their parts', () => {
  it('reads contents, actions, tasks and uploads by id; lists leave out the unknown, the other type and the unreachable', async () => {
    const { phaseId } = await newPhase();
    const created = (await addStep(phaseId, { contents: [task, upload], actions: [approval] })).body;
    const [t, u] = created.contents;
    const a = created.actions[0];
    expect((await get(`step-content-template/${t.id}`)).body).toMatchObject({ id: t.id, stepTemplateId: created.id, type: 'Task' });
    expect((await get(`step-action-template/${a.id}`)).body).toMatchObject({ id: a.id, type: 'Approval', roleId: 'role-advisor' });
    expect((await get(`step-task-template/${t.id}`)).body).toEqual({ id: t.id, stepTemplateId: created.id, name: 'Write', description: 'One page' });
    expect((await get(`step-upload-template/${u.id}`)).body).toEqual({ id: u.id, stepTemplateId: created.id, name: 'Transcript', multiple: false, type: 'Document', instructions: 'A PDF' });
    expect((await get(`step-task-template/${u.id}`)).status).toBe(404);
    expect((await get(`step-upload-templates/${t.id},${u.id},missing`)).body.map((x: { id: string }) => x.id)).toEqual([u.id]);
    expect((await get(`step-content-templates/${t.id},${u.id}`)).body).toHaveLength(2);
    expect((await get(`step-action-templates/${a.id}`)).body).toHaveLength(1);
    expect((await get(`step-templates/${created.id},missing`)).body.map((x: { id: string }) => x.id)).toEqual([created.id]);

    // Another conference's step (made by a superadmin): 403 for one, left out of a list.
    const superadmin = await cookieFor('superadmin@example.org');
    const track = await invoke(tracks, '/api/track/create-track-template', { method: 'POST', cookie: superadmin, body: { name: 'Elsewhere', description: 'Another conference', conferenceId: DEMO_LOCATION_IDS.conference2 } });
    const phase = await invoke(phases, '/api/phase/create-phase', { method: 'POST', cookie: superadmin, body: { trackTemplateId: track.body.id, name: 'There' } });
    const foreign = (await invoke(steps, '/api/step/template/create-step-template', { method: 'POST', cookie: superadmin, body: { phaseId: phase.body.id, name: 'Far', contents: [task] } })).body;
    expect((await get(`step-content-template/${foreign.contents[0].id}`)).status).toBe(403);
    expect((await get(`step-task-template/${foreign.contents[0].id}`)).status).toBe(403);
    expect((await get(`step-content-templates/${foreign.contents[0].id},${t.id}`)).body.map((x: { id: string }) => x.id)).toEqual([t.id]);
    expect((await get(`step-templates/${foreign.id}`)).body).toEqual([]);
  });
});

describe('design bounds on create', () => {
  it(`refuses a phase's step ${PHASE_STEPS_MAX + 1} and a track's step ${TRACK_STEPS_MAX + 1}`, async () => {
    const { trackId, phaseId } = await newPhase();
    await putSteps(trackId, phaseId, PHASE_STEPS_MAX, 'full-phase');
    const phaseFull = await addStep(phaseId);
    expect(phaseFull.status).toBe(400);
    expect(phaseFull.body.message).toBe(PHASE_FULL_MESSAGE);

    const others: string[] = [];
    for (let i = 1; i < TRACK_STEPS_MAX / PHASE_STEPS_MAX; i++) others.push((await invoke(phases, '/api/phase/create-phase', { method: 'POST', cookie, body: { trackTemplateId: trackId, name: `Phase ${i + 1}` } })).body.id);
    for (const [i, id] of others.entries()) await putSteps(trackId, id, PHASE_STEPS_MAX, `full-track-${i}`);
    const last = (await invoke(phases, '/api/phase/create-phase', { method: 'POST', cookie, body: { trackTemplateId: trackId, name: 'Empty phase' } })).body.id;
    const trackFull = await addStep(last);
    expect(trackFull.status).toBe(400);
    expect(trackFull.body.message).toBe(TRACK_FULL_MESSAGE);
  });

  it(`refuses a track's phase ${TRACK_PHASES_MAX + 1}`, async () => {
    const { trackId } = await newPhase();
    const items = Array.from({ length: TRACK_PHASES_MAX - 1 }, (_, i) => ({ trackTemplateId: trackId, phaseId: `bulk-phase-${trackId}-${i}`, name: `Bulk ${i}`, order: i + 2 }));
    await db().entities.phaseTemplate.put(items).go();
    const res = await invoke(phases, '/api/phase/create-phase', { method: 'POST', cookie, body: { trackTemplateId: trackId, name: 'One too many' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TRACK_PHASES_FULL_MESSAGE);
  });
});

describe("a step's due period (issue 12)", () => {
  it('is stored on create, changed and cleared by an edit on the version read, and refused out of range', async () => {
    const { phaseId } = await newPhase();
    const created = (await addStep(phaseId, { contents: [task], dueDays: 5 })).body;
    expect(created.dueDays).toBe(5);
    expect((await get(`step-template/${created.id}`)).body.dueDays).toBe(5);

    const changed = await editStep({ id: created.id, version: created.version, name: 'Step', contents: [{ ...task, id: created.contents[0].id }], dueDays: 30 });
    expect(changed.body.dueDays).toBe(30);
    const cleared = await editStep({ id: created.id, version: changed.body.version, name: 'Step', contents: [{ ...task, id: created.contents[0].id }], dueDays: null });
    expect(cleared.body.dueDays).toBeNull();
    const stored = await db().entities.stepTemplate.query.view({ stepTemplateId: created.id }).go();
    expect(stored.data[0]).not.toHaveProperty('dueDays');

    for (const dueDays of [0, 366, 2.5, '5']) {
      const refused = await addStep(phaseId, { contents: [task], dueDays });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors.dueDays).toEqual([STEP_DUE_DAYS_MESSAGE]);
    }
  });

  it('an imported step keeps its source’s due period', async () => {
    const source = await newPhase();
    const step = (await addStep(source.phaseId, { contents: [task], dueDays: 9 })).body;
    const target = await newPhase();
    const imported = await invoke(steps, '/api/step/create-step-template-from-import', { method: 'POST', cookie, body: { phase: target.phaseId, step: step.id } });
    expect(imported.body.dueDays).toBe(9);
  });
});
