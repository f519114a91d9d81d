import type { FormField } from '../../../shared/forms/form-definition';
import { type UploadTarget } from '../../../shared/api/file';
import { FILE_IN_SAVED_ANSWERS } from '../../../shared/files/stored-files';
import { ifVersion } from '../../db/versioned';
import { db } from '../../db/service';
import { BusinessRuleError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { mayEditProfile } from '../people/profile-details';
import { canSeeTarget, loadTargetUser } from '../users/target-user';
import { FORM_INSTANCE_NOT_FOUND, SUBMITTED_FORM_LOCKED, findInstance, maySeeParticipant } from '../step-work/form-instances';
import { requireFormVersion } from '../forms/form-store';
import type { FileTarget } from './file-target';
import { ATTACHMENT_TYPE_REFUSED, attachmentKindOf } from '../../../shared/files/upload-kinds';
import { requirePhase } from '../tracks/phase-editor';
import { mayReadStepAttachments } from '../tracks/step-attachment-readers';
import { fileInUse } from './file-release';
import { uploadContent } from './upload-content-target';

export const AVATAR_IN_USE = 'This image is the current avatar.';

export const FILE_ATTACHED = 'This file is attached to a step: remove it from the step and save first.';

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
  /** Not while the instance's saved answers reference it (a submitted form is locked anyway). */
  async releaseForDeletion(file) {
    const instance = await findInstance(file.targetId);
    if (!instance) return null;
    if (((instance.fieldFiles as string[] | undefined) ?? []).includes(file.fileKey)) throw new BusinessRuleError(instance.submitted ? SUBMITTED_FORM_LOCKED : FILE_IN_SAVED_ANSWERS);
    const key = { trackInstanceId: instance.trackInstanceId, formInstanceId: instance.formInstanceId };
    return (tx) => tx.formInstance.check(key).where(ifVersion(instance.version)).commit();
  },
};

const avatar: FileTarget<Extract<UploadTarget, { type: 'avatar' }>> = {
  /** One's own, or a user the caller may update where they are (as the details card); an image. */
  async planUpload(auth, target) {
    const user = await loadTargetUser(target.userId);
    if (!canSeeTarget(auth, user)) throw new NotFoundError('User not found.');
    if (!mayEditProfile(auth, user)) throw new ForbiddenError();
    return { kind: 'Image', targetId: target.userId };
  },
  /** Whoever sees the user. */
  async mayRead(auth, file) {
    return canSeeTarget(auth, await loadTargetUser(file.targetId));
  },
  /** Not while it is the user's avatar; the check keeps a concurrent "set avatar" from naming it. */
  async releaseForDeletion(file) {
    const { data: user } = await db().entities.user.get({ userId: file.targetId }).go();
    if (!user) return null;
    if (user.avatar?.key === file.fileKey) throw new BusinessRuleError(AVATAR_IN_USE);
    return (tx) => tx.user.check({ userId: user.userId }).where(ifVersion(user.version)).commit();
  },
};

const stepAttachment: FileTarget<Extract<UploadTarget, { type: 'stepAttachment' }>> = {
  /** Those who may edit the phase's track (as editing its steps); any document, image or audio file. */
  async planUpload(auth, target, name) {
    const { phase } = await requirePhase(auth, target.phaseId, 'update');
    const kind = attachmentKindOf(name);
    if (!kind) throw new ValidationError({ name: [ATTACHMENT_TYPE_REFUSED] }, ATTACHMENT_TYPE_REFUSED);
    return { kind, targetId: phase.phaseId };
  },
  /** Those who read the track the phase belongs to (copies elsewhere are read through their step's route). */
  async mayRead(auth, file) {
    const { data } = await db().entities.phaseTemplate.query.byId({ phaseId: file.targetId }).go({ limit: 1 });
    return Boolean(data[0]) && mayReadStepAttachments(auth, data[0].trackTemplateId);
  },
  /** Not while a step lists it; attaching moves the record's version on, so the delete's own condition guards. */
  async releaseForDeletion(file) {
    if ((await fileInUse(file.fileKey)).inUse) throw new BusinessRuleError(FILE_ATTACHED);
    return null;
  },
};

export const FILE_TARGETS: { [T in UploadTarget['type']]: FileTarget<Extract<UploadTarget, { type: T }>> } = {
  formField,
  avatar,
  stepAttachment,
  uploadContent,
};

export function fileTarget(type: string): FileTarget | null {
  return Object.hasOwn(FILE_TARGETS, type) ? (FILE_TARGETS[type as UploadTarget['type']] as FileTarget) : null;
}
