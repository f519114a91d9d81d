import * as z from 'zod';

/**
 * A read of zod 4 schema definitions (`schema._zod.def`), for tests that reason about what a
 * contract accepts: which texts and lists have a maximum, and which inputs to generate.
 */
export interface SchemaDef {
  type: string;
  checks?: Array<{ _zod: { def: { check: string; maximum?: number; minimum?: number; value?: number; inclusive?: boolean; format?: string } } }>;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
  coerce?: boolean;
}

export const defOf = (schema: z.ZodType): SchemaDef => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

const checkOf = (schema: z.ZodType, name: string) => defOf(schema).checks?.map((c) => c._zod.def).find((c) => c.check === name);

/** The `.max()` of a string or array, if any. */
export const maxLengthOf = (schema: z.ZodType): number | undefined => checkOf(schema, 'max_length')?.maximum;
export const minLengthOf = (schema: z.ZodType): number | undefined => checkOf(schema, 'min_length')?.minimum;

/** Wrappers that only make a value optional, defaulted or read-only: the schema inside decides. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success']);

/** Leaves that cannot grow with the input (a number is one number, an enum one of its values). */
const FIXED_SIZE = new Set(['number', 'int', 'boolean', 'enum', 'literal', 'null', 'undefined', 'never', 'date', 'bigint', 'nan', 'void', 'transform']);

/**
 * Paths of the texts, lists and free-form values in `schema` a client can make as large as it
 * likes (no `.max()`); `''` is the schema itself. A pipe is walked on both sides, so the text of
 * an id list is checked before it is split and the list after.
 */
export function unboundedInputs(schema: z.ZodType, path = '', onPath: ReadonlySet<z.ZodType> = new Set()): string[] {
  // A recursive schema (a form's nested layout cells) is checked once: its repeat is the same bounds.
  if (onPath.has(schema)) return [];
  const within = new Set(onPath).add(schema);
  const walk = (inner: z.ZodType, innerPath: string) => unboundedInputs(inner, innerPath, within);
  const def = defOf(schema);
  const at = (part: string) => (path ? `${path}.${part}` : part);
  if (WRAPPERS.has(def.type)) return walk(def.innerType!, path);
  if (FIXED_SIZE.has(def.type)) return [];
  switch (def.type) {
    case 'string':
    case 'template_literal':
      return maxLengthOf(schema) === undefined ? [path || '(text)'] : [];
    case 'array':
      return [...(maxLengthOf(schema) === undefined ? [path || '(list)'] : []), ...walk(def.element!, at('[]'))];
    case 'object': {
      const fields = Object.entries(def.shape ?? {}).flatMap(([key, field]) => walk(field, at(key)));
      const extra = def.catchall && defOf(def.catchall).type !== 'never' ? walk(def.catchall, at('*')) : [];
      return [...fields, ...extra];
    }
    case 'pipe':
      return [...walk(def.in!, path), ...walk(def.out!, path)];
    case 'union':
      return def.options!.flatMap((option) => walk(option, path));
    case 'intersection':
      return [...walk(def.left!, path), ...walk(def.right!, path)];
    case 'tuple':
      return def.items!.flatMap((item, index) => walk(item, at(String(index))));
    case 'record': {
      // Bounded when it declares its most keys (`.meta({ maxKeys })`, enforced by a refinement).
      const declared = (z.globalRegistry.get(schema) as { maxKeys?: number } | undefined)?.maxKeys;
      return [...(declared === undefined ? [`${path || '(value)'} (record)`] : []), ...walk(def.keyType!, at('(key)')), ...walk(def.valueType!, at('*'))];
    }
    case 'lazy':
      return walk(def.getter!(), path);
    default:
      // record, map, set, unknown, any ...: the client decides their size.
      return [`${path || '(value)'} (${def.type})`];
  }
}
