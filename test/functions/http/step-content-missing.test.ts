import { handler } from '../../../functions/http/step/handler';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import { db } from '../../../functions/db/service';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

const ids = DEMO_INSTANCE_IDS;
const page = async (id: string) => (await invoke(handler, `/api/step/step-instance/${id}`, { cookie: await cookieFor('participant@example.org') })).body;
const content = async (id: string) => (await page(id)).contents[0];

beforeAll(async () => {
  await seedDemo();
});

/**
 * SPEC.md section 8: "Something must have gone wrong... We can't find the content for this task"
 * (likewise upload and form). The page sends such content without its task, upload or form, and
 * the web says the sentence; content whose parts are there is sent whole.
 */
describe('the step page with content whose template is gone', () => {
  it('sends a task, an upload and a form whole while they are there', async () => {
    expect(await content(ids.callStoryStep)).toHaveProperty('task.name', 'Write your call story');
    expect(await content(ids.transcriptStep)).toHaveProperty('upload.name', 'Transcript');
    expect(await content(ids.questionnaireStep)).toHaveProperty('form.formInstanceId', ids.questionnaireForm);
  });

  it("sends each without it once its task, upload or form is gone, the rest of the item as before", async () => {
    const template = (stepTemplateId: string, contentTemplateId: string) => db().entities.stepContentTemplate.patch({ trackTemplateId: ids.trackTemplate, stepTemplateId, contentTemplateId });
    await template(ids.callStoryTemplate, 'demo-content-call-story').remove(['task']).go();
    await template(ids.transcriptTemplate, 'demo-content-transcript').remove(['upload']).go();
    await db().entities.formInstance.delete({ trackInstanceId: ids.trackInstance, formInstanceId: ids.questionnaireForm }).go();

    const task = await content(ids.callStoryStep);
    expect(task).toMatchObject({ type: 'Task', name: 'Call story', hidden: false });
    expect(task).not.toHaveProperty('task');
    const upload = await content(ids.transcriptStep);
    expect(upload).toMatchObject({ type: 'Upload', name: 'Transcript', hidden: false });
    expect(upload).not.toHaveProperty('upload');
    const form = await content(ids.questionnaireStep);
    expect(form).toMatchObject({ type: 'Form', name: 'Questionnaire', hidden: false });
    expect(form).not.toHaveProperty('form');
  });
});
