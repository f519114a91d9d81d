import type { FormField } from '../../../shared/forms/form-definition';
import { INVALID, type FileAnswer } from '../../../shared/forms/answer-schema';
import { ValidationError } from '../../lib/errors';
import { ownFiles } from '../../db/access/file-records';
import { TRANSACTION_MAX_ITEMS } from '../../db/transact';

/** Files one answer set may name: the save checks each in its transaction beside the instance. */
export const FORM_FILES_MAX = TRANSACTION_MAX_ITEMS - 1;

interface FileReference {
  /** The answer's path, as field errors name it (`data.<field>.<index>`). */
  path: string;
  fieldId: string;
  answer: FileAnswer;
}

/** Every file an answer set references, in list items too (the answers already passed the version's schema). */
export function fileReferences(fields: readonly FormField[], data: Record<string, unknown>, prefix = 'data.'): FileReference[] {
  const found: FileReference[] = [];
  for (const field of fields) {
    const value = data[field.id];
    if (!Array.isArray(value)) continue;
    if (field.type === 'File') value.forEach((answer: FileAnswer, index) => found.push({ path: `${prefix}${field.id}.${index}`, fieldId: field.id, answer }));
    else if (field.type === 'List' && field.properties.template) {
      const inner = field.properties.template.fields;
      value.forEach((item, index) => found.push(...fileReferences(inner, (item ?? {}) as Record<string, unknown>, `${prefix}${field.id}.${index}.`)));
    }
  }
  return found;
}

/**
 * A form instance may reference only files its participant uploaded and confirmed for this
 * instance's same field (another person's key, or a file meant elsewhere, is 'Invalid input').
 * Answers get the stored name, never the one the client sent. Returns the keys referenced.
 */
export async function checkFileAnswers(participantId: string, formInstanceId: string, fields: readonly FormField[], data: Record<string, unknown>): Promise<string[]> {
  const references = fileReferences(fields, data);
  if (!references.length) return [];
  if (new Set(references.map((reference) => reference.answer.key)).size > FORM_FILES_MAX) throw new ValidationError({ data: [`A form holds at most ${FORM_FILES_MAX} files.`] });
  const files = await ownFiles(participantId, references.map((reference) => reference.answer.key));
  const fieldErrors: Record<string, string[]> = {};
  for (const reference of references) {
    const file = files.get(reference.answer.key);
    const fits = file && file.status === 'confirmed' && file.targetType === 'formField' && file.targetId === formInstanceId && file.fieldId === reference.fieldId;
    if (!fits) fieldErrors[reference.path] = [INVALID];
    else reference.answer.name = file.name;
  }
  if (Object.keys(fieldErrors).length) throw new ValidationError(fieldErrors);
  return [...new Set(references.map((reference) => reference.answer.key))];
}
