import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FileUploadBox, UPLOAD_KINDS, type UploadEntry, type UploadKind } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

const SUBMITTED_AT = new Date(2024, 2, 7, 14, 5).toISOString();

interface HarnessProps {
  initialFiles?: UploadEntry[];
  initialSubmitted?: string | null;
  accept?: UploadKind;
  multiple?: boolean;
  progress?: number;
  canUnsubmit?: boolean;
  onFilesChange?: (files: UploadEntry[]) => void;
  onSubmit?: () => void;
  onUnsubmit?: () => void;
}

function Harness({ initialFiles = [], initialSubmitted = null, onFilesChange, onSubmit, onUnsubmit, ...rest }: HarnessProps) {
  const [files, setFiles] = useState<UploadEntry[]>(initialFiles);
  const [submitted, setSubmitted] = useState<string | null>(initialSubmitted);
  return (
    <FileUploadBox
      label="Ordination papers"
      files={files}
      submitted={submitted}
      onFilesChange={(next) => {
        onFilesChange?.(next);
        setFiles(next);
      }}
      onSubmit={() => {
        onSubmit?.();
        setSubmitted(SUBMITTED_AT);
      }}
      onUnsubmit={() => {
        onUnsubmit?.();
        setSubmitted(null);
      }}
      {...rest}
    />
  );
}

const pdf = () => new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' });
const png = () => new File(['png'], 'photo.png', { type: 'image/png' });
const fileInput = () => screen.getByLabelText('Ordination papers: choose files') as HTMLInputElement;

/** A drop event's dataTransfer as the browser would fill it (jsdom has no DataTransfer). */
function dropData(files: File[]) {
  return {
    dataTransfer: {
      files,
      items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
      types: ['Files'],
    },
  };
}

describe('FileUploadBox', () => {
  it('Submit is disabled while there are no files', () => {
    render(<Harness />);
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('adds browsed files to the list and enables Submit', async () => {
    const user = userEvent.setup();
    const onFilesChange = vi.fn();
    render(<Harness onFilesChange={onFilesChange} multiple />);
    await user.upload(fileInput(), [pdf(), png()]);
    await waitFor(() => expect(onFilesChange).toHaveBeenCalled());
    expect(screen.getByRole('list', { name: 'Ordination papers: files' }).textContent).toContain('letter.pdf');
    expect(screen.getByText('photo.png')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('adds dropped files', async () => {
    render(<Harness multiple />);
    fireEvent.drop(screen.getByRole('group', { name: 'Ordination papers' }), dropData([pdf()]));
    await waitFor(() => expect(screen.getByText('letter.pdf')).toBeTruthy());
  });

  it('a single-file box replaces the file', async () => {
    const user = userEvent.setup();
    render(<Harness initialFiles={[pdf()]} />);
    await user.upload(fileInput(), png());
    await waitFor(() => expect(screen.getByText('photo.png')).toBeTruthy());
    expect(screen.queryByText('letter.pdf')).toBeNull();
  });

  it('removes a file with its Remove button', async () => {
    const user = userEvent.setup();
    render(<Harness initialFiles={[pdf(), { id: 'f1', name: 'stored.docx' }]} multiple />);
    await user.click(screen.getByRole('button', { name: 'Remove letter.pdf' }));
    expect(screen.queryByText('letter.pdf')).toBeNull();
    expect(screen.getByText('stored.docx')).toBeTruthy();
  });

  it('accepts only the extensions of its upload kind', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onFilesChange = vi.fn();
    render(<Harness accept="Image" onFilesChange={onFilesChange} />);
    expect(fileInput().getAttribute('accept')).toBe('.bmp,.jpeg,.jpg,.png');
    await user.upload(fileInput(), pdf());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('letter.pdf'));
    expect(onFilesChange).not.toHaveBeenCalled();
  });

  it('after Submit it locks and shows the submitted time with Unsubmit, which unlocks', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onUnsubmit = vi.fn();
    render(<Harness initialFiles={[pdf()]} onSubmit={onSubmit} onUnsubmit={onUnsubmit} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);

    expect(screen.getByText('Submitted Mar 7, 2024, 2:05 PM')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove letter.pdf' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Browse files' })).toBeNull();
    fireEvent.drop(screen.getByRole('group', { name: 'Ordination papers' }), dropData([png()]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('photo.png')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Unsubmit' }));
    expect(onUnsubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Remove letter.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('hides Unsubmit from viewers who may not unsubmit', () => {
    render(<Harness initialFiles={[pdf()]} initialSubmitted={SUBMITTED_AT} canUnsubmit={false} />);
    expect(screen.queryByRole('button', { name: 'Unsubmit' })).toBeNull();
  });

  it('prevents the browser default for files dropped beside the box, only while mounted', () => {
    const beside = document.createElement('div');
    document.body.appendChild(beside);
    const dropBeside = () => {
      const event = new Event('drop', { bubbles: true, cancelable: true });
      act(() => {
        beside.dispatchEvent(event); // react-dropzone updates its drag state on document drops
      });
      return event.defaultPrevented;
    };
    const dropOnWindow = () => {
      const event = new Event('dragover', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(dropBeside()).toBe(false);
    const { unmount } = render(<Harness />);
    expect(dropBeside()).toBe(true);
    expect(dropOnWindow()).toBe(true);
    unmount();
    expect(dropBeside()).toBe(false);
    expect(dropOnWindow()).toBe(false);
    beside.remove();
  });

  it('shows upload progress', () => {
    render(<Harness initialFiles={[pdf()]} progress={40} />);
    const bar = screen.getByRole('progressbar', { name: 'Ordination papers: upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
  });

  it('knows the upload kinds of SPEC.md section 5', () => {
    expect(UPLOAD_KINDS).toEqual({
      Audio: ['.aif', '.mp3', '.mpa', '.wav', '.wma'],
      Document: ['.docx', '.doc', '.txt', '.pdf', '.xls', '.xlsm', '.xlsx', '.ppt', '.pptx'],
      Image: ['.bmp', '.jpeg', '.jpg', '.png'],
      Any: [],
    });
  });

  it('has no axe violations, open and submitted', async () => {
    const { container, unmount } = render(<Harness initialFiles={[pdf()]} progress={40} accept="Document" />);
    await expectNoAxeViolations(container);
    unmount();
    const submitted = render(<Harness initialFiles={[pdf()]} initialSubmitted={SUBMITTED_AT} />);
    await expectNoAxeViolations(submitted.container);
  });
});
