import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { TABLE_EXPORT_EXPIRED } from '../../../shared/schemas/table-export';
import { ToastProvider } from '../../../web/src/components/ui/Toast';
import { ParticipantsExport } from '../../../web/src/features/tracks/participants/ParticipantsExport';
import { DashboardExport } from '../../../web/src/features/dashboard/DashboardExport';
import { expectNoAxeViolations } from '../../support/axe';
import { fakeServer } from '../../support/fake-server';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function wrap(children: ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter>
        <ToastProvider>{children}</ToastProvider>
      </MemoryRouter>
    </SWRConfig>,
  );
}

/** A blob's bytes as UTF-8 text, byte-order mark kept (jsdom's Blob has no text(); readAsText drops the mark). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer).toString('utf8'));
    reader.readAsArrayBuffer(blob);
  });

/** Records the files the page saves (an object URL clicked with a download name). */
function catchDownloads() {
  const saved: Array<{ name: string; type: string; text: Promise<string> }> = [];
  const blobs = new Map<string, Blob>();
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob) => (blobs.set('blob:1', blob), 'blob:1');
  URL.revokeObjectURL = () => undefined;
  onTestFinished(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '')!;
    saved.push({ name: this.download, type: blob.type, text: textOf(blob) });
  });
  return saved;
}

const csv = '\ufeff"Status","First Name"\r\n"Open","Ann"\r\n';
const fileAnswer = { kind: 'file', fileName: 'participants-t1.csv', contentType: 'text/csv; charset=utf-8', base64: btoa(unescape(encodeURIComponent(csv))), rows: 1 };

const job = (status: 'running' | 'succeeded' | 'failed') => ({
  id: 'table-export-1',
  kind: 'table.export',
  title: 'Exporting participants',
  status,
  done: status === 'running' ? 250 : 1507,
  total: status === 'running' ? 500 : 1507,
  ...(status === 'succeeded' ? { result: { fileName: 'participants-t1.xlsx', rows: 1507, bytes: 90_000, truncated: false, expiresAt: '2026-03-11T12:00:00.000Z' } } : {}),
  ...(status === 'failed' ? { error: 'You may no longer export this table.' } : {}),
  createdAt: '2026-03-04T12:00:00.000Z',
  updatedAt: '2026-03-04T12:00:00.000Z',
});

describe('the Export menu', () => {
  it('downloads a small export at once, by keyboard, with the filters on screen', async () => {
    const user = userEvent.setup();
    const saved = catchDownloads();
    const server = fakeServer({ 'POST /api/track/t1/instances/export': () => fileAnswer });
    const view = wrap(<ParticipantsExport trackId="t1" where={{ lastName: 'ab' }} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export participants' }));
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Download CSV' }));
    expect(await screen.findByText('Downloaded participants-t1.csv (1 row).')).toBeTruthy();
    expect(server.to('/api/track/t1/instances/export', 'POST')[0].body).toEqual({ format: 'csv', where: { lastName: 'ab' } });
    expect(saved.map((file) => [file.name, file.type])).toEqual([['participants-t1.csv', 'text/csv; charset=utf-8']]);
    expect(await saved[0].text).toBe(csv);
    await expectNoAxeViolations(view.container);
  });

  it('follows a large export as a job, then downloads it through its link; an expired one says so', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let polls = 0;
    let expired = false;
    const server = fakeServer({
      'POST /api/track/t1/instances/export': () => ({ status: 202, body: { kind: 'job', jobId: 'table-export-1' } }),
      'GET /api/job/table-export-1': () => job(++polls > 1 ? 'succeeded' : 'running'),
      'GET /api/job/table-export-1/table-export': () =>
        expired ? { status: 404, body: { message: TABLE_EXPORT_EXPIRED } } : { url: 'https://uploads.example.org/exports/tables/export.xlsx?X-Amz-Expires=900', name: 'participants-t1.xlsx' },
    });
    const view = wrap(<ParticipantsExport trackId="t1" where={undefined} />);
    await user.click(screen.getByRole('button', { name: 'Export participants' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download XLSX (Excel)' }));
    const download = await screen.findByRole('button', { name: 'Download participants-t1.xlsx (1507 rows)' }, { timeout: 5000 });
    await expectNoAxeViolations(view.container);
    expect(server.to('/api/job/table-export-1/table-export')).toHaveLength(0);
    await user.click(download);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://uploads.example.org/exports/tables/export.xlsx?X-Amz-Expires=900'));
    expired = true;
    await user.click(download);
    expect((await screen.findByRole('alert')).textContent).toContain(TABLE_EXPORT_EXPIRED);
  });

  it("shows the server's message when an export is refused, and the dashboard's figures export from its own route", async () => {
    const user = userEvent.setup();
    const saved = catchDownloads();
    fakeServer({
      'GET /api/conference/dashboard/{scopeId}/export': (request) =>
        request.path.includes('loc-far') ? { status: 403, body: { message: 'Forbidden' } } : { ...fileAnswer, fileName: 'dashboard-blue-ridge.xlsx', contentType: 'application/octet-stream', rows: 12 },
    });
    const view = wrap(<DashboardExport scopeId="loc-far" />);
    await user.click(screen.getByRole('button', { name: 'Export dashboard figures' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Forbidden');
    expect(saved).toEqual([]);
    await expectNoAxeViolations(view.container);
    view.unmount();
    wrap(<DashboardExport scopeId="loc-near" />);
    await user.click(screen.getByRole('button', { name: 'Export dashboard figures' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download XLSX (Excel)' }));
    expect(await screen.findByText('Downloaded dashboard-blue-ridge.xlsx (12 rows).')).toBeTruthy();
    expect(saved.map((file) => file.name)).toEqual(['dashboard-blue-ridge.xlsx']);
  });
});
