import type { FormContent, FormField } from './form-definition';

/** What changed between two versions of a form: fields added, removed and changed (by id). */
export interface VersionDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

/** Equal as JSON with keys sorted (DynamoDB maps do not keep key order). */
export const sameJson = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const same = (a: FormField, b: FormField) => sameJson(a, b);
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted((value as Record<string, unknown>)[key])]));
  return value;
}

/** Field names (the newer name for changed ones) of what `after` adds, drops and changes from `before`. */
export function versionDiff(before: FormContent, after: FormContent): VersionDiff {
  const old = new Map(before.fields.map((field) => [field.id, field]));
  const now = new Map(after.fields.map((field) => [field.id, field]));
  return {
    added: after.fields.filter((field) => !old.has(field.id)).map((field) => field.name),
    removed: before.fields.filter((field) => !now.has(field.id)).map((field) => field.name),
    changed: after.fields.filter((field) => old.has(field.id) && !same(old.get(field.id)!, field)).map((field) => field.name),
  };
}
