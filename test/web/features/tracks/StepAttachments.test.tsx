import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StepAttachments } from '../../../../web/src/features/tracks/steps/StepAttachments';
import type { FileRef, Uploader } from '../../../../web/src/lib/files/upload-file';
import { expectNoAxeViolations } from '../../../support/axe';

/** An upload the test finishes by hand: progress first, then stored. */
function controlledUploader() {
  const calls: Array<{ file: File; progress: (fraction: number) => void; resolve: (ref: FileRef) => void }> = [];
  const upload: Uploader = (file, progress) => new Promise((resolve) => calls.push({ file, progress, resolve }));
  return { upload, calls };
}

function Harness({ upload, initial = [], isDisabled = false, errorMessage, discard = async () => undefined }: { upload: Uploader; initial?: FileRef[]; isDisabled?: boolean; errorMessage?: string; discard?: (key: string) => Promise<void> }) {
  const [files, setFiles] = useState<FileRef[]>(initial);
  return <StepAttachments phaseId="p1" stepId="s1" savedKeys={initial.map((file) => file.key)} value={files} onChange={setFiles} isDisabled={isDisabled} errorMessage={errorMessage} upload={upload} discard={discard} />;
}

const handout = { key: 'k0', name: 'handout.pdf', size: 2048 };

describe('StepAttachments', () => {
  it('uploads documents, images and audio with progress, lists each with its size, and removes one by keyboard', async () => {
    const user = userEvent.setup();
    const { upload, calls } = controlledUploader();
    const discard = vi.fn(async () => undefined);
    const { container } = render(<Harness upload={upload} initial={[handout]} discard={discard} />);
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    const input = screen.getByLabelText('Attachments: choose files') as HTMLInputElement;
    expect(input.accept).toContain('.pdf');
    expect(input.accept).toContain('.png');
    expect(input.accept).toContain('.mp3');

    await user.upload(input, new File(['ID3'], 'song.mp3', { type: 'audio/mpeg' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0].progress(0.4);
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Uploading song.mp3' }).getAttribute('aria-valuenow')).toBe('40'));
    await expectNoAxeViolations(container);
    calls[0].resolve({ key: 'k1', name: 'song.mp3', size: 3 * 1024 * 1024 });
    await waitFor(() => expect(screen.getByText('3.0 MB')).toBeTruthy());
    expect(screen.queryByRole('progressbar')).toBeNull();

    const remove = screen.getByRole('button', { name: 'Remove handout.pdf' });
    remove.focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByText('handout.pdf')).toBeNull();
    expect(screen.getByText('song.mp3')).toBeTruthy();
    // The saved file goes when the step is saved; an upload removed before saving is deleted at once.
    expect(discard).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove song.mp3' }));
    expect(discard).toHaveBeenCalledWith('k1');
  });

  it("shows the server's message; an imported step's files are read-only but still download", async () => {
    const { upload } = controlledUploader();
    const { container } = render(<Harness upload={upload} initial={[handout]} isDisabled errorMessage="Invalid input" />);
    expect(screen.getByText('Invalid input')).toBeTruthy();
    expect(screen.getByText('Files are locked.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove handout.pdf' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Browse files' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download handout.pdf' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});
