import { db } from '../../../functions/db/service';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import { DEMO_GROUP_IDS } from '../../../functions/db/seed/demo-groups';
import type { AuthContext } from '../../../functions/core/session/resolve-session';
import { chainIdOf } from '../../../functions/core/records/audit-write';
import { createTrack, setTrackDisabled, startTrackDelete, updateTrack } from '../../../functions/core/tracks/track-editor';
import { createPhase, deletePhase, movePhase, updatePhase } from '../../../functions/core/tracks/phase-editor';
import { createStep, updateStep } from '../../../functions/core/tracks/step-editor';
import { startStepBulk } from '../../../functions/core/tracks/step-bulk';
import { importStep } from '../../../functions/core/tracks/step-import';
import { updatePrerequisites } from '../../../functions/core/tracks/step-prerequisites';
import { startPhaseImport, startTrackCopy } from '../../../functions/core/tracks/track-copy';
import { createForm, updateForm } from '../../../functions/core/forms/form-editor';
import { deleteForm } from '../../../functions/core/forms/form-removal';
import { createGroups, deleteGroup, updateGroup } from '../../../functions/core/user-groups/group-writes';
import { addUsers } from '../../../functions/core/people/add-user';
import { stepInputSchema } from '../../../shared/schemas/step';
import { checkAudit } from '../../../bin/maintenance/audit-check';
import { seedDemo } from '../../support/demo-table';
import { demoUser } from '../../support/session';
import { settle } from '../../support/settle';
import { added, callerOf, entriesOf } from '../../support/audit-entries';

/**
 * Issue 25's coverage of the design side: each write to a track template (its phases and steps
 * in its chain), a form template or an interview group, and each user added, makes exactly one
 * audit entry in its own transaction, with the actor (a job for its starter), action, kind and
 * before/after; a stale write (409) makes none. The stream then chains them and check:audit agrees.
 */
let superadmin: AuthContext;
let conferenceAdmin: AuthContext;

const trackChain = (id: string) => chainIdOf('TrackTemplate', id);
const task = (name: string) => ({ type: 'Task' as const, name, task: { name, description: `Do ${name}` } });
const stepOf = (phaseId: string, name: string, actions: unknown[] = []) => stepInputSchema.parse({ phaseId, name, contents: [task(name)], actions });

beforeAll(async () => {
  await seedDemo();
  [superadmin, conferenceAdmin] = await Promise.all(['superadmin@example.org', 'conference.admin@example.org'].map(callerOf));
});

describe('track templates', () => {
  it('create, edit, deactivate and delete: one entry each in the track\'s chain, at its conference; a stale edit none', async () => {
    const track = await createTrack(conferenceAdmin, { name: 'Audited Track', description: 'First', conferenceId: ids.conference1 } as never);
    const [created] = await entriesOf(trackChain(track.id));
    expect(created).toMatchObject({ actorId: conferenceAdmin.userId, action: 'track.created', kind: 'created', subject: 'Audited Track', auditScope: ids.conference1 });
    expect(created.changes).toEqual(expect.arrayContaining([{ field: 'name', after: 'Audited Track' }, { field: 'conference', after: 'Blue Ridge Conference' }]));
    expect(created.scopeIds).toContain(ids.conference1);

    const [edited] = await added(trackChain(track.id), () => updateTrack(conferenceAdmin, track.id, { version: 1, name: 'Audited Track II' }));
    expect(edited).toMatchObject({ action: 'track.updated', kind: 'details', subject: 'Audited Track II', changes: [{ field: 'name', before: 'Audited Track', after: 'Audited Track II' }] });
    expect(await added(trackChain(track.id), () => expect(updateTrack(conferenceAdmin, track.id, { version: 1, name: 'Stale' })).rejects.toMatchObject({ status: 409 }))).toHaveLength(0);

    const [off] = await added(trackChain(track.id), () => setTrackDisabled(conferenceAdmin, track.id, true));
    expect(off).toMatchObject({ action: 'track.deactivated', kind: 'activation', changes: [{ field: 'status', before: 'active', after: 'inactive' }] });
    // Already inactive: nothing written, nothing recorded.
    expect(await added(trackChain(track.id), () => setTrackDisabled(conferenceAdmin, track.id, true))).toHaveLength(0);

    const [deleted] = await added(trackChain(track.id), () => startTrackDelete(conferenceAdmin, track.id));
    expect(deleted).toMatchObject({ action: 'track.deleted', kind: 'deleted', changes: [{ field: 'status', before: 'inactive', after: 'deleting' }] });
  });

  it('phases and steps: added, edited, moved, deleted, imported, each one entry of kind phases or steps; a stale edit none', async () => {
    const track = await createTrack(conferenceAdmin, { name: 'Design Track', description: 'Phases', conferenceId: ids.conference1 } as never);
    const chain = trackChain(track.id);
    let first = '';
    const [phaseAdded] = await added(chain, async () => (first = (await createPhase(conferenceAdmin, { trackTemplateId: track.id, name: 'Call', description: 'Hear it' })).id));
    expect(phaseAdded).toMatchObject({ action: 'phase.added', kind: 'phases', subject: 'Design Track', changes: [{ field: 'phase', after: 'Call' }] });
    const second = await createPhase(conferenceAdmin, { trackTemplateId: track.id, name: 'Answer', description: 'Say yes' });
    const [renamed] = await added(chain, () => updatePhase(conferenceAdmin, { id: first, name: 'Calling', description: 'Hear it', version: 1 }));
    expect(renamed).toMatchObject({ action: 'phase.updated', changes: [{ field: 'Call: name', before: 'Call', after: 'Calling' }] });
    expect(await added(chain, () => expect(updatePhase(conferenceAdmin, { id: first, name: 'Stale', description: '', version: 1 })).rejects.toMatchObject({ status: 409 }))).toHaveLength(0);
    const [moved] = await added(chain, () => movePhase(conferenceAdmin, { phaseId: second.id, direction: 'LEFT' }));
    expect(moved).toMatchObject({ action: 'phase.moved', changes: [{ field: 'Answer: order', before: '2', after: '1' }, { field: 'Calling: order', before: '1', after: '2' }] });

    let stepId = '';
    const [stepAdded] = await added(chain, async () => (stepId = (await createStep(conferenceAdmin, stepOf(first, 'Pray'))).id));
    expect(stepAdded).toMatchObject({ action: 'step.created', kind: 'steps' });
    expect(stepAdded.changes).toEqual(expect.arrayContaining([{ field: 'step', after: 'Pray' }, { field: 'Pray: contents', after: 'Task "Pray"' }, { field: 'Pray: phase', after: 'Calling' }]));
    const other = await createStep(conferenceAdmin, stepOf(first, 'Listen'));
    const [stepEdited] = await added(chain, () => updateStep(conferenceAdmin, { ...stepOf(first, 'Pray daily', [{ type: 'Approval', name: 'Advisor approves' }]), id: stepId, version: 1 } as never));
    expect(stepEdited).toMatchObject({ action: 'step.updated', kind: 'steps' });
    expect(stepEdited.changes).toEqual(expect.arrayContaining([{ field: 'Pray: name', before: 'Pray', after: 'Pray daily' }, { field: 'Pray: actions', after: 'Approval "Advisor approves"' }]));
    expect(await added(chain, () => expect(updateStep(conferenceAdmin, { ...stepOf(first, 'Stale'), id: stepId, version: 1 } as never)).rejects.toMatchObject({ status: 409 }))).toHaveLength(0);
    const [linked] = await added(chain, () => updatePrerequisites(conferenceAdmin, stepId, [other.id]));
    expect(linked).toMatchObject({ action: 'step.prerequisites.updated', changes: [{ field: 'Pray daily: prerequisites', after: 'Listen' }] });
    const [imported] = await added(chain, () => importStep(conferenceAdmin, { phase: second.id, step: DEMO_INSTANCE_IDS.callStoryTemplate }));
    expect(imported).toMatchObject({ action: 'step.imported', kind: 'steps' });
    expect(imported.changes).toEqual(expect.arrayContaining([{ field: 'Share your call story: imported from', after: 'Candidacy Pathway' }]));

    const empty = await createPhase(conferenceAdmin, { trackTemplateId: track.id, name: 'Spare', description: '' });
    const [phaseGone] = await added(chain, () => deletePhase(conferenceAdmin, empty.id));
    expect(phaseGone).toMatchObject({ action: 'phase.deleted', changes: [{ field: 'phase', before: 'Spare' }] });

    // Jobs: a bulk of steps (one entry per step) and a phase import, as the job for its starter.
    const bulk = await startStepBulk(conferenceAdmin, [stepOf(second.id, 'Bulk one'), stepOf(second.id, 'Bulk two')]);
    const phaseImport = await startPhaseImport(conferenceAdmin, DEMO_INSTANCE_IDS.discernmentPhase, track.id);
    await settle();
    const entries = await entriesOf(chain);
    const byJob = (jobId: string) => entries.filter((entry) => entry.actorId === `job:${jobId}`);
    expect(byJob(bulk.jobId).map((entry) => entry.action)).toEqual(['step.created', 'step.created']);
    expect(byJob(bulk.jobId)[0]).toMatchObject({ onBehalfOf: conferenceAdmin.userId, actorName: 'Carmen Delgado' });
    const [phaseCopied] = byJob(phaseImport.jobId);
    expect(phaseCopied).toMatchObject({ action: 'phase.imported', kind: 'phases', onBehalfOf: conferenceAdmin.userId, changes: [{ field: 'phase', after: 'Discernment' }, { field: 'Discernment: imported from', after: 'Candidacy Pathway' }] });
    expect(byJob(phaseImport.jobId)).toHaveLength(1);
  });

  it('a copy of a system track: the new track\'s first entry, by the copy job, naming its source', async () => {
    const { jobId } = await startTrackCopy(conferenceAdmin, DEMO_INSTANCE_IDS.systemTrack, ids.conference1, { name: 'Copied Licensing', description: 'Ours now' });
    await settle();
    const job = (await db().entities.job.get({ jobId }).go()).data!;
    const copyId = (job.result as { trackTemplateId: string }).trackTemplateId;
    const entries = await entriesOf(trackChain(copyId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: `job:${jobId}`, onBehalfOf: conferenceAdmin.userId, action: 'track.copied', kind: 'created', subject: 'Copied Licensing', auditScope: ids.conference1 });
    expect(entries[0].changes).toEqual(expect.arrayContaining([{ field: 'copied from', after: expect.any(String) }]));
  });
});

describe('form templates', () => {
  it('create, publish, flag and delete: one entry each, content only as changed; a stale save and an unchanged one none', async () => {
    const form = await createForm(superadmin, { name: 'Audited Form' } as never);
    const chain = chainIdOf('FormTemplate', form.id);
    const [created] = await entriesOf(chain);
    expect(created).toMatchObject({ actorId: superadmin.userId, action: 'form.created', kind: 'created', subject: 'Audited Form', auditScope: 'system' });
    const fields = [{ id: 'q1', type: 'text', label: 'Your secret answer key', properties: {} }];
    const [published] = await added(chain, () => updateForm(superadmin, form.id, { version: 1, name: 'Audited Form', layout: [['q1']], fields } as never));
    expect(published).toMatchObject({ action: 'form.published', kind: 'versions', changes: [{ field: 'version', before: '1', after: '2' }, { field: 'content', changed: true }] });
    expect(await added(chain, () => expect(updateForm(superadmin, form.id, { version: 1, name: 'Stale', layout: [], fields: [] } as never)).rejects.toMatchObject({ status: 409 }))).toHaveLength(0);
    const current = (await db().entities.form.get({ formId: form.id }).go()).data!;
    expect(await added(chain, () => updateForm(superadmin, form.id, { version: 2, name: 'Audited Form', layout: current.layout, fields: current.fields } as never))).toHaveLength(0);
    const [flagged] = await added(chain, () => updateForm(superadmin, form.id, { version: 3, name: 'Audited Form', layout: current.layout, fields: current.fields, system: true } as never));
    expect(flagged).toMatchObject({ action: 'form.updated', kind: 'details', changes: [{ field: 'system', before: 'false', after: 'true' }] });
    const [deleted] = await added(chain, () => deleteForm(superadmin, form.id, 4));
    expect(deleted).toMatchObject({ action: 'form.deleted', kind: 'deleted', changes: [{ field: 'name', before: 'Audited Form' }] });
  });
});

describe('interview groups', () => {
  it('create, rename, members added and removed, delete: one entry each at the group\'s conference; a stale save none', async () => {
    const interviewer = demoUser('interviewer@example.org').id;
    const [group] = await createGroups(conferenceAdmin, DEMO_INSTANCE_IDS.trackTemplate, [{ name: 'Audit Panel', description: 'Listens', conferenceId: ids.conference1, users: [] }]);
    const chain = chainIdOf('UserGroup', group.id);
    const [created] = await entriesOf(chain);
    expect(created).toMatchObject({ actorId: conferenceAdmin.userId, action: 'group.created', kind: 'created', subject: 'Audit Panel', auditScope: ids.conference1 });
    const [joined] = await added(chain, () => updateGroup(conferenceAdmin, group.id, { name: 'Audit Panel', description: 'Listens', conferenceId: ids.conference1, users: [interviewer], version: 1 }));
    expect(joined).toMatchObject({ action: 'group.members.updated', kind: 'members', changes: [{ field: 'members added', after: 'Irene Kowalski' }] });
    const [renamed] = await added(chain, () => updateGroup(conferenceAdmin, group.id, { name: 'Audit Board', description: 'Listens', conferenceId: ids.conference1, users: [], version: 2 }));
    expect(renamed).toMatchObject({ action: 'group.updated', kind: 'details', subject: 'Audit Board', changes: [{ field: 'name', before: 'Audit Panel', after: 'Audit Board' }, { field: 'members removed', before: 'Irene Kowalski' }] });
    expect(await added(chain, () => expect(updateGroup(conferenceAdmin, group.id, { name: 'Stale', description: '', conferenceId: ids.conference1, users: [], version: 2 })).rejects.toMatchObject({ status: 409 }))).toHaveLength(0);
    const [deleted] = await added(chain, () => deleteGroup(conferenceAdmin, group.id));
    expect(deleted).toMatchObject({ action: 'group.deleted', kind: 'deleted', changes: [{ field: 'name', before: 'Audit Board' }] });
    expect(DEMO_GROUP_IDS.candidacyPanel).toBeTruthy();
  });
});

describe('users added', () => {
  it('one user.created entry in each new person\'s chain, at their conference', async () => {
    const people = await addUsers(superadmin, [
      { firstName: 'Nia', lastName: 'New', email: 'nia.new@example.org', conferenceLocation: ids.conference1, districtLocation: ids.district1 },
      { firstName: 'Ned', lastName: 'New', email: 'ned.new@example.org', conferenceLocation: ids.conference1 },
    ] as never);
    for (const person of people) {
      const entries = await entriesOf(chainIdOf('User', person.id));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorId: superadmin.userId, action: 'user.created', kind: 'created', subject: `${person.firstName} New`, auditScope: ids.conference1 });
    }
  });

  it('the stream seals every entry written here and check:audit finds nothing wrong', async () => {
    await settle();
    const report = await checkAudit();
    expect(report.findings).toEqual([]);
    expect(report.entries).toBeGreaterThan(20);
  });
});
