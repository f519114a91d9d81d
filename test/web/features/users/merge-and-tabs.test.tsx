import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MERGE_SAME_USER } from '../../../../shared/api/user-merge';
import { ToastProvider } from '../../../../web/src/components/ui/Toast';
import { MergeUsersDialog } from '../../../../web/src/features/users/merge/MergeUsersDialog';
import { AssignmentsTab } from '../../../../web/src/features/users/tabs/AssignmentsTab';
import { FormsTab } from '../../../../web/src/features/users/tabs/FormsTab';
import { expectNoAxeViolations } from '../../../support/axe';
import { fakeServer } from '../../../support/fake-server';

afterEach(() => vi.unstubAllGlobals());

const base = { roles: [], createdAt: '2026-03-04T12:00:00.000Z', updatedAt: '2026-03-04T12:00:00.000Z', inactive: false, registered: true };
const robert = { ...base, id: 'u2', firstName: 'Robert', middleName: 'J', lastName: 'Smyth', email: 'robert@example.org' };
const bob = { ...base, id: 'u3', firstName: 'Bob', lastName: 'Smyth', email: 'bob@example.org' };
const person = (user: typeof bob) => ({ id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email });

function wrap(children: ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter>
        <ToastProvider>{children}</ToastProvider>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('Merge Users', () => {
  it("searches people for a merge (the server's limit 100), refuses the same user, asks which differing names to keep, then merges", async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/user/people-search': (request) => [person(request.query.get('text') === 'bob' ? bob : robert)],
      'GET /api/user/get-user/u3': () => bob,
      'GET /api/user/get-user/u2': () => robert,
      'PATCH /api/user/user-profile/merge': () => ({ status: 202, body: { jobId: 'merge-u2' } }),
      'GET /api/job/merge-u2': () => ({ id: 'merge-u2', kind: 'user.merge', title: 'Merging', status: 'running', done: 1, total: 11, createdAt: base.createdAt, updatedAt: base.createdAt }),
    });
    const onMerged = vi.fn();
    const view = wrap(<MergeUsersDialog user={robert} onClose={() => undefined} onMerged={onMerged} />);
    const dialog = await screen.findByRole('dialog', { name: 'Merge Users' });

    await user.type(within(dialog).getByRole('combobox', { name: /Merge into/ }), 'rob');
    await user.click(await screen.findByRole('option', { name: /Robert Smyth/ }));
    expect(await within(dialog).findByText(MERGE_SAME_USER)).toBeTruthy();
    expect(server.to('/api/user/people-search')[0].query.get('purpose')).toBe('merge');

    const into = within(dialog).getByRole('combobox', { name: /Merge into/ });
    await user.clear(into);
    await user.type(into, 'bob');
    await user.click(await screen.findByRole('option', { name: /Bob Smyth/ }));
    // First and middle names differ; the last names agree and are not asked about.
    const first = await within(dialog).findByRole('radiogroup', { name: /First Name to keep/ });
    expect(within(dialog).getByRole('radiogroup', { name: /Middle Name to keep/ })).toBeTruthy();
    expect(within(dialog).queryByRole('radiogroup', { name: /Last Name to keep/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    expect(server.to('/api/user/user-profile/merge')).toHaveLength(0);

    await user.click(within(first).getByRole('radio', { name: 'Robert' }));
    await user.click(within(within(dialog).getByRole('radiogroup', { name: /Middle Name to keep/ })).getByRole('radio', { name: '(no middle name)' }));
    await expectNoAxeViolations(view.container);
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await vi.waitFor(() => expect(onMerged).toHaveBeenCalledWith('u2'));
    expect(server.to('/api/user/user-profile/merge')[0].body).toEqual({ fromUserId: 'u2', toUserId: 'u3', firstName: 'Robert', lastName: 'Smyth' });
  });
});

describe('profile tabs', () => {
  it('User Assignments lists participants with links, track and role; empty says so', async () => {
    fakeServer({
      'GET /api/user/u3/assigned-users': () => ({
        data: [{ trackInstanceId: 'ti1', trackTemplateId: 't1', participantId: 'p1', firstName: 'Priya', lastName: 'Raman', email: 'priya@example.org', trackName: 'Candidacy Pathway', roleName: 'Advisor' }],
        count: 1,
      }),
      'GET /api/user/u4/assigned-users': () => ({ data: [], count: 0 }),
    });
    wrap(<AssignmentsTab userId="u3" />);
    const table = await screen.findByRole('grid', { name: 'User Assignments' }).catch(() => screen.findByRole('table', { name: 'User Assignments' }));
    expect((await within(table).findByRole('link', { name: 'Priya Raman' })).getAttribute('href')).toBe('/users/p1');
    expect(within(table).getByText('Candidacy Pathway')).toBeTruthy();
    wrap(<AssignmentsTab userId="u4" />);
    expect(await screen.findByText('No assignments yet.')).toBeTruthy();
  });

  it("Forms shows title (link to the step unless its template is inactive), track, step, phase and the submitted date or 'Not Submitted', paged on the server", async () => {
    const summary = { trackName: 'Candidacy Pathway', phaseName: 'Formation', stepName: 'Questionnaire', stepInactive: false };
    const server = fakeServer({
      'GET /api/form/forms/u3': () => ({
        data: [
          { ...summary, id: 'fi1', stepInstanceId: 's1', title: 'Background', submitted: true, submittedAt: '2026-02-03T10:00:00.000Z' },
          { ...summary, id: 'fi2', stepInstanceId: 's2', title: 'Reference', submitted: false },
          { ...summary, id: 'fi3', stepInstanceId: 's3', title: 'Retired form', submitted: false, stepInactive: true },
        ],
        count: 3,
      }),
    });
    const view = wrap(<FormsTab userId="u3" />);
    expect((await screen.findByRole('link', { name: 'Background' })).getAttribute('href')).toBe('/step/s1');
    expect(screen.getAllByText('Not Submitted')).toHaveLength(2);
    expect(screen.getByText('Retired form')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Retired form' })).toBeNull();
    expect(server.to('/api/form/forms/u3')[0].query.get('limit')).toBe('10');
    await expectNoAxeViolations(view.container);
  });
});
