import { createServiceHandler } from '../../lib/http/service-handler';
import { formApi } from '../../../shared/api/form';
import { createForm, createForms, updateForm } from '../../core/forms/form-editor';
import { deleteForm } from '../../core/forms/form-removal';
import { formCount, formPage } from '../../core/forms/form-list';
import { formVersions, formsById, requireForm, requireFormVersion, requireLiveForm } from '../../core/forms/form-store';
import { formVersionView, formView } from '../../core/forms/form-view';
import { formInstanceView, formInstanceViews, saveFormAnswers, unsubmitForm } from '../../core/step-work/form-instances';
import { userForms } from '../../core/people/profile-tabs';

/** Content for the steps and answers that use a form (a deleted one too). */
const oneForm = async (formId: string) => formView(await requireForm(formId));
const someForms = async (formIds: string[]) => (await formsById(formIds)).map(formView);

export const handler = createServiceHandler(formApi, {
  create: async ({ auth, body }) => createForm(auth, body),
  bulk: async ({ auth, body }) => createForms(auth, body),
  quickSearch: async ({ query }) => formPage(query),
  query: async ({ body }) => (await formPage({ where: body.where, limit: body.limit }, false)).data,
  list: async ({ query }) => (await formPage({ limit: query.limit, offset: query.offset }, false)).data,
  count: async ({ query }) => formCount(query.where?.name),
  search: async ({ body }) => (await formPage({ where: body.where, limit: body.limit }, false)).data,
  // The form page: a deleted form is 404 there.
  get: async ({ params }) => formView(await requireLiveForm(params.id)),
  currentForm: async ({ params }) => oneForm(params.id),
  currentForms: async ({ params }) => someForms(params.ids),
  formTemplate: async ({ params }) => oneForm(params.id),
  formTemplates: async ({ params }) => someForms(params.ids),
  versions: async ({ params }) => (await formVersions(params.id)).map(formVersionView),
  formVersion: async ({ params }) => formVersionView(await requireFormVersion(params.id, params.formVersion)),
  formInstance: async ({ auth, params }) => formInstanceView(auth, params.id),
  formInstances: async ({ auth, params }) => formInstanceViews(auth, params.ids),
  saveFormInstance: async ({ auth, params, body }) => saveFormAnswers(auth, params.id, body),
  userForms: async ({ auth, params, query }) => userForms(auth, params.userId, query),
  unsubmit: async ({ auth, params }) => unsubmitForm(auth, params.formId),
  // No key: the editor is Tiptap, self-hosted (see the contract).
  tinymceApiKey: async () => ({ key: null }),
  update: async ({ auth, body: { id, ...update } }) => updateForm(auth, id, update),
  updateById: async ({ auth, params, body }) => updateForm(auth, params.id, body),
  remove: async ({ auth, body }) => {
    await deleteForm(auth, body.id, body.version);
    return null;
  },
  removeById: async ({ auth, params, body }) => {
    await deleteForm(auth, params.id, body.version);
    return null;
  },
});
