import { useMemo } from 'react';
import { STEP_ATTACHMENTS_MAX } from '@shared/api/limits';
import { ATTACHMENT_KINDS } from '@shared/files/upload-kinds';
import { FileUpload } from '../../../components/files/FileUpload';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { downloadFile, removeFile, uploaderFor, type FileRef, type Uploader } from '../../../lib/files/upload-file';

export interface StepAttachmentsProps {
  phaseId: string;
  /** The saved step (none while creating): its files download through the step's own route. */
  stepId?: string;
  savedKeys: readonly string[];
  value: readonly FileRef[];
  onChange: (files: FileRef[]) => void;
  /** An imported step's files are shown, never changed. */
  isDisabled?: boolean;
  errorMessage?: string;
  /** The upload (the file service for the phase by default; tests pass their own). */
  upload?: Uploader;
  /** Deletes an upload removed before it was saved with the step (the file service's delete by default). */
  discard?: (key: string) => Promise<void>;
}

/**
 * A step's Attachments (SPEC.md sections 2 and 3): any document, image or audio file, each
 * uploaded at once for the step's phase with its progress, listed with its size, Download and
 * Remove. They are attached, or dropped, when the step is saved.
 */
export function StepAttachments({ phaseId, stepId, savedKeys, value, onChange, isDisabled, errorMessage, upload, discard = removeFile }: StepAttachmentsProps) {
  const uploader = useMemo(() => upload ?? uploaderFor({ type: 'stepAttachment', phaseId }), [upload, phaseId]);
  // Saved files through the step (its readers, copies too); one uploaded since through the file service (its uploader).
  const download = async (key: string) => {
    if (!stepId || !savedKeys.includes(key)) return downloadFile(key);
    const { url } = await call(routes.step.attachment, { params: { stepTemplateId: stepId, key } });
    window.location.assign(url);
  };
  // A file removed before the step was saved is nobody's: it goes now (a saved one goes when the step is saved without it).
  const change = (files: FileRef[]) => {
    const kept = new Set(files.map((file) => file.key));
    for (const file of value) if (!kept.has(file.key) && !savedKeys.includes(file.key)) void discard(file.key).catch(() => undefined);
    onChange(files);
  };
  return (
    <FileUpload
      label="Attachments"
      upload={uploader}
      value={value}
      onChange={change}
      kind={ATTACHMENT_KINDS}
      multiple
      maxFiles={STEP_ATTACHMENTS_MAX}
      instructions={`Up to ${STEP_ATTACHMENTS_MAX} files participants can download from the step.`}
      isDisabled={isDisabled}
      errorMessage={errorMessage}
      download={download}
    />
  );
}
