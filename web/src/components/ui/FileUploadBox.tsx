import { ProgressBar } from './ProgressBar';
import { Button } from './Button';
import { formatDateTime } from './date';
import { FileDropZone } from './FileDropZone';
import type { UploadKind } from './uploadKinds';
import './FileUploadBox.css';

/** A file already stored on the server, listed next to files just picked. */
export interface StoredFile {
  id: string;
  name: string;
  url?: string;
}

export type UploadEntry = File | StoredFile;

export interface FileUploadBoxProps {
  /** Names the drop area and the browse button, e.g. the upload's name. */
  label: string;
  files: readonly UploadEntry[];
  onFilesChange: (files: UploadEntry[]) => void;
  /** ISO time of submission, or null while not submitted. */
  submitted: string | null;
  onSubmit: () => void;
  onUnsubmit: () => void;
  accept?: UploadKind;
  multiple?: boolean;
  /** 0..100 while uploading. */
  progress?: number;
  instructions?: string;
  /** Unsubmit needs a permission some viewers lack (SPEC.md section 2, form runner). */
  canUnsubmit?: boolean;
  isPending?: boolean;
  isDisabled?: boolean;
}

const entryKey = (entry: UploadEntry, index: number) => (entry instanceof File ? `new-${index}-${entry.name}` : `stored-${entry.id}`);

/**
 * Drag-and-drop or browse for files, listed with Remove buttons. Submit locks the box
 * (no adding or removing) and shows 'Submitted {time}' with Unsubmit, which unlocks it.
 */
export function FileUploadBox({
  label,
  files,
  onFilesChange,
  submitted,
  onSubmit,
  onUnsubmit,
  accept = 'Any',
  multiple = false,
  progress,
  instructions,
  canUnsubmit = true,
  isPending,
  isDisabled,
}: FileUploadBoxProps) {
  const isLocked = submitted !== null || Boolean(isDisabled);

  return (
    <div className="ui-upload">
      <FileDropZone
        label={label}
        accept={accept}
        multiple={multiple}
        instructions={instructions}
        isDisabled={isLocked}
        onFiles={(picked) => onFilesChange(multiple ? [...files, ...picked] : picked)}
      />

      {files.length > 0 && (
        <ul className="ui-upload-files" aria-label={`${label}: files`}>
          {files.map((file, index) => (
            <li key={entryKey(file, index)} className="ui-upload-file">
              <span className="ui-upload-file-name">{file.name}</span>
              {!isLocked && (
                <Button
                  variant="ghost"
                  size="small"
                  aria-label={`Remove ${file.name}`}
                  onPress={() => onFilesChange(files.filter((_, position) => position !== index))}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      {progress !== undefined && (
        <ProgressBar label={`${label}: upload progress`} showLabel={false} value={progress} maxValue={100} />
      )}

      <div className="ui-upload-status">
        {submitted === null ? (
          <Button onPress={onSubmit} isDisabled={files.length === 0 || isDisabled} isPending={isPending}>
            Submit
          </Button>
        ) : (
          <>
            <p className="ui-upload-submitted">Submitted {formatDateTime(submitted)}</p>
            {canUnsubmit && (
              <Button variant="secondary" onPress={onUnsubmit} isDisabled={isDisabled} isPending={isPending}>
                Unsubmit
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
