import type * as z from 'zod';
import { ValidationError } from '../errors';

/** Zod issues as `{ 'field.path': [messages] }`; a whole-object issue is keyed by the part name. */
export function fieldErrorsOf(error: z.ZodError, part: string): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : part;
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

export function parsePart<S extends z.ZodType>(schema: S | undefined, value: unknown, part: string): z.infer<S> | undefined {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(fieldErrorsOf(result.error, part));
  return result.data;
}
