import * as z from 'zod';
import { api } from '../../../shared/api';
import type { Contract } from '../../../shared/api/contract';
import { contentInstanceViewSchema } from '../../../shared/schemas/step-instance';
import { formInstanceViewSchema } from '../../../shared/api/form';
import { fileViewSchema } from '../../../shared/api/file';
import { documentRowSchema } from '../../../shared/api/user-tabs';
import { uploadFileViewSchema } from '../../../shared/files/stored-files';

/**
 * The read-access log's coverage (issue 25, item 2; docs/security.md "Read-access log"): every route
 * whose answer can carry someone's private material must say `readLog` in its contract (the route
 * runner then records what it showed). The list is derived from the contracts: their response
 * schemas are walked for the schemas that carry such material, and for download links (an object
 * `{ url, name }`). A new route answering one of them without the mark fails here.
 */
const PRIVATE_SCHEMAS = new Map<z.ZodType, string>([
  [contentInstanceViewSchema, 'a step content as the step page shows it (private content with its data)'],
  [formInstanceViewSchema, "a form instance's answers"],
  [uploadFileViewSchema, "the files of a step's upload"],
  [fileViewSchema, 'an uploaded file'],
  [documentRowSchema, "a row of someone's Documents"],
]);

/**
 * Routes that answer such a schema and still need no entry, each with why: what they reveal is
 * never someone else's private material.
 */
const NOT_PRIVATE: Record<string, string> = {
  'file.requestUpload': "the caller's own new upload (its grant to POST the file)",
  'file.confirmUpload': "the uploader's own file (anyone else: 404)",
  'step.attachment': "a track design's attachment (the step's readers; no one's own material)",
  'step.instanceAttachment': "a track design's attachment, from the step page (no one's own material)",
  'job.tableExportLink': "the caller's own export of a table they read (names, statuses and dates the table shows them; no step content, answers or files)",
};

/** A signed download link as the file routes answer it: `{ url, name }` (an avatar's url or a sign-in redirect is not one). */
const isDownloadLink = (keys: string[]) => keys.length === 2 && keys.includes('url') && keys.includes('name');

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** What the schema can carry: the private schemas it contains, and `download link` for an object with a url. */
function carried(schema: z.ZodType, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const found = PRIVATE_SCHEMAS.has(schema) ? [PRIVATE_SCHEMAS.get(schema)!] : [];
  const def = defOf(schema);
  if (!def) return found;
  if (def.type === 'object' && isDownloadLink(Object.keys(def.shape as object))) found.push('a download link');
  const children: unknown[] = [];
  if (def.type === 'object') children.push(...Object.values(def.shape as object));
  if (def.type === 'lazy') children.push((def.getter as () => unknown)());
  for (const key of ['element', 'innerType', 'in', 'out', 'left', 'right', 'valueType', 'keyType', 'schema']) if (def[key]) children.push(def[key]);
  if (Array.isArray(def.options)) children.push(...def.options);
  if (Array.isArray(def.items)) children.push(...def.items);
  for (const child of children) if (defOf(child)) found.push(...carried(child as z.ZodType, seen));
  return found;
}

const contracts: Contract[] = Object.values(api).flatMap((service) => Object.values(service) as Contract[]);
const revealing = contracts.filter((contract) => carried(contract.response).length > 0);

describe('the read-access log covers every route that can answer private material', () => {
  it('finds such routes among the contracts (the walk works)', () => {
    expect(revealing.map((c) => c.id)).toEqual(expect.arrayContaining(['step.stepInstance', 'form.formInstance', 'file.download', 'file.associatedFiles', 'file.uploadInstance']));
  });

  it.each(revealing.map((contract) => [contract.id, contract] as const))('%s is marked readLog (or listed as not private, with why)', (id, contract) => {
    if (NOT_PRIVATE[id]) {
      expect(contract.readLog, `${id} is listed as not private: drop it from NOT_PRIVATE or its mark`).toBeUndefined();
      return;
    }
    expect(contract.readLog, `${id} answers ${carried(contract.response).join(', ')}: give its contract a readLog mark (and note its reads in core)`).toBeDefined();
  });

  it('marks only routes whose answer can carry private material', () => {
    const marked = contracts.filter((contract) => contract.readLog).map((contract) => contract.id);
    expect(marked.filter((id) => !revealing.some((c) => c.id === id))).toEqual([]);
  });

  it('lists as not private only routes that exist and answer such a schema', () => {
    for (const id of Object.keys(NOT_PRIVATE)) expect(revealing.map((c) => c.id)).toContain(id);
  });
});

export const READ_LOGGED_ROUTES = contracts.filter((contract) => contract.readLog).map((contract) => contract.id);
