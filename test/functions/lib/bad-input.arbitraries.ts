import fc from 'fast-check';
import type * as z from 'zod';
import type { Contract } from '../../../shared/api/contract';
import { toQueryString } from '../../../web/src/lib/api/query-string';
import { defOf, maxLengthOf } from '../../support/zod-walk';

/** One list item as text: generated items may be objects without a prototype, which join() cannot print. */
function asText(item: unknown): string {
  if (typeof item === 'string') return item;
  try {
    return JSON.stringify(item) ?? '';
  } catch {
    return '';
  }
}

/**
 * Requests derived from a contract's zod schemas that a careless or hostile client could send:
 * wrong types, missing and extra fields, texts and lists at, just past and far past their
 * maximum, unicode, injection strings, ids of other people's things, malformed JSON and
 * percent-encoding. Most are invalid; the rest sit on a boundary.
 */
export interface GeneratedRequest {
  method: string;
  path: string;
  query: string;
  rawBody?: string;
}

const INJECTIONS = [
  "' OR '1'='1", '"; DROP TABLE users; --', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '{{7*7}}', '${7*7}',
  '../../etc/passwd', '..%2F..%2F', '\u0000', 'USER#demo-superadmin', 'LOCATION#', '#', '$', 'attribute_exists(pk)', ':v0',
  '{"$ne":null}', '__proto__', 'constructor', 'prototype', 'toString', '\\', '\ud800', '\udfff', '👩‍👩‍👧‍👦', '\u202eevil', 'ﷺ', 'ǅ', 'İ',
  ' ', '\t\n', 'null', 'undefined', 'NaN', 'true', '-1', '1e309', '0x10', 'a,b,,c', ',,,,',
];
const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, -0, 1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, '', [null], { '': '' }];

/** Values that are not what any field wants (and sometimes exactly what another field wants). */
const wrongType = (ids: readonly string[]) => fc.oneof(fc.constantFrom(...WRONG_TYPES), fc.constantFrom(...ids), fc.anything({ maxDepth: 2, maxKeys: 4 }));

/** A text of `length` characters of one kind. */
const textOf = (length: number) => fc.constantFrom('a', 'é', '€', '😀', ' ', ',').map((unit) => unit.repeat(Math.max(0, length)));

function stringArb(schema: z.ZodType, ids: readonly string[]) {
  const max = maxLengthOf(schema) ?? 200;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 2, arbitrary: fc.string({ maxLength: 24 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 2, arbitrary: fc.constantFrom(...INJECTIONS) },
    { weight: 1, arbitrary: textOf(max) },
    { weight: 2, arbitrary: textOf(max + 1) },
    { weight: 1, arbitrary: fc.integer({ min: 2, max: 50 }).chain((times) => textOf(max * times + 1)) },
  );
}

function numberArb(schema: z.ZodType) {
  const bounds = (defOf(schema).checks ?? []).map((c) => c._zod.def.value).filter((v): v is number => typeof v === 'number');
  const edges = bounds.flatMap((b) => [b - 1, b, b + 1]);
  return fc.oneof(
    fc.constantFrom(0, -1, 1, 10, 50, 51, 1000, 1001, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, 0.5, ...edges),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom('10', 'ten', '', '1e3', '-0'),
  );
}

function arrayArb(schema: z.ZodType, ids: readonly string[], depth: number): fc.Arbitrary<unknown[]> {
  const max = maxLengthOf(schema) ?? 50;
  const element = arbitraryFor(defOf(schema).element!, ids, depth + 1);
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(element, { maxLength: Math.min(max + 2, 30) }) },
    { weight: 1, arbitrary: fc.constant([] as unknown[]) },
    // At and past the maximum, with repeats (duplicates are a bad input of their own).
    { weight: 2, arbitrary: fc.tuple(element, fc.constantFrom(max, max + 1, max * 4 + 3)).map(([item, n]) => Array.from({ length: n }, () => item)) },
    { weight: 1, arbitrary: fc.constantFrom(max, max + 1).map((n) => Array.from({ length: n }, (_, i) => ids[i % ids.length])) },
  );
}

function objectArb(schema: z.ZodType, ids: readonly string[], depth: number) {
  const shape = defOf(schema).shape ?? {};
  const fields = fc.record(
    Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, arbitraryFor(field, ids, depth + 1)])),
    { requiredKeys: [] },
  );
  const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'id', 'version', 'userId', 'pk', 'sk')), wrongType(ids), { maxKeys: 3 });
  return fc.tuple(fields, fc.option(extra, { freq: 4 })).map(([known, more]) => (more ? { ...more, ...known } : known));
}

/** Inputs shaped like `schema` with bad or boundary values at every level. */
export function arbitraryFor(schema: z.ZodType, ids: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const typed = (): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'optional':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        return fc.oneof(fc.constant(undefined), arbitraryFor(def.innerType!, ids, depth));
      case 'nullable':
        return fc.oneof(fc.constant(null), arbitraryFor(def.innerType!, ids, depth));
      case 'string':
        return stringArb(schema, ids);
      case 'number':
      case 'int':
        return numberArb(schema);
      case 'boolean':
        return fc.constantFrom(true, false, 'true', 'false', 'TRUE', 1, 0, 'yes');
      case 'enum':
        return fc.oneof(fc.constantFrom(...Object.values(def.entries!)), fc.constantFrom('all', 'ALL', '', 'manage', 'System'));
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]));
      case 'array':
        return arrayArb(schema, ids, depth);
      case 'object':
        return objectArb(schema, ids, depth);
      case 'union':
        return fc.oneof(...def.options!.map((option) => arbitraryFor(option, ids, depth)));
      case 'pipe': {
        // A preprocess (transform in front) reads what its output schema describes; a text that a
        // transform turns into a list (an id list) is also sent as that list, comma-joined.
        const input = defOf(def.in!).type === 'transform' ? arbitraryFor(def.out!, ids, depth) : arbitraryFor(def.in!, ids, depth);
        const joined = arbitraryFor(def.out!, ids, depth).map((value) => (Array.isArray(value) ? value.map(asText).join(',') : value));
        return fc.oneof(input, joined);
      }
      case 'lazy':
        return arbitraryFor(def.getter!(), ids, depth);
      default:
        return fc.anything({ maxDepth: 2 });
    }
  };
  if (depth > 6) return wrongType(ids);
  return fc.oneof({ weight: 5, arbitrary: typed() }, { weight: 1, arbitrary: wrongType(ids) });
}

const wellFormed = (text: string) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** A path parameter as text: what a client would put in the URL, or raw bytes it should not. */
function segmentOf(value: unknown): fc.Arbitrary<string> {
  const text = value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return fc.oneof(
    // Lone surrogates cannot be percent-encoded: a browser would send U+FFFD instead.
    { weight: 6, arbitrary: fc.constant(encodeURIComponent(wellFormed(text)) || 'x') },
    { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', '%zz', '%00', '%2F..%2F', '..', '%C0%AE') },
  );
}

const rawQueries = fc.constantFrom(
  'a[b][c][d][e][f]=1', '__proto__[polluted]=1', 'constructor[prototype][x]=1', 'limit=1&limit=2', 'limit[]=1', 'where=1', 'where[name][x]=1',
  'orderBy=name', 'orderBy[name]=ASC&orderBy[parentName]=DESC', 'relations[x]=parent', '%', '&&&', '=', 'limit=%E0%A4%A',
);

const rawBodies = fc.constantFrom('{', '{"a":', 'not json', '[', '"text"', '42', 'null', 'true', '{"__proto__":{"admin":true}}', '\u0000', '{"a":1}{"b":2}', '﻿{}');

/** Whole requests for one contract: params, query and body each generated, sometimes malformed as a whole. */
export function requestsFor(contract: Contract, ids: readonly string[]): fc.Arbitrary<GeneratedRequest> {
  const names = [...contract.path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]);
  const params = contract.params ? arbitraryFor(contract.params, ids) : fc.constant({});
  const path = params.chain((value) => {
    const record = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    return fc.tuple(...names.map((name) => segmentOf(record[name]))).map((segments) => {
      let at = 0;
      return contract.path.replace(/\{(\w+)\+?\}/g, () => segments[at++]);
    });
  });
  const query = fc.oneof(
    { weight: 6, arbitrary: (contract.query ? arbitraryFor(contract.query, ids) : fc.constant(undefined)).map((value) => toQueryString(value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value }).slice(1)) },
    { weight: 1, arbitrary: rawQueries },
  );
  const body = contract.body
    ? fc.oneof({ weight: 8, arbitrary: arbitraryFor(contract.body, ids).map((value) => (value === undefined ? undefined : JSON.stringify(value))) }, { weight: 1, arbitrary: rawBodies })
    : fc.option(rawBodies, { freq: 8 }).map((value) => value ?? undefined);
  return fc.record({ method: fc.constant(contract.method), path, query, rawBody: body });
}
