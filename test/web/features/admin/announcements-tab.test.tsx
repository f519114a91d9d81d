import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, pageOfRows, renderAdmin, type Handlers, type Viewer } from './admin-harness';

const blueRidge = { id: 'loc-blue-ridge', name: 'Blue Ridge Conference' };
const live = { id: 'a-live', title: 'Spring interviews', message: 'Interviews in April', conference: blueRidge, startsAt: '2025-02-03T15:00:00.000Z', endsAt: null, status: 'Active', version: 3 };
/** Written before announcements had titles: read with none. */
const later = { id: 'a-later', title: '', message: 'Retreat soon', conference: null, startsAt: '2099-01-01T15:00:00.000Z', endsAt: '2099-01-02T15:00:00.000Z', status: 'Scheduled', version: 1 };

afterEach(() => vi.unstubAllGlobals());

function open(path: string, extra: Handlers = {}, viewer?: Viewer) {
  const user = userEvent.setup();
  const server = fakeServer({
    'GET /api/announcement/quickSearch': () => pageOfRows([live, later]),
    'GET /api/announcement/a-live': () => live,
    'GET /api/user/user-conferences/false': () => [blueRidge],
    ...extra,
  });
  renderAdmin(path, viewer);
  return { user, server };
}

describe('Announcements tab', () => {
  it('lists title, description, audience, schedule and status', async () => {
    open('/admin/announcements');
    const table = await screen.findByRole('table', { name: 'Announcements' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(expect.arrayContaining(['Title', 'Description']));
    const row = within(table).getByText('Interviews in April').closest('tr')!;
    expect(within(row).getByText('Spring interviews')).toBeTruthy();
    expect(within(row).getByText('Blue Ridge Conference')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText(/^From /)).toBeTruthy();
    const other = within(table).getByText('Retreat soon').closest('tr')!;
    expect(within(other).getByText('Everyone')).toBeTruthy();
    expect(within(other).getByText('Scheduled')).toBeTruthy();
    expect(within(other).getByText(/ to /)).toBeTruthy();
  });

  it('says so when there are none', async () => {
    open('/admin/announcements', { 'GET /api/announcement/quickSearch': () => pageOfRows([]) });
    expect(await screen.findByText('No announcements yet.')).toBeTruthy();
  });

  it('adds one for a conference admin’s conference (Everyone is not offered), at its own URL', async () => {
    const { user, server } = open(
      '/admin/announcements',
      { 'POST /api/announcement': (request) => ({ status: 201, body: { ...live, id: 'a-new', ...(request.body as object) } }) },
      CONFERENCE_ADMIN,
    );
    await user.click(await screen.findByRole('button', { name: 'Add Announcement' }));
    expect(screen.getByTestId('path').textContent).toBe('/admin/announcements/new');
    const dialog = await screen.findByRole('dialog', { name: 'Add Announcement' });
    expect(within(dialog).queryByRole('radio', { name: 'Everyone' })).toBeNull();
    expect((within(dialog).getByRole('radio', { name: 'Blue Ridge Conference' }) as HTMLInputElement).checked).toBe(true);
    // SPEC.md section 5: both missing, then either.
    const save = () => user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    const description = within(dialog).getByRole('textbox', { name: /Description/ });
    await save();
    expect(await within(dialog).findByText('Please enter a title and description.')).toBeTruthy();
    await user.type(title, 'Transcripts');
    await save();
    expect(await within(dialog).findByText('Please enter a description.')).toBeTruthy();
    expect(within(dialog).queryByText('Please enter a title and description.')).toBeNull();
    await user.clear(title);
    await user.type(description, 'Bring your transcripts');
    await save();
    expect(await within(dialog).findByText('Please enter a title.')).toBeTruthy();
    expect(within(dialog).queryByText('Please enter a description.')).toBeNull();
    expect(server.to('/api/announcement', 'POST')).toHaveLength(0);
    await user.type(title, 'Transcripts');
    await save();
    await waitFor(() => expect(server.to('/api/announcement', 'POST')).toHaveLength(1));
    const sent = server.to('/api/announcement', 'POST')[0].body as Record<string, unknown>;
    expect(sent).toMatchObject({ title: 'Transcripts', message: 'Bring your transcripts', conferenceId: blueRidge.id, endsAt: null });
    expect(typeof sent.startsAt).toBe('string');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/admin/announcements'));
    expect(await screen.findByText('The announcement was added.')).toBeTruthy();
  });

  it('a superadmin may address everyone', async () => {
    const { user } = open('/admin/announcements');
    await user.click(await screen.findByRole('button', { name: 'Add Announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Announcement' });
    expect((within(dialog).getByRole('radio', { name: 'Everyone' }) as HTMLInputElement).checked).toBe(true);
  });

  it('edits from its URL with the version read afresh, and shows a stale save’s message', async () => {
    const { user, server } = open('/admin/announcements/a-live/edit', {
      'PATCH /api/announcement/a-live': () => ({ status: 409, body: { message: 'This item was changed by someone else. Reload and try again.' } }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Announcement' });
    const message = await within(dialog).findByRole('textbox', { name: /Description/ });
    expect((message as HTMLTextAreaElement).value).toBe('Interviews in April');
    expect((within(dialog).getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('Spring interviews');
    await user.clear(message);
    await user.type(message, 'Interviews in May');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.to('/api/announcement/a-live', 'PATCH')).toHaveLength(1));
    expect(server.to('/api/announcement/a-live', 'PATCH')[0].body).toMatchObject({ title: 'Spring interviews', message: 'Interviews in May', conferenceId: blueRidge.id, version: 3 });
    expect(await within(dialog).findByText(/changed by someone else/)).toBeTruthy();
  });

  it('deletes from the row menu after confirming, on the version read', async () => {
    const { user, server } = open('/admin/announcements', { 'DELETE /api/announcement/a-live': () => ({ status: 204 }) });
    const table = await screen.findByRole('table', { name: 'Announcements' });
    await user.click(within(table).getByRole('button', { name: /Actions for the announcement Spring interviews/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(screen.getByTestId('path').textContent).toBe('/admin/announcements/a-live/delete');
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
    expect(await within(dialog).findByText('Are you sure you want to delete the announcement "Spring interviews"?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.to('/api/announcement/a-live', 'DELETE')).toHaveLength(1));
    expect(server.to('/api/announcement/a-live', 'DELETE')[0].query.get('version')).toBe('3');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/admin/announcements'));
  });

  it('Publish Message sends a message to a district and follows the job that walks its people', async () => {
    const district = { id: 'd1', name: 'Foothills District', parentId: 'loc-blue-ridge', parentName: 'Blue Ridge Conference', active: true, kind: 'District' };
    const { user, server } = open(
      '/admin/announcements',
      {
        'GET /api/conference/quickSearch': () => pageOfRows([]),
        'GET /api/district/quickSearch': () => pageOfRows([district]),
        'GET /api/role/quickSearch': () => pageOfRows([]),
        'POST /api/notification/publish': () => ({ status: 202, body: { jobId: 'job-9' } }),
        'GET /api/job/job-9': () => ({
          id: 'job-9', kind: 'notification.publish', title: 'Sending "Retreat" to Foothills District', status: 'succeeded', done: 5, total: 5,
          createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z',
        }),
      },
      CONFERENCE_ADMIN,
    );
    await user.click(await screen.findByRole('button', { name: 'Publish Message' }));
    expect(screen.getByTestId('path').textContent).toBe('/admin/announcements/publish');
    const dialog = await screen.findByRole('dialog', { name: 'Publish Message' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Location is required')).toBeTruthy();
    expect(within(dialog).getByText('Message is required.')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Location/ }));
    await user.keyboard('Foot');
    await user.click(await screen.findByRole('option', { name: /Foothills District/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Retreat');
    await user.type(within(dialog).getByRole('textbox', { name: /Link/ }), 'https://elsewhere.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('A link is a page of this site, starting with /.')).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox', { name: /Link/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Link/ }), '/tracks');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.to('/api/notification/publish', 'POST')).toHaveLength(1));
    expect(server.to('/api/notification/publish', 'POST')[0].body).toEqual({ message: 'Retreat', locationId: 'd1', link: '/tracks' });
    expect(await screen.findByText('Sending "Retreat" to Foothills District: done.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/admin/announcements'));
  });

  it('an announcement from before titles is named by its description, and its edit asks for a title', async () => {
    const { user, server } = open('/admin/announcements/a-later/edit', { 'GET /api/announcement/a-later': () => later });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Announcement' });
    expect((await within(dialog).findByRole('textbox', { name: /Description/ }) as HTMLTextAreaElement).value).toBe('Retreat soon');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a title.')).toBeTruthy();
    expect(server.to('/api/announcement/a-later', 'PATCH')).toHaveLength(0);
  });

  it('the tab and the dialog have no axe violations', async () => {
    const { user } = open('/admin/announcements');
    const table = await screen.findByRole('table', { name: 'Announcements' });
    await within(table).findByText('Retreat soon');
    await expectNoAxeViolations(screen.getByRole('main'));
    await user.click(screen.getByRole('button', { name: 'Add Announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Announcement' });
    await within(dialog).findByRole('textbox', { name: /Description/ });
    await expectNoAxeViolations(dialog);
  });
});
