import { useEffect, useRef, useState } from 'react';
import { Button, ProgressBar, type UploadKind } from '../ui';
import { FileDropZone } from '../ui/FileDropZone';
import { downloadFile, formatFileSize, type FileRef, type Uploader } from '../../lib/files/upload-file';
import '../ui/FileDropZone.css';

export interface FileUploadProps {
  /** The field's name: labels the drop area, the list and the progress bars. */
  label: string;
  /** Sends each picked file (e.g. `uploaderFor(target)` from lib/files). */
  upload: Uploader;
  /** Stored files, as the form or page keeps them. */
  value: readonly FileRef[];
  onChange: (files: FileRef[]) => void;
  /** What the drop zone takes: one kind, or several (a step's attachments: documents, images, audio). */
  kind?: UploadKind | readonly UploadKind[];
  multiple?: boolean;
  /** Most files a multiple field holds: the drop zone is disabled once full. */
  maxFiles?: number;
  instructions?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Why nothing can be added while `isDisabled` ('Files are locked.' by default). */
  disabledMessage?: string;
  errorMessage?: string;
  /** Opens a stored file; the file service's signed link by default, null to offer no download (a preview). */
  download?: ((key: string) => Promise<void>) | null;
}

interface Transfer {
  id: number;
  name: string;
  fraction: number;
  error?: string;
}

let nextTransferId = 1;

/**
 * A labelled upload field for any feature: pick or drop files (keyboard: 'Browse files'),
 * each uploads at once with its own progress bar; failures stay listed with the reason
 * until dismissed. Stored files list with Download and Remove. What was stored is announced.
 */
export function FileUpload({ label, upload, value, onChange, kind = 'Any', multiple = false, maxFiles, instructions, isRequired = false, isDisabled = false, disabledMessage, errorMessage, download = downloadFile }: FileUploadProps) {
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const current = useRef(value);
  current.current = value;
  const aborts = useRef(new Set<AbortController>());
  useEffect(() => {
    const pending = aborts.current;
    return () => pending.forEach((controller) => controller.abort());
  }, []);

  const update = (id: number, change: Partial<Transfer> | null) =>
    setTransfers((all) => (change === null ? all.filter((transfer) => transfer.id !== id) : all.map((transfer) => (transfer.id === id ? { ...transfer, ...change } : transfer))));

  async function send(file: File) {
    const id = nextTransferId++;
    const controller = new AbortController();
    aborts.current.add(controller);
    setTransfers((all) => [...all, { id, name: file.name, fraction: 0 }]);
    try {
      const stored = await upload(file, (fraction) => update(id, { fraction }), controller.signal);
      update(id, null);
      onChange(multiple ? [...current.current, stored] : [stored]);
      setAnnouncement(`Uploaded ${stored.name}`);
    } catch (error) {
      if (!controller.signal.aborted) update(id, { error: (error as Error).message });
    } finally {
      aborts.current.delete(controller);
    }
  }

  const busy = transfers.some((transfer) => !transfer.error);
  const sending = transfers.filter((transfer) => !transfer.error).length;
  const full = maxFiles !== undefined && value.length + sending >= maxFiles;
  // Said as it is: locked by the caller, one file on its way, or full (a file can be removed to make room).
  const closed = isDisabled
    ? disabledMessage
    : !multiple && busy
      ? 'Uploading the file...'
      : full
        ? maxFiles === 1 || !multiple
          ? 'This upload takes one file. Remove it to choose another.'
          : `This upload takes at most ${maxFiles} files. Remove one to add another.`
        : undefined;
  return (
    <div className="ui-upload ui-field">
      <div className="ui-field-label-row">
        <span className="ui-field-label">{label}</span>
        {isRequired && <span className="ui-required">* Required</span>}
      </div>
      <FileDropZone
        label={label}
        accept={kind}
        multiple={multiple}
        instructions={instructions}
        isDisabled={isDisabled || (!multiple && busy) || full}
        disabledMessage={closed}
        onFiles={(files) => files.forEach((file) => void send(file))}
      />

      {transfers.length > 0 && (
        <ul className="ui-upload-files" aria-label={`${label}: uploads in progress`}>
          {transfers.map((transfer) => (
            <li key={transfer.id} className="ui-upload-file ui-upload-transfer">
              {transfer.error ? (
                <>
                  <span className="ui-upload-rejected" role="alert">{`${transfer.name}: ${transfer.error}`}</span>
                  <Button variant="ghost" size="small" aria-label={`Dismiss ${transfer.name}`} onPress={() => update(transfer.id, null)}>
                    Dismiss
                  </Button>
                </>
              ) : (
                <ProgressBar label={`Uploading ${transfer.name}`} value={Math.round(transfer.fraction * 100)} maxValue={100} />
              )}
            </li>
          ))}
        </ul>
      )}

      {value.length > 0 && (
        <ul className="ui-upload-files" aria-label={`${label}: files`}>
          {value.map((file) => (
            <li key={file.key} className="ui-upload-file">
              <span className="ui-upload-file-name">{file.name}</span>
              {file.size !== undefined && <span className="ui-upload-file-size">{formatFileSize(file.size)}</span>}
              <span className="ui-button-row">
                {download && (
                  <Button variant="ghost" size="small" aria-label={`Download ${file.name}`} onPress={() => void download(file.key)}>
                    Download
                  </Button>
                )}
                {!isDisabled && (
                  <Button variant="ghost" size="small" aria-label={`Remove ${file.name}`} onPress={() => onChange(value.filter((kept) => kept.key !== file.key))}>
                    Remove
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {errorMessage && <p className="ui-field-error">{errorMessage}</p>}
      <span className="ui-visually-hidden" role="status">
        {announcement}
      </span>
    </div>
  );
}
