import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ESCALATION_DAYS_MESSAGE, REMINDER_DAYS_MESSAGE, type TrackOutline } from '@shared/schemas/track';
import { TrackEditForm } from '../../../../web/src/features/tracks/TrackEditForm';
import { CONFERENCE_ADMIN, fakeServer, renderPage } from '../admin/admin-harness';
import { expectNoAxeViolations } from '../../../support/axe';

afterEach(() => vi.unstubAllGlobals());

/** The track editor's reminder periods (issue 13), beside name and description. */
const track: TrackOutline = {
  id: 'track-1',
  name: 'Candidacy Pathway',
  description: 'From call to candidacy.',
  conference: { id: 'loc-blue-ridge', name: 'Blue Ridge Conference' },
  disabled: false,
  originTrackTemplateId: null,
  instanceCount: 3,
  copyCount: 0,
  reminderDays: 7,
  escalationDays: 7,
  version: 4,
  createdAt: '2026-11-23T12:00:00.000Z',
  phases: [],
  canEdit: true,
};

function renderForm(onSaved = vi.fn()) {
  return renderPage('/tracks/track-1', CONFERENCE_ADMIN, { path: 'tracks/:id', element: <TrackEditForm track={track} onSaved={onSaved} /> });
}

describe('TrackEditForm: reminder periods', () => {
  it("shows the track's periods, refuses one out of range with its message, and saves both on the version read", async () => {
    const user = userEvent.setup();
    const server = fakeServer({ 'PATCH /api/track/update-track-template/{trackTemplateId}': () => ({ ...track, reminderDays: 3, escalationDays: 14, version: 5 }) });
    const onSaved = vi.fn();
    renderForm(onSaved);
    const remind = screen.getByLabelText('Remind after (days)') as HTMLInputElement;
    const escalate = screen.getByLabelText('Escalate after (days)') as HTMLInputElement;
    expect([remind.value, escalate.value]).toEqual(['7', '7']);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.clear(remind);
    await user.type(remind, '91');
    await user.clear(escalate);
    expect(await screen.findByText(REMINDER_DAYS_MESSAGE)).toBeTruthy();
    expect(screen.getByText(ESCALATION_DAYS_MESSAGE)).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    await expectNoAxeViolations(document.body);

    await user.clear(remind);
    await user.type(remind, '3');
    await user.type(escalate, '14');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    await user.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].body).toEqual({ name: 'Candidacy Pathway', description: 'From call to candidacy.', reminderDays: 3, escalationDays: 14, version: 4 });
  });
});
