/**
 * Query encoding of SPEC.md section 7: key=value, nested key[sub], arrays repeated, nulls skipped.
 */
export function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  const add = (key: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach((item) => add(key, item));
    else if (value instanceof Date) params.append(key, value.toISOString());
    else if (typeof value === 'object') {
      for (const [sub, child] of Object.entries(value as Record<string, unknown>)) add(`${key}[${sub}]`, child);
    } else params.append(key, String(value));
  };
  for (const [key, value] of Object.entries(query)) add(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
