import fc from 'fast-check';
import { handler as steps } from '../../../functions/http/step/handler';
import { handler as phases } from '../../../functions/http/phase/handler';
import { handler as tracks } from '../../../functions/http/track/handler';
import { DEMO_INSTANCE_IDS, DEMO_LOCATION_IDS } from '../../../functions/db/seed/demo';
import { PREREQUISITE_CYCLE, PREREQUISITE_NOT_IN_PHASE } from '../../../functions/core/tracks/step-prerequisites';
import { PHASE_HAS_STEPS_MESSAGE } from '../../../functions/core/tracks/phase-editor';
import { CONTENT_OR_ACTIONS_REQUIRED, PRIVATE_NEEDS_APPROVED_ROLES } from '../../../shared/schemas/step';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

const CONFERENCE_ADMIN = 'conference.admin@example.org';
const PARTICIPANT = 'participant@example.org';
let cookie: string;

const task = { type: 'Task', name: 'Reflection', task: { name: 'Write', description: 'One page' } };

async function newPhase(): Promise<{ trackId: string; phaseId: string }> {
  const track = await invoke(tracks, '/api/track/create-track-template', { method: 'POST', cookie, body: { name: 'Stepped Track', description: 'With steps', conferenceId: DEMO_LOCATION_IDS.conference1 } });
  const phase = await invoke(phases, '/api/phase/create-phase', { method: 'POST', cookie, body: { trackTemplateId: track.body.id, name: 'Only phase' } });
  return { trackId: track.body.id, phaseId: phase.body.id };
}

const addStep = (phaseId: string, name: string, body: Record<string, unknown> = { contents: [task] }) =>
  invoke(steps, '/api/step/template/create-step-template', { method: 'POST', cookie, body: { phaseId, name, ...body } });

const setPrerequisites = (stepId: string, prerequisites: string[]) =>
  invoke(steps, `/api/step/update-step-template-prerequisites/${stepId}`, { method: 'POST', cookie, body: { prerequisites } });

async function outlineSteps(trackId: string) {
  const res = await invoke(tracks, `/api/track/track-template/${trackId}`, { cookie });
  return res.body.phases[0].steps as Array<{ id: string; prerequisites: string[] }>;
}

beforeAll(async () => {
  await seedDemo();
  cookie = await cookieFor(CONFERENCE_ADMIN);
});

describe('steps', () => {
  it('creates a step with a task, an upload, a form and an approval (Participant and Advisor by default) and reads it in one view', async () => {
    const { phaseId } = await newPhase();
    const res = await addStep(phaseId, 'Everything', {
      required: true,
      contents: [
        task,
        { type: 'Upload', name: 'Transcript', isPrivate: true, approvedRoles: ['role-advisor'], upload: { name: 'Transcript', type: 'Document', instructions: 'A PDF' } },
        { type: 'Form', name: 'Questionnaire', formId: DEMO_INSTANCE_IDS.form },
      ],
      actions: [{ type: 'Approval', name: 'Advisor approval' }],
    });
    expect(res.status).toBe(201);
    const read = await invoke(steps, `/api/step/step-template/${res.body.id}`, { cookie: await cookieFor(PARTICIPANT) });
    expect(read.body.contents.map((c: { type: string; roleId: string }) => `${c.type} ${c.roleId}`)).toEqual(['Task role-participant', 'Upload role-participant', 'Form role-participant']);
    expect(read.body.actions).toMatchObject([{ type: 'Approval', roleId: 'role-advisor' }]);
  });

  it("answers SPEC's messages: content or actions required, private content needs approved roles", async () => {
    const { phaseId } = await newPhase();
    const empty = await addStep(phaseId, 'Nothing', {});
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(CONTENT_OR_ACTIONS_REQUIRED);
    const hidden = await addStep(phaseId, 'Hidden', { contents: [{ ...task, isPrivate: true }] });
    expect(JSON.stringify(hidden.body)).toContain(PRIVATE_NEEDS_APPROVED_ROLES);
  });

  it('refuses prerequisites from another phase, the step itself and its dependents; lists steps in dependency order', async () => {
    const { trackId, phaseId } = await newPhase();
    const [a, b, c] = [(await addStep(phaseId, 'A')).body.id, (await addStep(phaseId, 'B')).body.id, (await addStep(phaseId, 'C')).body.id];
    expect((await setPrerequisites(a, [c])).status).toBe(200);
    expect((await setPrerequisites(c, [b])).status).toBe(200);
    const cycle = await setPrerequisites(b, [a]);
    expect(cycle.status).toBe(400);
    expect(cycle.body.fieldErrors.prerequisites).toEqual([PREREQUISITE_CYCLE]);
    expect((await setPrerequisites(b, [b])).body.fieldErrors.prerequisites).toEqual([PREREQUISITE_CYCLE]);
    expect((await setPrerequisites(b, [DEMO_INSTANCE_IDS.callStoryTemplate])).body.fieldErrors.prerequisites).toEqual([PREREQUISITE_NOT_IN_PHASE]);
    expect((await outlineSteps(trackId)).map((s) => s.id)).toEqual([b, c, a]);
  });

  it('keeps a phase with steps from being deleted', async () => {
    const { phaseId } = await newPhase();
    await addStep(phaseId, 'Anchor');
    const res = await invoke(phases, `/api/phase/delete-phase/${phaseId}`, { method: 'DELETE', cookie });
    expect(res.body.message).toBe(PHASE_HAS_STEPS_MESSAGE);
  });

  it('never stores a cycle and always lists steps in dependency order, whatever sequence of edits (also concurrent) arrives', async () => {
    const { trackId, phaseId } = await newPhase();
    const ids: string[] = [];
    for (const name of ['S1', 'S2', 'S3', 'S4', 'S5']) ids.push((await addStep(phaseId, name)).body.id);
    const edit = fc.record({ step: fc.nat(4), prerequisites: fc.uniqueArray(fc.nat(4), { maxLength: 3 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }), async (rounds) => {
        for (const round of rounds) {
          // Each round's edits are sent at once: the phase's guard serialises them.
          const answers = await Promise.all(round.map((e) => setPrerequisites(ids[e.step], e.prerequisites.map((i) => ids[i]))));
          expect(answers.every((res) => res.status === 200 || res.status === 400)).toBe(true);
        }
        const listed = await outlineSteps(trackId);
        const position = new Map(listed.map((s, i) => [s.id, i]));
        for (const step of listed) for (const prerequisite of step.prerequisites) expect(position.get(prerequisite)!).toBeLessThan(position.get(step.id)!);
      }),
      { numRuns: 12, seed: 20261123 },
    );
  });
});
