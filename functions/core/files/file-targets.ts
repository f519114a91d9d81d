import type { FormField } from '../../../shared/forms/form-definition';
import type { UploadTarget } from '../../../shared/api/file';
import type { UploadKind } from '../../../shared/files/upload-kinds';
import { BusinessRuleError, NotFoundError, ValidationError } from '../../lib/errors';
import { FORM_INSTANCE_NOT_FOUND, SUBMITTED_FORM_LOCKED, findInstance, maySeeParticipant } from '../forms/form-instances';
import { requireFormVersion } from '../forms/form-store';
import type { AuthContext } from '../session/resolve-session';
import type { UploadedFileItem } from './file-records';

/** What a target allows an upload to be: its kind, and where the record points. */
export interface UploadPlan {
  kind: UploadKind;
  targetId: string;
  fieldId?: string;
}

/**
 * Each kind of thing a file can belong to decides who may upload for it and who may read
 * its files. Checked on the server against the loaded target; a caller who may not see the
 * target gets the target's own 404, so nothing about it leaks.
 */
export interface FileTarget<T extends UploadTarget = UploadTarget> {
  planUpload(auth: AuthContext, target: T): Promise<UploadPlan>;
  mayRead(auth: AuthContext, file: UploadedFileItem): Promise<boolean>;
}

/** A File field anywhere in a form's content, list item templates included. */
export function findFileField(fields: readonly FormField[], fieldId: string): FormField | null {
  for (const field of fields) {
    if (field.id === fieldId) return field.type === 'File' ? field : null;
    const inner = field.properties.template ? findFileField(field.properties.template.fields, fieldId) : null;
    if (inner) return inner;
  }
  return null;
}

const formField: FileTarget<Extract<UploadTarget, { type: 'formField' }>> = {
  /** Only the participant, while the instance is not submitted, into a File field of its version. */
  async planUpload(auth, target) {
    const instance = await findInstance(target.formInstanceId);
    if (!instance || instance.participantId !== auth.userId) throw new NotFoundError(FORM_INSTANCE_NOT_FOUND);
    if (instance.submitted) throw new BusinessRuleError(SUBMITTED_FORM_LOCKED);
    const version = await requireFormVersion(instance.formId, instance.formVersion);
    const field = findFileField(version.fields as FormField[], target.fieldId);
    if (!field) throw new ValidationError({ 'target.fieldId': ['Invalid input'] });
    return { kind: field.properties.type ?? 'Any', targetId: instance.formInstanceId, fieldId: field.id };
  },
  /** Whoever may read the form instance: the participant and those who can see them. */
  async mayRead(auth, file) {
    return maySeeParticipant(auth, file.userId);
  },
};

export const FILE_TARGETS: { [T in UploadTarget['type']]: FileTarget<Extract<UploadTarget, { type: T }>> } = {
  formField,
};

export function fileTarget(type: string): FileTarget | null {
  return Object.hasOwn(FILE_TARGETS, type) ? (FILE_TARGETS[type as UploadTarget['type']] as FileTarget) : null;
}
