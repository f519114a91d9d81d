import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer, pageOfRows, renderAdmin, type SentRequest } from './admin-harness';
import { timeZoneOptions } from '../../../../web/src/features/admin/locations/ConferenceMessagingFields';

/** The conference's edit dialog sets its messaging time zone and SMS quiet hours (docs/notifications.md). */
const rows = [{ id: 'x', kind: 'Conference', name: 'Blue Ridge Conference', active: true, parentId: 'a', parentName: 'Piedmont Area' }];
const conference = (overrides: Record<string, unknown> = {}) => ({
  id: 'x', kind: 'Conference', name: 'Blue Ridge Conference', active: true, version: 5, parent: { id: 'a', kind: 'EpiscopalArea', name: 'Piedmont Area' },
  ancestorIds: ['j', 'a', 'x'], createdAt: '2024-01-01T00:00:00Z', timeZone: 'America/New_York', quietHoursStart: '21:00', quietHoursEnd: '08:00', ...overrides,
});
const last = (requests: SentRequest[]) => requests[requests.length - 1];

afterEach(() => vi.unstubAllGlobals());

async function openEdit(patch: () => unknown) {
  const user = userEvent.setup();
  const server = fakeServer({
    'GET /api/conference/quickSearch': () => pageOfRows(rows),
    'GET /api/conference/x': () => conference(),
    'PATCH /api/conference/x': patch,
  });
  renderAdmin('/admin/conferences');
  await user.click(await screen.findByRole('button', { name: 'Actions for Blue Ridge Conference' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Conference' });
  await within(dialog).findByRole('combobox', { name: /Time zone/ });
  return { user, server, dialog };
}

describe("a conference's messaging settings", () => {
  it('shows the time zone and quiet hours, picks another zone by typing, and saves all on the version read', async () => {
    const { user, server, dialog } = await openEdit(() => conference({ version: 6, timeZone: 'America/Chicago', quietHoursStart: '22:30' }));
    const zone = within(dialog).getByRole('combobox', { name: /Time zone/ }) as HTMLInputElement;
    expect(zone.value).toBe('America/New York');
    const start = within(dialog).getByRole('group', { name: /SMS quiet hours start/ });
    expect(within(start).getAllByRole('spinbutton').map((part) => part.textContent)).toEqual(['09', '00', 'PM']);

    await user.clear(zone);
    await user.type(zone, 'chicago');
    await user.click(await screen.findByRole('option', { name: 'America/Chicago' }));
    await user.click(within(start).getAllByRole('spinbutton')[0]); // the hour
    await user.keyboard('1030p');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Conference Blue Ridge Conference was saved.')).toBeTruthy();
    expect(last(server.to('/api/conference/x', 'PATCH')).body).toEqual({
      name: 'Blue Ridge Conference', version: 5, timeZone: 'America/Chicago', quietHoursStart: '22:30', quietHoursEnd: '08:00',
    });
  });

  it('a zone cleared is refused before sending; a server field message shows under its field', async () => {
    const { user, server, dialog } = await openEdit(() => ({ status: 400, body: { message: 'Invalid input', fieldErrors: { quietHoursEnd: ['Enter a time like 21:00.'] } } }));
    const zone = within(dialog).getByRole('combobox', { name: /Time zone/ });
    await user.clear(zone);
    await user.tab();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a time zone from the list.')).toBeTruthy();
    expect(server.to('/api/conference/x', 'PATCH')).toHaveLength(0);

    await user.type(zone, 'new york');
    await user.click(await screen.findByRole('option', { name: 'America/New York' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a time like 21:00.')).toBeTruthy();
    expect(server.to('/api/conference/x', 'PATCH')).toHaveLength(1);
  });

  it('has no axe violations', async () => {
    const { dialog } = await openEdit(() => conference());
    await expectNoAxeViolations(dialog);
  });

  it('the zone list matches every typed word, spaces for underscores', async () => {
    expect((await timeZoneOptions('new york')).map((option) => option.id)).toEqual(['America/New_York']);
    expect((await timeZoneOptions('america chi')).map((option) => option.label)).toContain('America/Chicago');
    expect(await timeZoneOptions('nowhere at all')).toEqual([]);
    expect((await timeZoneOptions('')).length).toBe(50);
  });
});
