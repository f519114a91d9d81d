import { useRef } from 'react';
import { STEP_UPLOAD_FILES_MAX } from '@shared/schemas/step-instance';
import { Button, formatDateTime } from '../../components/ui';
import { FileUpload } from '../../components/files/FileUpload';
import { call } from '../../lib/api/client';
import { routes } from '../../lib/api/routes';
import { uploadFile, type FileRef, type Uploader } from '../../lib/files/upload-file';
import type { ContentView, StepView } from './step-api';

type UploadView = NonNullable<ContentView['upload']>;

interface StepUploadBoxProps {
  content: ContentView;
  upload: UploadView;
  onChanged: (page: StepView) => void;
  onError: (message: string | null) => void;
}

/**
 * A step's upload content (SPEC.md section 2): drop or pick files (each uploads through the
 * file service with its progress bar, then is added to the content), remove them before
 * submitting, Submit (disabled with no files) locks it and shows the time with Unsubmit.
 * Changes go one at a time on the content's latest version, so two uploads never race.
 */
export function StepUploadBox({ content, upload, onChanged, onError }: StepUploadBoxProps) {
  const version = useRef(content.version);
  version.current = content.version;
  const files = useRef(upload.files);
  files.current = upload.files;
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const change = (body: Record<string, unknown>): Promise<void> => {
    const run = queue.current.then(async () => {
      const page = await call(routes.step.changeContent, { params: { id: content.id }, body: { instanceType: 'Upload', version: version.current, ...body } as never });
      version.current = page.contents.find((c) => c.id === content.id)?.version ?? version.current;
      onChanged(page);
    });
    queue.current = run.catch(() => undefined);
    return run;
  };
  const report = (promise: Promise<void>) => {
    onError(null);
    promise.catch((error: Error) => onError(error.message));
  };

  // Uploaded, then added: a refusal of either stays on the file's row with its reason.
  const uploader: Uploader = async (file, onProgress, signal) => {
    const stored = await uploadFile({ type: 'uploadContent', contentInstanceId: content.id }, file, onProgress, signal);
    await change({ addFiles: [{ key: stored.key }] });
    return { key: stored.key, name: stored.name };
  };
  // The list only ever loses files here (added ones arrive with the page).
  const onFilesChange = (next: FileRef[]) => {
    for (const gone of files.current.filter((f) => !next.some((kept) => kept.key === f.key))) report(change({ removeFileId: gone.id }));
  };

  const submitted = upload.submitted;
  return (
    <div className="ui-upload">
      <FileUpload
        label={upload.name}
        upload={uploader}
        value={upload.files.map((f) => ({ key: f.key, name: f.name }))}
        onChange={onFilesChange}
        kind={upload.type}
        multiple={upload.multiple}
        maxFiles={upload.multiple ? STEP_UPLOAD_FILES_MAX : 1}
        instructions={upload.instructions}
        isDisabled={!content.canChange || submitted}
        disabledMessage={submitted && content.canChange ? 'Files are locked while submitted.' : undefined}
      />
      {content.canChange && (
        <div className="ui-upload-status">
          {submitted ? (
            <>
              <p className="ui-upload-submitted">Submitted {formatDateTime(upload.submittedAt ?? '')}</p>
              <Button variant="secondary" onPress={() => report(change({ submitted: false }))}>
                Unsubmit
              </Button>
            </>
          ) : (
            <Button onPress={() => report(change({ submitted: true }))} isDisabled={upload.files.length === 0}>
              Submit
            </Button>
          )}
        </div>
      )}
      {!content.canChange && submitted && <p className="ui-upload-submitted">Submitted {formatDateTime(upload.submittedAt ?? '')}</p>}
    </div>
  );
}
