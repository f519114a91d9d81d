import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadEntryView } from '../../../../shared/schemas/read-log';
import { NO_READS, READ_LOG_REFUSED, ReadLogPanel } from '../../../../web/src/features/read-log/ReadLogPanel';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, renderPage, type Handlers } from '../admin/admin-harness';

afterEach(() => vi.unstubAllGlobals());

const LOG = 'GET /api/audit/read-log/u-priya';
const entryId = (n: number) => `01JF${String(n).padStart(22, '0')}`;

function read(n: number, overrides: Partial<ReadEntryView> = {}): ReadEntryView {
  return { id: entryId(n), at: `2026-11-${String(10 + n).padStart(2, '0')}T14:05:00.000Z`, readerId: 'u-carmen', readerName: 'Carmen Delgado', kind: 'stepContent', objectId: `c-${n}`, label: 'Transcript', route: 'step.stepInstance', screen: 'step-page', ...overrides };
}

function renderLog(handlers: Handlers) {
  const server = fakeServer(handlers);
  const view = renderPage('/access-log', CONFERENCE_ADMIN, { path: 'access-log', element: <ReadLogPanel userId="u-priya" /> });
  return { server, view };
}

const titles = () => within(screen.getByRole('list', { name: 'Reads' })).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('ReadLogPanel', () => {
  it('lists who read what, when and through which screen, newest first', async () => {
    const { view } = renderLog({
      [LOG]: () => ({ data: [read(3, { kind: 'file', label: undefined, screen: undefined, route: 'file.download' }), read(2, { kind: 'form', label: 'Candidate Background Questionnaire', screen: 'form-view', readerName: 'Sam Okafor' }), read(1)], cursor: null }),
    });
    await screen.findByRole('list', { name: 'Reads' });
    expect(titles()).toEqual(['Uploaded file', 'Form: Candidate Background Questionnaire', 'Private step content: Transcript']);
    const [file, form] = within(screen.getByRole('list', { name: 'Reads' })).getAllByRole('listitem');
    expect(within(file).getByText('file.download')).toBeTruthy();
    expect(within(form).getByText('Read by Sam Okafor')).toBeTruthy();
    expect(within(form).getByText('Form')).toBeTruthy();
    expect(form.querySelector('time')?.getAttribute('dateTime')).toBe(read(2).at);
    expect(screen.getByRole('heading', { level: 2, name: 'Who has read confidential documents' })).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('says so when nobody has read anything', async () => {
    const { view } = renderLog({ [LOG]: () => ({ data: [], cursor: null }) });
    expect(await screen.findByText(NO_READS)).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('reads a refusal as such', async () => {
    renderLog({ [LOG]: () => ({ status: 403, body: { message: 'Forbidden' } }) });
    expect(await screen.findByText(READ_LOG_REFUSED)).toBeTruthy();
  });

  it('loads older pages from the cursor', async () => {
    const user = userEvent.setup();
    const { server } = renderLog({
      [LOG]: (request) => (request.query.get('cursor') === entryId(9) ? { data: [read(8, { label: 'Older' })], cursor: null } : { data: [read(10), read(9)], cursor: entryId(9) }),
    });
    await screen.findByRole('list', { name: 'Reads' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Private step content: Older')).toBeTruthy();
    expect(server.to('/api/audit/read-log/u-priya').at(-1)!.query.get('cursor')).toBe(entryId(9));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
