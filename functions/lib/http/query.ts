/**
 * Parses a raw query string the way the SPA encodes it (SPEC.md section 7):
 * `key=value`, nested `key[sub]=value`, repeated keys become arrays.
 * We parse rawQueryString ourselves because API Gateway joins repeated keys with commas.
 */
export type QueryValue = string | string[] | { [key: string]: QueryValue };

const MAX_DEPTH = 4;

export function parseQuery(raw: string | undefined): Record<string, QueryValue> {
  const result: Record<string, QueryValue> = {};
  if (!raw) return result;
  for (const [fullKey, value] of new URLSearchParams(raw)) {
    const path = splitKey(fullKey);
    if (!path) continue;
    assign(result, path, value);
  }
  return result;
}

function splitKey(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const rest = [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]);
  const path = [match[1], ...rest.filter((part) => part !== '')];
  if (path.length > MAX_DEPTH || path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) {
    return null;
  }
  return path;
}

function assign(target: Record<string, QueryValue>, path: string[], value: string): void {
  const [head, ...tail] = path;
  if (tail.length === 0) {
    const existing = target[head];
    if (existing === undefined) target[head] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else if (typeof existing === 'string') target[head] = [existing, value];
    return;
  }
  const existing = target[head];
  const child = existing && typeof existing === 'object' && !Array.isArray(existing) ? existing : {};
  target[head] = child;
  assign(child, tail, value);
}
