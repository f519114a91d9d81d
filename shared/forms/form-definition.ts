import * as z from 'zod';
import { FIELD_TYPES, FILE_KINDS, CONTAINER_TYPES, type FieldType } from './field-types';

/**
 * The one schema of a form version's content (SPEC.md section 3): fields with their
 * properties and the nested layout cells that place them. The builder edits it, the server
 * stores it as an immutable version, and ./answer-schema.ts turns it into the validator of
 * answers that the runner and the server both use.
 */
export const FORM_LIMITS = {
  fields: 300,
  layoutDepth: 8,
  cellsPerLevel: 60,
  options: 100,
  optionLength: 200,
  nameLength: 200,
  placeholderLength: 200,
  instructionsLength: 2000,
  linkLength: 2000,
  paragraphLength: 20_000,
  maxLength: 10_000,
  listItems: 100,
  /** A List's item template may itself hold lists, this deep. */
  templateDepth: 3,
} as const;

/** SPEC.md section 9: spans grow by one; below 1 they halve, down to this. */
export const SPAN_MIN = 0.25;
export const SPAN_MAX = 12;

const idText = z.string().trim().min(1).max(60).regex(/^[A-Za-z0-9_-]+$/, 'Ids are letters, digits, - and _.');
const text = (max: number) => z.string().max(max, `At most ${max} characters.`);

export const fieldPropertiesSchema = z
  .object({
    required: z.boolean().optional(),
    placeholder: text(FORM_LIMITS.placeholderLength).optional(),
    instructions: text(FORM_LIMITS.instructionsLength).optional(),
    options: z.array(text(FORM_LIMITS.optionLength)).max(FORM_LIMITS.options).optional(),
    maxLength: z.number().int().min(1).max(FORM_LIMITS.maxLength).optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    link: text(FORM_LIMITS.linkLength).optional(),
    paragraph: text(FORM_LIMITS.paragraphLength).optional(),
    /** List: how many items at least and at most. */
    minItems: z.number().int().min(0).max(FORM_LIMITS.listItems).optional(),
    maxItems: z.number().int().min(1).max(FORM_LIMITS.listItems).optional(),
    /** File: the upload's name, whether several files, and which kind. */
    name: text(FORM_LIMITS.nameLength).optional(),
    multiple: z.boolean().optional(),
    type: z.enum(FILE_KINDS).optional(),
    get template() {
      return formContentSchema.optional();
    },
  })
  .refine((p) => p.min === undefined || p.max === undefined || p.min <= p.max, { message: 'Min must not be more than max.', path: ['max'] })
  .refine((p) => p.minItems === undefined || p.maxItems === undefined || p.minItems <= p.maxItems, { message: 'Min items must not be more than max items.', path: ['maxItems'] });
export type FieldProperties = z.infer<typeof fieldPropertiesSchema>;

// The `id`s name the recursive schemas in the OpenAPI document (shared/api/openapi.ts).
export const fieldSchema = z
  .object({
    id: idText,
    name: text(FORM_LIMITS.nameLength),
    type: z.enum(FIELD_TYPES),
    properties: fieldPropertiesSchema.default({}),
  })
  .meta({ id: 'FormField' });
export type FormField = z.infer<typeof fieldSchema>;

export interface LayoutCell {
  id: string;
  fieldId?: string;
  span?: number;
  children?: LayoutCell[];
}

export const layoutCellSchema: z.ZodType<LayoutCell, LayoutCell> = z
  .object({
    id: idText,
    fieldId: idText.optional(),
    span: z.number().min(SPAN_MIN).max(SPAN_MAX).optional(),
    get children() {
      return z.array(layoutCellSchema).max(FORM_LIMITS.cellsPerLevel).optional();
    },
  })
  .meta({ id: 'FormLayoutCell' });

function depthOf(cells: LayoutCell[] | undefined): number {
  return cells?.length ? 1 + Math.max(...cells.map((cell) => depthOf(cell.children))) : 0;
}

/** Every cell, depth first. */
export function allCells(cells: LayoutCell[]): LayoutCell[] {
  return cells.flatMap((cell) => [cell, ...allCells(cell.children ?? [])]);
}

function templateDepth(content: { fields: FormField[] }): number {
  const inner = content.fields.map((field) => (field.properties.template ? templateDepth(field.properties.template) : 0));
  return 1 + Math.max(0, ...inner);
}

export interface FormContent {
  layout: LayoutCell[];
  fields: FormField[];
}

/** What makes a layout and its fields one consistent form; the first problem found, or null. */
export function contentProblem(content: FormContent): string | null {
  const fieldIds = new Set<string>();
  for (const field of content.fields) {
    if (fieldIds.has(field.id)) return `The field id ${field.id} is used twice.`;
    fieldIds.add(field.id);
  }
  const cells = allCells(content.layout);
  const cellIds = new Set(cells.map((cell) => cell.id));
  if (cellIds.size !== cells.length) return 'A layout cell id is used twice.';
  const placed = new Set<string>();
  const typeOf = new Map(content.fields.map((field) => [field.id, field.type] as const));
  for (const cell of cells) {
    if (!cell.fieldId) continue;
    const type = typeOf.get(cell.fieldId);
    if (!type) return `The layout places the unknown field ${cell.fieldId}.`;
    if (placed.has(cell.fieldId)) return `The field ${cell.fieldId} is placed twice.`;
    placed.add(cell.fieldId);
    if (cell.children?.length && !CONTAINER_TYPES.includes(type as FieldType)) return `Only sections hold other fields (${cell.fieldId}).`;
  }
  if (placed.size !== fieldIds.size) return 'Every field must be placed in the layout.';
  if (depthOf(content.layout) > FORM_LIMITS.layoutDepth) return `Layouts nest at most ${FORM_LIMITS.layoutDepth} deep.`;
  if (templateDepth(content) > FORM_LIMITS.templateDepth + 1) return `Lists nest at most ${FORM_LIMITS.templateDepth} deep.`;
  return null;
}

/** What a client sends: a field's properties may be left out (they default to none). */
export interface FormContentInput {
  layout: LayoutCell[];
  fields: Array<Omit<FormField, 'properties'> & { properties?: FieldProperties }>;
}

export const formContentSchema = z
  .object({
    layout: z.array(layoutCellSchema).max(FORM_LIMITS.cellsPerLevel),
    fields: z.array(fieldSchema).max(FORM_LIMITS.fields, `A form holds at most ${FORM_LIMITS.fields} fields.`),
  })
  .superRefine((content, ctx) => {
    const problem = contentProblem(content);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['layout'] });
  })
  .meta({ id: 'FormContent' }) as z.ZodType<FormContent, FormContentInput>; // the recursive template makes the inferred input too loose to name

export const EMPTY_FORM_CONTENT: FormContent = { layout: [], fields: [] };
