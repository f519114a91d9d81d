import { DEMO_INSTANCE_IDS } from '../../functions/db/seed/demo-tracks';
import { AS, demoUserId } from './accounts';
import { benchCase, type BenchCase, type BenchContext } from './bench-case';

/**
 * Cases for the form routes. Saves and deletes are versioned, so each call works on its own
 * form, made for the run; saved forms stay, named by the run.
 */
const WRITE_CALLS = 30;
const formId = DEMO_INSTANCE_IDS.form;

async function createForms(ctx: BenchContext, calls: number): Promise<string[]> {
  const ids: string[] = [];
  for (let call = 0; call < calls; call += 1) ids.push((await ctx.api<{ id: string }>(AS.conferenceAdmin, 'POST', '/api/form', {})).id);
  return ids;
}

/** The demo questionnaire's answers as the participant types them, the call story differing per save. */
const answers = (call: number) => ({
  'legal-name': 'Pat Participant',
  'birth-date': '1990-04-12',
  call: `Save ${call}: I first sensed a call while teaching a Sunday school class and leading our youth retreat. `.repeat(4).trim(),
  language: 'English',
  confirm: true,
});

interface OwnQuestionnaire {
  version: number;
}

export const FORM_CASES: Record<string, BenchCase> = {
  'form.create': { as: AS.conferenceAdmin, method: 'POST', path: '/api/form', body: {}, calls: WRITE_CALLS },
  'form.bulk': { as: AS.conferenceAdmin, method: 'POST', path: '/api/form/bulk', body: [{}, {}, {}], calls: WRITE_CALLS },
  'form.quickSearch': { as: AS.conferenceAdmin, path: '/api/form/quickSearch', query: 'limit=10&offset=0' },
  'form.query': { as: AS.conferenceAdmin, method: 'POST', path: '/api/form/query', body: { where: { name: 'cand' }, limit: 10 } },
  'form.list': { as: AS.conferenceAdmin, path: '/api/form', query: 'limit=10&offset=0' },
  'form.count': { as: AS.conferenceAdmin, path: '/api/form/count', singleItem: true },
  'form.search': { as: AS.conferenceAdmin, method: 'POST', path: '/api/form/search', body: { where: { name: 'cand' }, limit: 10 } },
  'form.get': { as: AS.conferenceAdmin, path: `/api/form/${formId}`, singleItem: true },
  'form.currentForm': { as: AS.conferenceAdmin, path: `/api/form/current-form/${formId}`, singleItem: true },
  'form.formTemplate': { as: AS.conferenceAdmin, path: `/api/form/form-template/${formId}`, singleItem: true },
  'form.formTemplates': { as: AS.conferenceAdmin, path: `/api/form/form-templates/${formId},demo-form-contact` },
  'form.currentForms': { as: AS.conferenceAdmin, path: `/api/form/current-forms/${formId},demo-form-contact` },
  'form.versions': { as: AS.conferenceAdmin, path: `/api/form/${formId}/versions` },
  'form.formVersion': { as: AS.conferenceAdmin, path: `/api/form/${formId}/versions/1`, singleItem: true },
  'form.tinymceApiKey': { as: AS.participant, path: '/api/form/tinymce-api-key', singleItem: true },
  'form.formInstance': { as: AS.participant, path: `/api/form/form-instance/${DEMO_INSTANCE_IDS.questionnaireForm}`, singleItem: true },
  'form.formInstances': { as: AS.conferenceAdmin, path: `/api/form/form-instances/${DEMO_INSTANCE_IDS.questionnaireForm}` },
  'form.userForms': { as: AS.conferenceAdmin, path: `/api/form/forms/${demoUserId(AS.participant)}` },
  // The participant saves their own questionnaire (not submitted), one save after another: each save
  // raises the version by one, so call n saves on the version read beforehand plus n.
  'form.saveFormInstance': benchCase<OwnQuestionnaire>({
    as: AS.participant,
    method: 'PATCH',
    path: `/api/form/form-instance/${DEMO_INSTANCE_IDS.questionnaireForm}`,
    calls: WRITE_CALLS,
    concurrency: 1,
    singleItem: true,
    prepare: async (ctx) => {
      const path = `/api/form/form-instance/${DEMO_INSTANCE_IDS.questionnaireForm}`;
      let instance = await ctx.api<{ version: number; submitted: boolean }>(AS.participant, 'GET', path);
      // A submitted form is locked: the conference admin returns it to editing first.
      if (instance.submitted) instance = await ctx.api(AS.conferenceAdmin, 'PATCH', `/api/form/forms/unsubmit/${DEMO_INSTANCE_IDS.questionnaireForm}`);
      return { version: instance.version };
    },
    each: (call, own) => ({ body: { data: answers(call), submitted: false, version: own.version + call } }),
  }),
  'form.unsubmit': { as: AS.conferenceAdmin, method: 'PATCH', path: `/api/form/forms/unsubmit/${DEMO_INSTANCE_IDS.questionnaireForm}` },
  'form.updateById': benchCase<string[]>({
    as: AS.conferenceAdmin,
    method: 'PATCH',
    path: '/api/form',
    calls: WRITE_CALLS,
    prepare: createForms,
    each: (call, ids) => ({ path: `/api/form/${ids[call]}`, body: { name: `Bench form ${call}`, version: 1, layout: [], fields: [] } }),
  }),
  'form.update': benchCase<string[]>({
    as: AS.conferenceAdmin,
    method: 'PATCH',
    path: '/api/form',
    calls: WRITE_CALLS,
    prepare: createForms,
    each: (call, ids) => ({ body: { id: ids[call], name: `Bench form ${call}`, version: 1, layout: [], fields: [] } }),
  }),
  'form.remove': benchCase<string[]>({
    as: AS.conferenceAdmin,
    method: 'DELETE',
    path: '/api/form',
    calls: WRITE_CALLS,
    prepare: createForms,
    each: (call, ids) => ({ body: { id: ids[call], version: 1 } }),
  }),
  'form.removeById': benchCase<string[]>({
    as: AS.conferenceAdmin,
    method: 'DELETE',
    path: '/api/form',
    calls: WRITE_CALLS,
    prepare: createForms,
    each: (call, ids) => ({ path: `/api/form/${ids[call]}`, body: { version: 1 } }),
  }),
};
