import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FileUpload } from '../../../web/src/components/files/FileUpload';
import type { FileRef, Uploader } from '../../../web/src/lib/files/upload-file';
import { expectNoAxeViolations } from '../../support/axe';

/** An upload the test finishes by hand: progress first, then stored or refused. */
function controlledUploader() {
  const calls: Array<{ file: File; progress: (fraction: number) => void; resolve: (ref: FileRef) => void; reject: (error: Error) => void }> = [];
  const upload: Uploader = (file, progress) => new Promise((resolve, reject) => calls.push({ file, progress, resolve, reject }));
  return { upload, calls };
}

function Harness({ upload, multiple = false, initial = [], onChange, download }: { upload: Uploader; multiple?: boolean; initial?: FileRef[]; onChange?: (files: FileRef[]) => void; download?: (key: string) => Promise<void> }) {
  const [files, setFiles] = useState<FileRef[]>(initial);
  return (
    <FileUpload
      label="Reference letter"
      kind="Document"
      multiple={multiple}
      isRequired
      instructions="A signed letter."
      upload={upload}
      value={files}
      download={download}
      onChange={(next) => {
        onChange?.(next);
        setFiles(next);
      }}
    />
  );
}

const pdf = (name = 'letter.pdf') => new File(['%PDF'], name, { type: 'application/pdf' });
const input = () => screen.getByLabelText('Reference letter: choose files') as HTMLInputElement;

describe('FileUpload', () => {
  it('uploads a picked file with a progress bar, then lists it and announces it', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { upload, calls } = controlledUploader();
    const onChange = vi.fn();
    const { container } = render(<Harness upload={upload} onChange={onChange} />);
    expect(screen.getByText('* Required')).toBeTruthy();
    await user.upload(input(), pdf());
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0].progress(0.5);
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Uploading letter.pdf' }).getAttribute('aria-valuenow')).toBe('50'));
    await expectNoAxeViolations(container);
    calls[0].resolve({ key: 'k1', name: 'letter.pdf' });
    await waitFor(() => expect(screen.getByRole('list', { name: 'Reference letter: files' }).textContent).toContain('letter.pdf'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Uploaded letter.pdf');
    expect(onChange).toHaveBeenLastCalledWith([{ key: 'k1', name: 'letter.pdf' }]);
    await expectNoAxeViolations(container);
  });

  it('shows a refused upload’s reason until dismissed, and keeps what was stored', async () => {
    const user = userEvent.setup();
    const { upload, calls } = controlledUploader();
    render(<Harness upload={upload} initial={[{ key: 'k0', name: 'old.pdf' }]} multiple />);
    await user.upload(input(), pdf('huge.pdf'));
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0].reject(new Error('Files of this kind may be at most 25 MB.'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('huge.pdf: Files of this kind may be at most 25 MB.'));
    expect(screen.getByText('old.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dismiss huge.pdf' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a multiple field adds; a single one replaces; Remove and Download work from the keyboard', async () => {
    const user = userEvent.setup();
    const { upload, calls } = controlledUploader();
    const download = vi.fn(async () => undefined);
    render(<Harness upload={upload} initial={[{ key: 'k0', name: 'old.pdf' }]} download={download} />);
    await user.upload(input(), pdf('new.pdf'));
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0].resolve({ key: 'k1', name: 'new.pdf' });
    await waitFor(() => expect(screen.getByText('new.pdf')).toBeTruthy());
    expect(screen.queryByText('old.pdf')).toBeNull();

    // Tab through: Browse files, Download, Remove.
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Browse files');
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Download new.pdf');
    await user.keyboard('{Enter}');
    expect(download).toHaveBeenCalledWith('k1');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.queryByText('new.pdf')).toBeNull();
  });

  it('refuses files of another kind before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { upload, calls } = controlledUploader();
    render(<Harness upload={upload} />);
    await user.upload(input(), new File(['x'], 'song.mp3', { type: 'audio/mpeg' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('song.mp3'));
    expect(calls).toHaveLength(0);
  });
});
