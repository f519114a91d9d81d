import * as z from 'zod';
import { defineContract } from './contract';
import { idListParam, idSchema } from './id-list';
import { AUTOCOMPLETE_LIMITS, BULK_MAX } from './limits';
import { booleanText, limitSchema, offsetSchema, orderBySchema, pageOf, relationsSchema, searchTextSchema, tableOptionText, whereSchema } from './list-query';
import { FORM_LIMITS, fieldSchema, layoutCellSchema, formContentSchema } from '../forms/form-definition';
import { ANSWER_TEXT_MAX } from '../forms/answer-schema';
import { formTabContracts } from './user-tabs';

/**
 * Forms (SPEC.md sections 2, 3 and 7): the `/forms` table, the form page and its versions.
 * A form's content (layout and fields) is published as immutable numbered versions: a save
 * that changes the name or the content adds version n+1; `version` is the usual
 * concurrency counter, `currentVersion` the published number the badge shows.
 */
const base = '/api/form';
const byId = z.object({ id: idSchema });

export const FORM_NAME_MAX = 120;
/** A count with search text reads the matching names up to this many (bounded like a page). */
export const FORM_COUNT_SEARCH_MAX = 50;
export const UNTITLED_FORM = 'Untitled';
export const FORM_NAME_HINT = 'Give your form a meaningful name in order to save it.';
export const SYSTEM_FORM_LOCKED = 'System forms cannot be edited.';

/** A name the form page accepts for a save: given and not Untitled (SPEC.md section 5). */
export const savableFormName = z
  .string({ error: FORM_NAME_HINT })
  .trim()
  .min(1, FORM_NAME_HINT)
  .max(FORM_NAME_MAX, `Name must be at most ${FORM_NAME_MAX} characters.`)
  .refine((name) => name.toLowerCase() !== UNTITLED_FORM.toLowerCase(), FORM_NAME_HINT);

export const formRowSchema = z.object({ id: z.string(), name: z.string(), system: z.boolean(), currentVersion: z.number().int() });
export type FormRow = z.infer<typeof formRowSchema>;

export const formSchema = formRowSchema.extend({
  description: z.string().optional(),
  layout: z.array(layoutCellSchema),
  fields: z.array(fieldSchema),
  version: z.number().int(),
  updatedAt: z.string().optional(),
});
export type FormView = z.infer<typeof formSchema>;

export const formVersionSchema = z.object({
  formId: z.string(),
  formVersion: z.number().int(),
  name: z.string(),
  layout: z.array(layoutCellSchema),
  fields: z.array(fieldSchema),
  createdAt: z.string(),
});
export type FormVersionView = z.infer<typeof formVersionSchema>;

export const formInstanceSummarySchema = z.object({
  id: z.string(),
  formId: z.string(),
  formVersion: z.number().int(),
  stepInstanceId: z.string(),
  title: z.string(),
  trackName: z.string(),
  phaseName: z.string(),
  stepName: z.string(),
  submitted: z.boolean(),
  submittedAt: z.string().optional(),
});
export type FormInstanceSummary = z.infer<typeof formInstanceSummarySchema>;

/** An instance with its answers and the version it started on: all the runner needs. */
export const formInstanceViewSchema = formInstanceSummarySchema.extend({
  data: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  form: z.object({ name: z.string(), layout: z.array(layoutCellSchema), fields: z.array(fieldSchema) }),
});
export type FormInstanceView = z.infer<typeof formInstanceViewSchema>;

/**
 * Answers as a client sends them, bounded in shape (texts, lists, keys); what they must be is
 * checked against the instance's own version on the server. A record says its most keys in
 * its metadata (`maxKeys`, enforced by its refinement) so the contract checks can see it.
 */
const ANSWER_LIST_MAX = 100;
function boundedRecord<V extends z.ZodType>(value: V, maxKeys: number) {
  return z
    .record(z.string().max(60), value)
    .refine((record) => Object.keys(record).length <= maxKeys, `At most ${maxKeys} answers.`)
    .meta({ maxKeys });
}
const answerValue: z.ZodType = z.lazy(() => answerValueOptions).meta({ id: 'FormAnswerValue' }); // named in the OpenAPI document
const answerValueOptions = z.union([
  z.string().max(ANSWER_TEXT_MAX),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(answerValue).max(ANSWER_LIST_MAX),
  boundedRecord(answerValue, FORM_LIMITS.fields),
]);
const answersBody = boundedRecord(answerValue, FORM_LIMITS.fields);

const versionNumber = z.coerce.number({ error: 'Version must be a number.' }).int().min(1).max(1_000_000);

export const formUpdateSchema = z
  .object({
    name: savableFormName,
    system: z.boolean().optional(),
    version: z.number({ error: 'version is required' }).int().min(1),
  })
  .and(formContentSchema);
export type FormUpdate = z.infer<typeof formUpdateSchema>;

const formCreateSchema = z.object({ name: z.string().trim().max(FORM_NAME_MAX).optional(), system: z.boolean().optional() });
export type FormCreate = z.infer<typeof formCreateSchema>;

const where = whereSchema({ name: searchTextSchema.optional() });
const listQuery = z.object({ limit: limitSchema, offset: offsetSchema, relations: relationsSchema([] as const), orderBy: orderBySchema(['name'] as const), where });

/**
 * A read of forms with their current content by id, or by a comma-separated id list: what
 * steps and answers use, so a deleted form still answers here (unlike GET /form/{id}).
 */
const contentRead = (name: string, segment: string, summary: string) =>
  defineContract({ id: `form.${name}`, service: 'form', method: 'GET', path: `${base}/${segment}/{id}`, access: 'session', can: ['read', 'FormTemplate'], summary, params: byId, response: formSchema });
const contentReadMany = (name: string, segment: string, summary: string) =>
  defineContract({ id: `form.${name}`, service: 'form', method: 'GET', path: `${base}/${segment}/{ids}`, access: 'session', can: ['read', 'FormTemplate'], summary, params: z.object({ ids: idListParam }), response: z.array(formSchema) });

export const formApi = {
  create: defineContract({
    id: 'form.create', service: 'form', method: 'POST', path: base, access: 'session', can: ['create', 'FormTemplate'], status: 201,
    summary: 'Creates a form (default name Untitled, not a system form; only a superadmin may make it a system form) at version 1.',
    body: formCreateSchema, response: formSchema,
  }),
  bulk: defineContract({
    id: 'form.bulk', service: 'form', method: 'POST', path: `${base}/bulk`, access: 'session', can: ['create', 'FormTemplate'], status: 201,
    summary: `Creates up to ${BULK_MAX} forms at version 1 (each as create does).`,
    body: z.array(formCreateSchema).min(1, 'Give at least one form.').max(BULK_MAX, `At most ${BULK_MAX} forms at once.`), response: z.array(formSchema),
  }),
  update: defineContract({
    id: 'form.update', service: 'form', method: 'PATCH', path: base, access: 'session', can: ['update', 'FormTemplate'],
    summary: 'Saves a form named in the body by id (as PATCH /form/{id}).',
    body: z.object({ id: idSchema }).and(formUpdateSchema), response: formSchema,
  }),
  remove: defineContract({
    id: 'form.remove', service: 'form', method: 'DELETE', path: base, access: 'session', can: ['delete', 'FormTemplate'], status: 204,
    summary: 'Deletes a form named in the body by id (as DELETE /form/{id}).', body: z.object({ id: idSchema, version: z.number({ error: 'version is required' }).int().min(1) }), response: z.null(),
  }),
  quickSearch: defineContract({
    id: 'form.quickSearch', service: 'form', method: 'GET', path: `${base}/quickSearch`, access: 'session', can: ['read', 'FormTemplate'], rateLimit: 'search',
    summary: 'The forms table: a page of forms by name with the total, or those whose name starts with the search text.',
    query: listQuery.extend({ tableName: tableOptionText.optional(), isQuickSearch: booleanText.optional() }), response: pageOf(formRowSchema),
  }),
  query: defineContract({
    id: 'form.query', service: 'form', method: 'POST', path: `${base}/query`, access: 'session', can: ['read', 'FormTemplate'],
    summary: `Form name search (a step's Form content picker): forms whose name starts with the text, at most ${AUTOCOMPLETE_LIMITS.form}.`,
    body: z.object({ where, limit: z.coerce.number().int().min(1).max(AUTOCOMPLETE_LIMITS.form).default(AUTOCOMPLETE_LIMITS.form) }), response: z.array(formRowSchema),
  }),
  list: defineContract({
    id: 'form.list', service: 'form', method: 'GET', path: base, access: 'session', can: ['read', 'FormTemplate'],
    summary: 'A page of forms sorted by name (the generic list).',
    query: z.object({ limit: limitSchema, offset: offsetSchema, relations: relationsSchema([] as const) }), response: z.array(formRowSchema),
  }),
  count: defineContract({
    id: 'form.count', service: 'form', method: 'GET', path: `${base}/count`, access: 'session', can: ['read', 'FormTemplate'],
    summary: `How many forms there are (the counter), or how many names start with the text: exact up to ${FORM_COUNT_SEARCH_MAX}, one more while further matches exist.`,
    query: z.object({ where }), response: z.number().int(),
  }),
  search: defineContract({
    id: 'form.search', service: 'form', method: 'POST', path: `${base}/search`, access: 'session', can: ['read', 'FormTemplate'], rateLimit: 'search',
    summary: 'Forms whose name starts with the text (pickers), sorted by name.',
    body: z.object({ where, limit: limitSchema, relations: relationsSchema([] as const) }), response: z.array(formRowSchema),
  }),
  currentForm: contentRead('currentForm', 'current-form', 'A form with its current version’s layout and fields (one read).'),
  currentForms: contentReadMany('currentForms', 'current-forms', 'The forms named by a comma-separated id list with their current content (unknown ids are left out).'),
  versions: defineContract({
    id: 'form.versions', service: 'form', method: 'GET', path: `${base}/{id}/versions`, access: 'session', can: ['read', 'FormTemplate'],
    summary: 'Every published version of a form, oldest first (one Query of the form’s collection).', params: byId, response: z.array(formVersionSchema),
  }),
  formVersion: defineContract({
    id: 'form.formVersion', service: 'form', method: 'GET', path: `${base}/{id}/versions/{formVersion}`, access: 'session', can: ['read', 'FormTemplate'],
    summary: 'One published version of a form: the layout and fields an instance started on.', params: byId.extend({ formVersion: versionNumber }), response: formVersionSchema,
  }),
  formInstance: defineContract({
    id: 'form.formInstance', service: 'form', method: 'GET', path: `${base}/form-instance/{id}`, access: 'session', readLog: 'form',
    summary: 'A form instance with its answers and the version it started on; for the participant and those who can see them (others: 404).', params: byId, response: formInstanceViewSchema,
  }),
  formInstances: defineContract({
    id: 'form.formInstances', service: 'form', method: 'GET', path: `${base}/form-instances/{ids}`, access: 'session', readLog: 'form',
    summary: 'The form instances named by a comma-separated id list that the caller may read (others are left out).', params: z.object({ ids: idListParam }), response: z.array(formInstanceViewSchema),
  }),
  saveFormInstance: defineContract({
    id: 'form.saveFormInstance', service: 'form', method: 'PATCH', path: `${base}/form-instance/{id}`, access: 'session', readLog: 'form',
    summary: "Saves (submitted false) or submits the participant's own answers, validated against the instance's version; a stale version is 409.",
    params: byId, body: z.object({ data: answersBody, submitted: z.boolean(), version: z.number({ error: 'version is required' }).int().min(1) }), response: formInstanceViewSchema,
  }),
  ...formTabContracts,
  unsubmit: defineContract({
    id: 'form.unsubmit', service: 'form', method: 'PATCH', path: `${base}/forms/unsubmit/{formId}`, access: 'session', readLog: 'form', can: ['create', 'FormTemplate'],
    summary: 'Returns a submitted form instance to editing (SPEC.md section 4); for users who may create FormTemplate and can see the participant.',
    params: z.object({ formId: idSchema }), response: formInstanceViewSchema,
  }),
  tinymceApiKey: defineContract({
    id: 'form.tinymceApiKey', service: 'form', method: 'GET', path: `${base}/tinymce-api-key`, access: 'session',
    summary: 'The rich-text editor key of the original client: always none. Rich text is edited with Tiptap, which is self-hosted and needs no key (ARCHITECTURE.md section 10), so no third-party editor service sees form content.',
    response: z.object({ key: z.null() }),
  }),
  get: defineContract({
    id: 'form.get', service: 'form', method: 'GET', path: `${base}/{id}`, access: 'session', can: ['read', 'FormTemplate'],
    summary: 'One form with its current content.', params: byId, query: z.object({ relations: relationsSchema([] as const) }), response: formSchema,
  }),
  formTemplate: contentRead('formTemplate', 'form-template', 'A form template: the form with its current content (as current-form).'),
  formTemplates: contentReadMany('formTemplates', 'form-templates', 'The form templates named by a comma-separated id list (as current-forms; unknown ids are left out).'),
  removeById: defineContract({
    id: 'form.removeById', service: 'form', method: 'DELETE', path: `${base}/{id}`, access: 'session', can: ['delete', 'FormTemplate'], status: 204,
    summary:
      'Deletes a form: it leaves the list, the search, the count and the pickers, and its page answers 404. Its versions stay, so steps that use it and answers given to it keep rendering and validating (instances keep their version). System forms only by a superadmin; a stale version is 409.',
    params: byId, body: z.object({ version: z.number({ error: 'version is required' }).int().min(1) }), response: z.null(),
  }),
  updateById: defineContract({
    id: 'form.updateById', service: 'form', method: 'PATCH', path: `${base}/{id}`, access: 'session', can: ['update', 'FormTemplate'],
    summary: 'Saves the form page: a changed name or content publishes a new immutable version; System Form only by a superadmin; system forms are locked for everyone else.',
    params: byId, body: formUpdateSchema, response: formSchema,
  }),
};
