import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import StepPage from '../../../../web/src/features/steps/StepPage';
import { expectNoAxeViolations } from '../../../support/axe';
import { BucketRequest } from '../../../support/bucket-request';
import { fakeServer, renderPage, type SentRequest } from '../admin/admin-harness';

const PATH = '/api/step/step-instance/s1';
const CHANGE = '/api/step/instance/content/c1';
const stored = { key: '01jtranscript0000000000000', name: 'transcript.pdf', kind: 'Document', contentType: 'application/pdf', size: 8, status: 'pending', createdAt: '2026-01-02T10:00:00.000Z' };
const upload = { name: 'Transcript', multiple: false, type: 'Document', instructions: 'A PDF or Word document.', submitted: false, files: [] as Array<{ id: string; key: string; name: string }> };
const content = { id: 'c1', contentTemplateId: 'ct1', version: 1, type: 'Upload', name: 'Transcript', roleName: 'Participant', isPrivate: false, hidden: false, canChange: true, done: false, upload };
const step = {
  id: 's1', version: 1, status: 'Ready', stepTemplateId: 't1', trackInstanceId: 'ti1', trackTemplateId: 'tt1', trackName: 'Candidacy Pathway', name: 'Upload your transcript',
  description: '<p>Upload it.</p>', attachments: [], canChangeStatus: false, contentDone: false, contents: [content], actions: [],
};
const withFiles = (version: number, files: typeof upload.files, extra: Record<string, unknown> = {}) => ({ ...step, version, contents: [{ ...content, version, upload: { ...upload, files, ...extra } }] });
const listed = [{ id: 'f1', key: stored.key, name: 'transcript.pdf' }];
const render = () => renderPage('/step/s1', { role: 'Participant' }, { path: 'step/:id', element: <StepPage /> });

beforeEach(() => {
  BucketRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', BucketRequest);
});
afterEach(() => vi.unstubAllGlobals());

describe('the step page upload box', () => {
  it('uploads a picked file with progress, adds it on the version read, and removes it', async () => {
    const user = userEvent.setup();
    let current: unknown = step;
    const server = fakeServer({
      [`GET ${PATH}`]: () => current,
      'POST /api/file/upload': () => ({ status: 201, body: { file: stored, upload: { url: 'https://bucket.test/', fields: { key: stored.key } }, maxBytes: 5_000_000 } }),
      'POST /api/file/files/{key}/confirm': () => ({ ...stored, status: 'confirmed' }),
      [`PATCH ${CHANGE}`]: (request: SentRequest) => {
        const body = request.body as { addFiles?: unknown; removeFileId?: string };
        if (body.addFiles) current = withFiles(2, listed);
        else if (body.removeFileId) current = withFiles(3, []);
        return current;
      },
    });
    const { container } = render();
    const submit = await screen.findByRole('button', { name: 'Submit' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('A PDF or Word document.')).toBeTruthy();
    await expectNoAxeViolations(container);

    await user.upload(screen.getByLabelText('Transcript: choose files'), new File(['%PDF-1.4'], 'transcript.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(BucketRequest.sent).toHaveLength(1));
    expect(server.to('/api/file/upload')[0].body).toEqual({ target: { type: 'uploadContent', contentInstanceId: 'c1' }, name: 'transcript.pdf', size: 8 });
    act(() => BucketRequest.sent[0].progress(4, 8));
    expect(screen.getByRole('progressbar', { name: 'Uploading transcript.pdf' }).getAttribute('aria-valuenow')).toBe('50');
    act(() => BucketRequest.sent[0].finish());
    const files = await screen.findByRole('list', { name: 'Transcript: files' });
    expect(within(files).getByText('transcript.pdf')).toBeTruthy();
    expect((server.to(CHANGE, 'PATCH') as SentRequest[])[0].body).toEqual({ instanceType: 'Upload', version: 1, addFiles: [{ key: stored.key }] });
    // One file, not submitted: not locked, full; the drop area says so (once the step's new version is read).
    expect(await screen.findByText('This upload takes one file. Remove it to choose another.')).toBeTruthy();
    expect(screen.queryByText('Files are locked.')).toBeNull();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Remove transcript.pdf' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Transcript: files' })).toBeNull());
    expect((server.to(CHANGE, 'PATCH') as SentRequest[])[1].body).toEqual({ instanceType: 'Upload', version: 2, removeFileId: 'f1' });
  });

  it('submits with the keyboard, shows the time with Unsubmit, and locks the files', async () => {
    const user = userEvent.setup();
    let current: unknown = withFiles(4, listed);
    const server = fakeServer({
      [`GET ${PATH}`]: () => current,
      [`PATCH ${CHANGE}`]: () => (current = withFiles(5, listed, { submitted: true, submittedAt: '2026-01-02T11:00:00.000Z' })),
    });
    const { container } = render();
    const submit = await screen.findByRole('button', { name: 'Submit' });
    submit.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/^Submitted /)).toBeTruthy();
    expect((server.to(CHANGE, 'PATCH') as SentRequest[])[0].body).toEqual({ instanceType: 'Upload', version: 4, submitted: true });
    expect(screen.getByRole('button', { name: 'Unsubmit' })).toBeTruthy();
    expect(screen.getByText('Files are locked while submitted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove transcript.pdf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download transcript.pdf' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('shows a refused add on the file’s row, and offers no upload to those not responsible', async () => {
    const user = userEvent.setup();
    fakeServer({
      [`GET ${PATH}`]: () => step,
      'POST /api/file/upload': () => ({ status: 201, body: { file: stored, upload: { url: 'https://bucket.test/', fields: { key: stored.key } }, maxBytes: 5_000_000 } }),
      'POST /api/file/files/{key}/confirm': () => ({ ...stored, status: 'confirmed' }),
      [`PATCH ${CHANGE}`]: () => ({ status: 409, body: { message: 'This item was changed by someone else. Reload it and try again.' } }),
    });
    render();
    await user.upload(await screen.findByLabelText('Transcript: choose files'), new File(['%PDF-1.4'], 'transcript.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(BucketRequest.sent).toHaveLength(1));
    act(() => BucketRequest.sent[0].finish());
    expect(await screen.findByText('transcript.pdf: This item was changed by someone else. Reload it and try again.')).toBeTruthy();
  });

  it('lets someone else only watch the upload', async () => {
    fakeServer({ [`GET ${PATH}`]: () => ({ ...step, contents: [{ ...content, canChange: false, roleName: 'Participant' }] }) });
    render();
    expect(await screen.findByText('Currently in progress by Participant')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByText('Files are locked.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Browse files' })).toBeNull();
  });
});
