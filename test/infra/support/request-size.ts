import type * as z from 'zod';
import type { Contract } from '../../../shared/api/contract';
import { defOf, maxLengthOf } from '../../support/zod-walk';

/**
 * The longest path and query string a contract accepts, in bytes as the web client sends them
 * (web/src/lib/api: path parameters through encodeURIComponent, queries through URLSearchParams).
 * A text's bytes depend on its characters, so a model says what one character costs.
 */
export interface SizeModel {
  name: string;
  /** Bytes one character of a text takes once percent-encoded. */
  textChar: number;
}

/** Every character ASCII and unreserved: the ids the app makes (ULIDs, seed ids), names typed in plain letters. */
export const ASCII_TEXT: SizeModel = { name: 'ASCII texts', textChar: 1 };
/** The worst any character costs: three UTF-8 bytes, each sent as %XX (a UTF-16 pair is four bytes, 12 for two characters). */
export const ANY_TEXT: SizeModel = { name: 'any texts', textChar: 9 };

/** The longest canonical text of any double (`-2.2250738585072014e-308`). */
const NUMBER_TEXT_MAX = 24;
/** `,` between the ids of a path list, as encodeURIComponent sends it. */
const ENCODED_COMMA = encodeURIComponent(',').length;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

type Check = { check: string; value?: number };
const checksOf = (schema: z.ZodType): Check[] => (defOf(schema).checks ?? []).map((c) => c._zod.def as Check);

function numberText(schema: z.ZodType): number {
  const checks = checksOf(schema);
  const min = checks.find((c) => c.check === 'greater_than')?.value;
  const max = checks.find((c) => c.check === 'less_than')?.value;
  const integer = defOf(schema).checks?.some((c) => (c._zod.def as { format?: string }).format?.includes('int'));
  if (!integer || min === undefined || max === undefined) return NUMBER_TEXT_MAX;
  return Math.max(String(min).length, String(max).length);
}

/** Bytes of one value in a URL component (a path segment, or a query value). */
export function valueBytes(schema: z.ZodType, model: SizeModel): number {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return valueBytes(def.innerType!, model);
  switch (def.type) {
    case 'string': {
      const max = maxLengthOf(schema);
      return max === undefined ? Infinity : max * model.textChar;
    }
    case 'enum':
      return Math.max(...Object.values(def.entries!).map((value) => encodeURIComponent(String(value)).length));
    case 'literal':
      return Math.max(...def.values!.map((value) => encodeURIComponent(String(value)).length));
    case 'number':
      return numberText(schema);
    case 'boolean':
      return 'false'.length;
    case 'transform':
      return 0; // what a transform yields is never sent
    case 'union':
      return Math.max(...def.options!.map((option) => valueBytes(option, model)));
    case 'pipe':
      // What the client sends is the input; a list's joined form can be longer than the input's bound.
      return Math.max(valueBytes(def.in!, model), valueBytes(def.out!, model));
    case 'array': {
      const max = maxLengthOf(schema);
      return max === undefined ? Infinity : max * valueBytes(def.element!, model) + (max - 1) * ENCODED_COMMA;
    }
    default:
      throw new Error(`No size model for a ${def.type} in a URL: teach test/infra/support/request-size.ts`);
  }
}

const encodedKey = (key: string) => new URLSearchParams([[key, '']]).toString().length - 1;

/** Bytes of `key=value&key=value...` for one query field (nested objects as `key[sub]`, lists repeated). */
function queryFieldBytes(schema: z.ZodType, key: string, model: SizeModel): number {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return queryFieldBytes(def.innerType!, key, model);
  switch (def.type) {
    case 'object':
      return joined(Object.entries(def.shape ?? {}).map(([field, inner]) => queryFieldBytes(inner, `${key}[${field}]`, model)));
    case 'array': {
      const max = maxLengthOf(schema);
      return max === undefined ? Infinity : max * (encodedKey(key) + 1 + valueBytes(def.element!, model)) + (max - 1);
    }
    case 'pipe':
      return Math.max(queryFieldBytes(def.in!, key, model), queryFieldBytes(def.out!, key, model));
    case 'union':
      return Math.max(...def.options!.map((option) => queryFieldBytes(option, key, model)));
    case 'transform':
      return 0;
    default:
      return encodedKey(key) + 1 + valueBytes(schema, model);
  }
}

/** Parts of a query joined by `&`. */
const joined = (parts: number[]) => {
  const present = parts.filter((bytes) => bytes > 0);
  return present.reduce((sum, bytes) => sum + bytes, 0) + Math.max(0, present.length - 1);
};

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return shapeOf(def.innerType!);
  if (def.type === 'pipe') return shapeOf(def.in!);
  if (def.type !== 'object') throw new Error(`Expected an object of parameters, got a ${def.type}`);
  return def.shape ?? {};
}

/** The longest path of the route: its fixed text plus each parameter at its longest. */
export function longestPath(contract: Contract, model: SizeModel): number {
  const shape = contract.params ? shapeOf(contract.params) : {};
  return contract.path.split(/(\{\w+\+?\})/).reduce((sum, part) => {
    const name = /^\{(\w+)\+?\}$/.exec(part)?.[1];
    if (!name) return sum + part.length;
    if (!shape[name]) throw new Error(`${contract.id}: no schema for path parameter ${name}`);
    return sum + valueBytes(shape[name], model);
  }, 0);
}

/** The longest query string of the route, without its `?` (as AWS WAF measures it); 0 without a query. */
export function longestQuery(contract: Contract, model: SizeModel): number {
  if (!contract.query) return 0;
  return joined(Object.entries(shapeOf(contract.query)).map(([key, schema]) => queryFieldBytes(schema, key, model)));
}
