import { createContext, useContext } from 'react';
import { sanitizeFileName } from '@shared/files/upload-kinds';
import { downloadFile, uploaderFor, type Uploader } from '../../lib/files/upload-file';

/** How a runner's File fields store files: per field, and how a stored one opens. */
export interface RunnerFiles {
  uploaderFor: (fieldId: string) => Uploader;
  download: ((key: string) => Promise<void>) | null;
}

let previewSerial = 0;

/**
 * A preview saves nothing, so its File fields upload nothing either: a picked file is only
 * named in the answers (as the server would name it), so required File fields can be tried.
 */
export const PREVIEW_FILES: RunnerFiles = {
  uploaderFor: () => async (file, onProgress) => {
    onProgress(1);
    previewSerial += 1;
    return { key: `preview-${previewSerial}`, name: sanitizeFileName(file.name) };
  },
  download: null,
};

/** A form instance's File fields: uploads through the file service for that instance and field. */
export function formInstanceFiles(formInstanceId: string): RunnerFiles {
  return { uploaderFor: (fieldId) => uploaderFor({ type: 'formField', formInstanceId, fieldId }), download: downloadFile };
}

export const RunnerFilesContext = createContext<RunnerFiles>(PREVIEW_FILES);
export const useRunnerFiles = () => useContext(RunnerFilesContext);
