import { handler } from '../../../functions/http/form/handler';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import { DEMO_SYSTEM_FORM_ID } from '../../../functions/db/seed/demo-forms';
import { FORM_NAME_HINT, SYSTEM_FORM_LOCKED } from '../../../shared/api/form';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

const SUPERADMIN = 'superadmin@example.org';
const CONFERENCE_ADMIN = 'conference.admin@example.org';
const DISTRICT_ADMIN = 'district.admin@example.org';

const textField = (id: string, name = 'Question') => ({ id, name, type: 'Text', properties: { required: true } });
const placed = (...ids: string[]) => [{ id: 'row', children: ids.map((id) => ({ id: `cell-${id}`, fieldId: id })) }];

async function call(email: string, path: string, options: { method?: string; body?: unknown; query?: string } = {}) {
  return invoke(handler, path, { ...options, cookie: await cookieFor(email) });
}

async function newForm(email = CONFERENCE_ADMIN, body: unknown = {}) {
  const res = await call(email, '/api/form', { method: 'POST', body });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; version: number; currentVersion: number; system: boolean };
}

beforeAll(async () => {
  await seedDemo();
});

describe('forms: create and list', () => {
  it('Add makes an Untitled, non-system form at version 1 that the list counts and finds', async () => {
    const before = (await call(DISTRICT_ADMIN, '/api/form/quickSearch')).body.count;
    const form = await newForm();
    expect(form).toMatchObject({ name: 'Untitled', system: false, currentVersion: 1, version: 1, layout: [], fields: [] });
    const page = await call(DISTRICT_ADMIN, '/api/form/quickSearch', { query: 'limit=50' });
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(before + 1);
    expect(page.body.data.map((row: { id: string }) => row.id)).toContain(form.id);
  });

  it('sorts by name both ways and searches by name prefix, case-insensitively', async () => {
    const asc = (await call(CONFERENCE_ADMIN, '/api/form/quickSearch', { query: 'limit=50&orderBy[name]=ASC' })).body.data.map((row: { name: string }) => row.name);
    expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const desc = (await call(CONFERENCE_ADMIN, '/api/form/quickSearch', { query: 'limit=50&orderBy[name]=DESC' })).body.data.map((row: { name: string }) => row.name);
    expect(desc).toEqual([...asc].reverse());
    const found = await call(CONFERENCE_ADMIN, '/api/form/quickSearch', { query: 'where[name]=CONTACT' });
    expect(found.body).toEqual({ data: [{ id: DEMO_SYSTEM_FORM_ID, name: 'Contact Details', system: true, currentVersion: 1 }], count: 1 });
    const picker = await call(CONFERENCE_ADMIN, '/api/form/query', { method: 'POST', body: { where: { name: 'cand' } } });
    expect(picker.body.map((row: { id: string }) => row.id)).toEqual([DEMO_INSTANCE_IDS.form]);
  });

  it('the generic list, count and search: sorted by name, counted by the counter or by the matching names', async () => {
    const before = (await call(CONFERENCE_ADMIN, '/api/form/count')).body as number;
    for (const name of ['Generic Zebra One', 'Generic Zebra Two']) {
      const form = await newForm();
      await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'PATCH', body: { name, version: 1, layout: [], fields: [] } });
    }
    expect((await call(CONFERENCE_ADMIN, '/api/form/count')).body).toBe(before + 2);
    expect((await call(CONFERENCE_ADMIN, '/api/form/count', { query: 'where[name]=generic%20zebra' })).body).toBe(2);
    const found = await call(CONFERENCE_ADMIN, '/api/form/search', { method: 'POST', body: { where: { name: 'Generic Z' }, limit: 10 } });
    expect(found.body.map((row: { name: string }) => row.name)).toEqual(['Generic Zebra One', 'Generic Zebra Two']);
    const page = await call(CONFERENCE_ADMIN, '/api/form', { query: 'limit=3&offset=0' });
    expect(page.body).toHaveLength(3);
    const names = page.body.map((row: { name: string }) => row.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await call(DISTRICT_ADMIN, '/api/form/count')).status).toBe(200);
  });

  it('only a superadmin creates a system form', async () => {
    expect((await call(CONFERENCE_ADMIN, '/api/form', { method: 'POST', body: { system: true } })).status).toBe(403);
    expect((await newForm(SUPERADMIN, { system: true })).system).toBe(true);
  });
});

describe('forms: saving publishes immutable versions', () => {
  it('a changed save adds a version; the old one keeps its content; an unchanged save adds none', async () => {
    const form = await newForm();
    const first = await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'PATCH', body: { name: 'Intake', version: 1, layout: placed('a'), fields: [textField('a')] } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'Intake', currentVersion: 2, version: 2 });

    const second = await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'PATCH', body: { name: 'Intake', version: 2, layout: placed('a', 'b'), fields: [textField('a'), { id: 'b', name: 'Pick', type: 'Select', properties: { options: ['One', '', 'Two'] } }] } });
    expect(second.body).toMatchObject({ currentVersion: 3, version: 3 });
    expect(second.body.fields[1].properties.options).toEqual(['One', 'Two']);

    const same = await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'PATCH', body: { name: 'Intake', version: 3, layout: second.body.layout, fields: second.body.fields } });
    expect(same.body).toMatchObject({ currentVersion: 3, version: 4 });

    const versions = await call(CONFERENCE_ADMIN, `/api/form/${form.id}/versions`);
    expect(versions.body.map((v: { formVersion: number; fields: unknown[] }) => [v.formVersion, v.fields.length])).toEqual([[1, 0], [2, 1], [3, 2]]);
    const v2 = await call(CONFERENCE_ADMIN, `/api/form/${form.id}/versions/2`);
    expect(v2.body).toMatchObject({ formVersion: 2, name: 'Intake', fields: [textField('a')] });
  });

  it('stores Paragraph rich text only through the sanitiser, in list item templates too', async () => {
    const form = await newForm();
    const paragraph = (id: string) => ({ id, name: 'Intro', type: 'Paragraph', properties: { paragraph: '<p onclick="x()">Read <a href="javascript:alert(1)">this</a><script>alert(1)</script></p>' } });
    const list = { id: 'list', name: 'Items', type: 'List', properties: { template: { layout: placed('inner'), fields: [paragraph('inner')] } } };
    const saved = await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'PATCH', body: { name: 'Rich', version: 1, layout: placed('p', 'list'), fields: [paragraph('p'), list] } });
    expect(saved.status).toBe(200);
    const clean = '<p>Read <a target="_blank" rel="noopener noreferrer">this</a></p>';
    expect(saved.body.fields[0].properties.paragraph).toBe(clean);
    expect(saved.body.fields[1].properties.template.fields[0].properties.paragraph).toBe(clean);
    const stored = await call(CONFERENCE_ADMIN, `/api/form/${form.id}/versions/2`);
    expect(JSON.stringify(stored.body)).not.toMatch(/script|onclick|javascript/);
  });

  it('a stale save is 409 and writes nothing', async () => {
    const form = await newForm();
    await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'PATCH', body: { name: 'Fresh', version: 1, layout: [], fields: [] } });
    const stale = await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'PATCH', body: { name: 'Stale', version: 1, layout: [], fields: [] } });
    expect(stale.status).toBe(409);
    expect((await call(CONFERENCE_ADMIN, `/api/form/${form.id}`)).body).toMatchObject({ name: 'Fresh', currentVersion: 2 });
  });

  it('refuses an empty or Untitled name and an inconsistent layout with field messages', async () => {
    const form = await newForm();
    const untitled = await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'PATCH', body: { name: 'untitled', version: 1, layout: [], fields: [] } });
    expect(untitled.status).toBe(400);
    expect(JSON.stringify(untitled.body)).toContain(FORM_NAME_HINT);
    const orphan = await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'PATCH', body: { name: 'Orphans', version: 1, layout: [], fields: [textField('a')] } });
    expect(orphan.status).toBe(400);
    expect(JSON.stringify(orphan.body)).toContain('Every field must be placed in the layout.');
  });
});

describe('forms: system forms', () => {
  it('are locked for a conference admin (422) and saved by a superadmin', async () => {
    const form = (await call(SUPERADMIN, `/api/form/${DEMO_SYSTEM_FORM_ID}`)).body;
    const body = { name: form.name, version: form.version, layout: form.layout, fields: form.fields };
    const locked = await call(CONFERENCE_ADMIN, `/api/form/${DEMO_SYSTEM_FORM_ID}`, { method: 'PATCH', body });
    expect(locked.status).toBe(422);
    expect(locked.body.message).toBe(SYSTEM_FORM_LOCKED);
    const saved = await call(SUPERADMIN, `/api/form/${DEMO_SYSTEM_FORM_ID}`, { method: 'PATCH', body: { ...body, name: 'Contact Details' } });
    expect(saved.status).toBe(200);
  });

  it('only a superadmin sets or clears the flag', async () => {
    const form = await newForm();
    const body = { name: 'Flagged', version: 1, layout: [], fields: [], system: true };
    expect((await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'PATCH', body })).status).toBe(403);
    const flagged = await call(SUPERADMIN, `/api/form/${form.id}`, { method: 'PATCH', body });
    expect(flagged.body.system).toBe(true);
  });
});

describe('forms: the rest of the generic set', () => {
  it('bulk creates every form or none; only a superadmin includes a system form', async () => {
    const before = (await call(CONFERENCE_ADMIN, '/api/form/count')).body as number;
    const made = await call(CONFERENCE_ADMIN, '/api/form/bulk', { method: 'POST', body: [{ name: 'Bulk Alpha' }, {}] });
    expect(made.status).toBe(201);
    expect(made.body.map((form: { name: string; currentVersion: number }) => [form.name, form.currentVersion])).toEqual([
      ['Bulk Alpha', 1],
      ['Untitled', 1],
    ]);
    const refused = await call(CONFERENCE_ADMIN, '/api/form/bulk', { method: 'POST', body: [{ name: 'Bulk Beta' }, { name: 'Bulk System', system: true }] });
    expect(refused.status).toBe(403);
    expect((await call(CONFERENCE_ADMIN, '/api/form/count')).body).toBe(before + 2);
    expect((await call(CONFERENCE_ADMIN, '/api/form/bulk', { method: 'POST', body: [] })).status).toBe(400);
  });

  it('PATCH /form names the form in the body and saves like PATCH /form/{id}', async () => {
    const form = await newForm();
    const saved = await call(CONFERENCE_ADMIN, '/api/form', { method: 'PATCH', body: { id: form.id, name: 'Patched by body', version: 1, layout: placed('q'), fields: [textField('q')] } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: form.id, name: 'Patched by body', currentVersion: 2, version: 2 });
    expect((await call(CONFERENCE_ADMIN, '/api/form', { method: 'PATCH', body: { id: form.id, name: 'Patched again', version: 1, layout: [], fields: [] } })).status).toBe(409);
  });

  it('form-template(s) answer as current-form(s)', async () => {
    const one = await call(CONFERENCE_ADMIN, `/api/form/form-template/${DEMO_INSTANCE_IDS.form}`);
    expect(one.body).toEqual((await call(CONFERENCE_ADMIN, `/api/form/current-form/${DEMO_INSTANCE_IDS.form}`)).body);
    const some = await call(CONFERENCE_ADMIN, `/api/form/form-templates/${DEMO_INSTANCE_IDS.form},unknown-form`);
    expect(some.body.map((form: { id: string }) => form.id)).toEqual([DEMO_INSTANCE_IDS.form]);
  });

  it('a deleted form leaves the list, search and count and its page is 404, while its content and versions still answer', async () => {
    const form = await newForm();
    const named = await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'PATCH', body: { name: 'Doomed Questionnaire', version: 1, layout: placed('q'), fields: [textField('q')] } });
    const before = (await call(CONFERENCE_ADMIN, '/api/form/count')).body as number;
    expect((await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'DELETE', body: { version: 1 } })).status).toBe(409);
    expect((await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'DELETE', body: { version: named.body.version } })).status).toBe(204);

    expect((await call(CONFERENCE_ADMIN, '/api/form/count')).body).toBe(before - 1);
    expect((await call(CONFERENCE_ADMIN, '/api/form/quickSearch', { query: 'where[name]=doomed' })).body).toEqual({ data: [], count: 0 });
    expect((await call(CONFERENCE_ADMIN, '/api/form/query', { method: 'POST', body: { where: { name: 'doomed' } } })).body).toEqual([]);
    expect((await call(CONFERENCE_ADMIN, `/api/form/${form.id}`)).status).toBe(404);
    expect((await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'PATCH', body: { name: 'Revived', version: named.body.version + 1, layout: [], fields: [] } })).status).toBe(404);
    expect((await call(CONFERENCE_ADMIN, `/api/form/${form.id}`, { method: 'DELETE', body: { version: named.body.version + 1 } })).status).toBe(404);
    // What steps and answers use keeps answering.
    expect((await call(CONFERENCE_ADMIN, `/api/form/current-form/${form.id}`)).body).toMatchObject({ name: 'Doomed Questionnaire', currentVersion: 2 });
    expect((await call(CONFERENCE_ADMIN, `/api/form/${form.id}/versions`)).body.map((v: { formVersion: number }) => v.formVersion)).toEqual([1, 2]);
  });

  it('a system form is deleted only by a superadmin', async () => {
    const made = await call(SUPERADMIN, '/api/form', { method: 'POST', body: { name: 'System to delete', system: true } });
    const locked = await call(CONFERENCE_ADMIN, '/api/form', { method: 'DELETE', body: { id: made.body.id, version: 1 } });
    expect(locked.status).toBe(422);
    expect(locked.body.message).toBe(SYSTEM_FORM_LOCKED);
    expect((await call(SUPERADMIN, '/api/form', { method: 'DELETE', body: { id: made.body.id, version: 1 } })).status).toBe(204);
  });
});
