import * as z from 'zod';
import { takesAnswer } from './field-types';
import type { FormContent, FormField } from './form-definition';
import { phoneProblem } from './phone';

/**
 * The validator of a form version's answers, generated from the version itself: the runner
 * checks each keystroke with it and the server refuses saved or submitted data that fails
 * it, so both always agree. Answers are keyed by field id; a List's items are answers of its
 * item template. Messages are SPEC.md section 5's.
 */
export const REQUIRED = 'Required';
export const INVALID = 'Invalid input';
export const tooShort = (n: number) => `String must contain at least ${n} character(s)`;
export const tooLong = (n: number) => `String must contain at most ${n} character(s)`;
export const tooFewItems = (n: number) => `Array must contain at least ${n} element(s)`;
export const tooManyItems = (n: number) => `Array must contain at most ${n} element(s)`;

/** Longest answer text a field without maxLength takes (bounds every input). */
export const ANSWER_TEXT_MAX = 10_000;
const DATE_MAX = '9999-12-31';

/** Options as the runner offers them: trimmed, empty ones dropped, each once. */
export function cleanOptions(options: readonly string[] | undefined): string[] {
  return [...new Set((options ?? []).map((option) => option.trim()).filter(Boolean))];
}

const blank = (value: unknown) => value === undefined || value === null || value === '';
const typeError = (required: boolean) => (issue: { input?: unknown }) => (blank(issue.input) && required ? REQUIRED : INVALID);

/** A text answer: '' counts as empty; required refuses it with 'Required'. */
function textAnswer(field: FormField, check?: (value: string) => string | null): z.ZodType {
  const { required = false, maxLength, min } = field.properties;
  const limit = maxLength ?? ANSWER_TEXT_MAX;
  // A missing answer is checked as '' so 'Required' shows for it too.
  const answer = z.string({ error: INVALID }).superRefine((value, ctx) => {
    if (!value) {
      if (required) ctx.addIssue({ code: 'custom', message: REQUIRED });
      return;
    }
    if (value.length > limit) ctx.addIssue({ code: 'custom', message: tooLong(limit) });
    else if (min !== undefined && (field.type === 'Text' || field.type === 'TextArea') && value.trim().length < min) ctx.addIssue({ code: 'custom', message: tooShort(min) });
    else if (check) {
      const problem = check(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }
  });
  return z.preprocess((value) => (value === undefined || value === null ? '' : value), answer);
}

const validDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && value <= DATE_MAX && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const validTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
const validLink = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

function numberAnswer(field: FormField): z.ZodType {
  const { required = false, min, max } = field.properties;
  const toNumber = (value: unknown) => (blank(value) ? undefined : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value);
  let number = z.number({ error: typeError(required) });
  if (min !== undefined) number = number.min(min, `Must be at least ${min}`);
  if (max !== undefined) number = number.max(max, `Must be at most ${max}`);
  return z.preprocess(toNumber, required ? number : number.optional());
}

function checkboxAnswer(field: FormField): z.ZodType {
  const { required = false } = field.properties;
  const options = cleanOptions(field.properties.options);
  if (!options.length) {
    const box = z.boolean({ error: INVALID }).optional();
    return required ? box.refine((value) => value === true, REQUIRED) : box;
  }
  const chosen = z.array(z.enum(options as [string, ...string[]], INVALID), { error: INVALID }).max(options.length).optional();
  return required ? chosen.refine((value) => Boolean(value?.length), REQUIRED) : chosen;
}

export const fileAnswerSchema = z.object({ key: z.string().min(1).max(300), name: z.string().min(1).max(255) });
export type FileAnswer = z.infer<typeof fileAnswerSchema>;

function fileAnswer(field: FormField): z.ZodType {
  const { required = false, multiple = false } = field.properties;
  const most = multiple ? 20 : 1;
  const files = z.array(fileAnswerSchema, { error: INVALID }).max(most, tooManyItems(most)).optional();
  return required ? files.refine((value) => Boolean(value?.length), REQUIRED) : files;
}

function listAnswer(field: FormField): z.ZodType {
  const { required = false, minItems, maxItems, template } = field.properties;
  const item = template ? answersSchema(template) : z.object({});
  const least = Math.max(minItems ?? 0, required ? 1 : 0);
  const most = maxItems ?? 100;
  let items = z.array(item, { error: INVALID }).max(most, tooManyItems(most));
  if (least) items = items.min(least, least === 1 && required ? REQUIRED : tooFewItems(least));
  return least ? items : items.optional();
}

/** The validator of one field's answer, or null for fields that take none. */
export function fieldAnswerSchema(field: FormField): z.ZodType | null {
  if (!takesAnswer(field.type)) return null;
  switch (field.type) {
    case 'Number':
      return numberAnswer(field);
    case 'Checkbox':
      return checkboxAnswer(field);
    case 'File':
      return fileAnswer(field);
    case 'List':
      return listAnswer(field);
    case 'PhoneNumber':
      return textAnswer(field, phoneProblem);
    case 'Date':
      return textAnswer(field, (value) => (validDate(value) ? null : INVALID));
    case 'Time':
      return textAnswer(field, (value) => (validTime(value) ? null : INVALID));
    case 'LinkEntry':
      return textAnswer(field, (value) => (validLink(value) ? null : INVALID));
    case 'Radio':
    case 'Select': {
      const options = cleanOptions(field.properties.options);
      return textAnswer(field, (value) => (options.includes(value) ? null : INVALID));
    }
    default:
      return textAnswer(field);
  }
}

/** The answers of a whole version: one key per answering field; anything else is dropped. */
export function answersSchema(content: FormContent) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of content.fields) {
    const schema = fieldAnswerSchema(field);
    if (schema) shape[field.id] = schema;
  }
  return z.object(shape);
}

export type FormAnswers = Record<string, unknown>;
