import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_STEP_HELP, IMPORT_COLUMNS, IMPORT_MAX_BYTES, importFileMessages, type ImportPreview } from '../../../../shared/imports/csv-import';
import { NOT_CSV } from '../../../../web/src/features/admin/imports/import-file';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, CONFERENCE_ADMIN_PERMISSION, fakeServer, renderAdmin, type Handlers } from './admin-harness';

afterEach(() => vi.unstubAllGlobals());

const PREVIEW = 'POST /api/conference/{id}/import/preview';
const START = 'POST /api/conference/{id}/import/{importId}';
const asConferenceAdmin = (handlers: Handlers) => fakeServer({ 'GET /api/user/user-permissions': () => [CONFERENCE_ADMIN_PERMISSION], ...handlers });
const csvFile = (text: string, name = 'people.csv') => new File([text], name, { type: 'text/csv' });
const input = () => screen.getByLabelText('CSV file: choose files') as HTMLInputElement;

const checked: ImportPreview = {
  importId: 'imp-1',
  kind: 'people',
  rows: [
    { line: 2, label: 'Ada Lovelace <ada@example.org>', status: 'ready', messages: [] },
    { line: 3, label: 'Nora Nowhere <nora@example.org>', status: 'problem', messages: ['No active district or church named "Atlantis District" in Blue Ridge Conference.'] },
    { line: 4, label: 'Pat Present <participant@example.org>', status: 'unchanged', messages: ['Already exists: unchanged (an import adds people, it never changes someone already here).'] },
  ],
  summary: { rows: 3, ready: 1, unchanged: 1, problems: 1 },
};

describe('the Import tab', () => {
  it('checks a file, shows every row with its messages and the summary, imports the ready rows with invitations, and shows the result', async () => {
    const user = userEvent.setup();
    let jobReads = 0;
    const server = asConferenceAdmin({
      [PREVIEW]: () => checked,
      [START]: () => ({ status: 202, body: { jobId: 'job-imp' } }),
      'GET /api/job/{id}': () => {
        jobReads += 1;
        const done = jobReads >= 2;
        return { id: 'job-imp', kind: 'csv.import', title: 'Importing 1 person into Blue Ridge Conference', status: done ? 'succeeded' : 'running', done: done ? 1 : 0, total: 1, result: done ? { imported: 1, unchanged: 0, failed: [], moreFailed: 0 } : undefined, createdAt: '2026-12-07T09:00:00.000Z', updatedAt: '2026-12-07T09:00:00.000Z' };
      },
    });
    const view = renderAdmin('/admin/import', CONFERENCE_ADMIN);
    expect(await screen.findByRole('radio', { name: 'People' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the people template' }).getAttribute('download')).toBe('people-template.csv');
    await expectNoAxeViolations(view.container);

    const text = `${IMPORT_COLUMNS.people.join(',')}\r\nAda,Lovelace,ada@example.org,,,\r\n`;
    await user.upload(input(), csvFile(text));
    expect(await screen.findByText('1 row ready, 1 with problems, 1 already there (unchanged).')).toBeTruthy();
    expect(server.to('/api/conference/loc-blue-ridge/import/preview')[0]!.body).toEqual({ kind: 'people', csv: text });
    expect(screen.getByText('No active district or church named "Atlantis District" in Blue Ridge Conference.')).toBeTruthy();
    // Problems first.
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual(['Nora Nowhere <nora@example.org>', 'Pat Present <participant@example.org>', 'Ada Lovelace <ada@example.org>']);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('people.csv'));
    await expectNoAxeViolations(view.container);

    await user.click(screen.getByRole('checkbox', { name: /Send invitations/ }));
    await user.click(screen.getByRole('button', { name: 'Import 1 row' }));
    expect(server.to('/api/conference/loc-blue-ridge/import/imp-1')[0]!.body).toEqual({ sendInvitations: true });
    expect(await screen.findByText('Imported 1 people. 0 already there (unchanged). 0 not imported.', {}, { timeout: 5000 })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Import into Blue Ridge Conference' }));
    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(screen.getByRole('radio', { name: 'People' })).toBeTruthy();
  });

  it('refuses a file that is not .csv or over the limit without sending it, and shows the server’s message for wrong columns', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const server = asConferenceAdmin({ [PREVIEW]: () => ({ status: 400, body: { message: importFileMessages.columns('enrolments'), fieldErrors: { csv: [importFileMessages.columns('enrolments')] } } }) });
    renderAdmin('/admin/import', CONFERENCE_ADMIN);
    await user.click(await screen.findByRole('radio', { name: 'Enrolments' }));
    expect(screen.getByText(IMPORT_COLUMNS.enrolments.join(', '))).toBeTruthy();
    // What Current step does: steps before it Completed, quietly.
    expect(screen.getByText(IMPORT_COLUMNS.enrolments.join(', ')).closest('p')?.textContent).toContain(CURRENT_STEP_HELP);

    await user.upload(input(), csvFile('x', 'people.xlsx'));
    expect(await screen.findByText(`people.xlsx: ${NOT_CSV}`)).toBeTruthy();
    const huge = csvFile('');
    Object.defineProperty(huge, 'size', { value: 50 * 1024 * 1024 });
    const read = vi.spyOn(FileReader.prototype, 'readAsText');
    await user.upload(input(), huge);
    expect(await screen.findByText(`people.csv: ${importFileMessages.tooLarge}`)).toBeTruthy();
    expect(read).not.toHaveBeenCalled();
    expect(IMPORT_MAX_BYTES).toBeLessThan(1024 * 1024);
    expect(server.to('/api/conference/loc-blue-ridge/import/preview')).toHaveLength(0);

    await user.upload(input(), csvFile('Name,Mail\r\nA,b\r\n', 'wrong.csv'));
    expect(await screen.findByText(`wrong.csv: ${importFileMessages.columns('enrolments')}`)).toBeTruthy();
    expect(server.to('/api/conference/loc-blue-ridge/import/preview')[0]!.body).toMatchObject({ kind: 'enrolments' });
  });

  it('disables Import when no row is ready', async () => {
    const user = userEvent.setup();
    asConferenceAdmin({ [PREVIEW]: () => ({ ...checked, importId: undefined, rows: checked.rows.slice(1), summary: { rows: 2, ready: 0, unchanged: 1, problems: 1 } }) });
    renderAdmin('/admin/import', CONFERENCE_ADMIN);
    await screen.findByRole('radio', { name: 'People' });
    await user.upload(input(), csvFile('a'));
    expect(await screen.findByText('0 rows ready, 1 with problems, 1 already there (unchanged).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import 0 rows' }).hasAttribute('disabled') || screen.getByRole('button', { name: 'Import 0 rows' }).getAttribute('aria-disabled') === 'true').toBe(true);
  });
});
