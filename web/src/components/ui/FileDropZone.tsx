import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { Button } from './Button';
import { isAcceptedFileName, UPLOAD_KINDS, type UploadKind } from './uploadKinds';
import { usePreventWindowDrop } from './usePreventWindowDrop';
import './FileDropZone.css';

export interface FileDropZoneProps {
  /** Names the drop area and the browse button, e.g. the upload's name. */
  label: string;
  /** One kind, or several (a file of any of them is taken). */
  accept?: UploadKind | readonly UploadKind[];
  multiple?: boolean;
  instructions?: string;
  isDisabled?: boolean;
  /** What the drop area says while disabled: why no file can be added now. */
  disabledMessage?: string;
  /** Files of the accepted kind, dropped or chosen. */
  onFiles: (files: File[]) => void;
}

/**
 * The drop area every upload uses (SPEC.md section 2, shared widgets): drag and drop (the
 * browser's own drop handling is blocked while it is shown) or 'Browse files', a button, so
 * it works from the keyboard. Files of another kind are named in an alert and left out.
 */
export function FileDropZone({ label, accept = 'Any', multiple = false, instructions, isDisabled = false, disabledMessage = 'Files are locked.', onFiles }: FileDropZoneProps) {
  usePreventWindowDrop();
  const [rejected, setRejected] = useState<string[]>([]);
  const kinds: readonly UploadKind[] = typeof accept === 'string' ? [accept] : accept;
  const extensions: readonly string[] = kinds.includes('Any') ? [] : kinds.flatMap((kind) => UPLOAD_KINDS[kind]);

  function handleDrop(accepted: File[], rejections: FileRejection[]) {
    setRejected(rejections.map((rejection) => rejection.file.name));
    if (accepted.length > 0) onFiles(multiple ? accepted : accepted.slice(0, 1));
  }

  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    onDrop: handleDrop,
    multiple,
    disabled: isDisabled,
    noClick: true,
    noKeyboard: true,
    validator: (file) => (kinds.some((kind) => isAcceptedFileName(file.name, kind)) ? null : { code: 'file-invalid-type', message: `${file.name} is not an accepted file type.` }),
  });

  return (
    <>
      <div {...getRootProps({ className: 'ui-upload-drop', role: 'group', 'aria-label': label, 'data-drag-active': isDragActive || undefined, 'data-disabled': isDisabled || undefined })}>
        <input {...getInputProps({ accept: extensions.length > 0 ? extensions.join(',') : undefined })} aria-label={`${label}: choose files`} />
        <p>{isDisabled ? disabledMessage : 'Drag and drop files here, or'}</p>
        {!isDisabled && (
          <Button variant="secondary" size="small" onPress={open}>
            Browse files
          </Button>
        )}
        {extensions.length > 0 && <p className="ui-upload-hint">Accepted: {extensions.join(' ')}</p>}
        {instructions && <p className="ui-upload-hint">{instructions}</p>}
      </div>
      {rejected.length > 0 && (
        <p className="ui-upload-rejected" role="alert">
          Not accepted: {rejected.join(', ')}
        </p>
      )}
    </>
  );
}
