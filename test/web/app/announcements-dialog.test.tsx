import { render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AnnouncementsDialog from '../../../web/src/app/AnnouncementsDialog';
import { fakeServer } from '../../support/fake-server';
import { expectNoAxeViolations } from '../../support/axe';

afterEach(() => vi.unstubAllGlobals());

/** The shell's announcements dialog (SPEC.md section 2): each announcement's title and message. */
describe('AnnouncementsDialog', () => {
  it('lists each announcement with its title over its message; one from before titles shows its message alone', async () => {
    fakeServer({
      'GET /api/announcement/announcements': () => [
        { id: 'a1', title: 'Spring interviews', message: 'Interviews take place in April.' },
        { id: 'a2', title: '', message: 'The office is closed until January 5.' },
      ],
    });
    render(
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
        <AnnouncementsDialog />
      </SWRConfig>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Announcements' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Spring interviewsInterviews take place in April.', 'The office is closed until January 5.']);
    expect(within(items[0]).getByText('Spring interviews').tagName).toBe('STRONG');
    await expectNoAxeViolations(dialog);
  });
});
